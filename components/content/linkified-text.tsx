import { linkify, truncateParts } from "@/lib/content/linkify";

/**
 * User text rendered as text (never as HTML), with web links made clickable. `max` cuts the visible
 * text (the 500-character description preview); `more` is shown after a cut. Text between links is
 * plain text (no wrapping element): a list of posts then sends a third fewer elements per description.
 */
export function LinkifiedText({ text, max, more }: { text: string; max?: number; more?: React.ReactNode }) {
  const all = linkify(text);
  const { parts, truncated } = max ? truncateParts(all, max) : { parts: all, truncated: false };
  return (
    <>
      {parts.map((p, i) =>
        p.type === "link" ? (
          <a key={i} href={p.href} target="_blank" rel="noopener noreferrer nofollow" className="user-link">
            {p.text}
          </a>
        ) : (
          p.text
        ),
      )}
      {truncated && <>... {more}</>}
    </>
  );
}

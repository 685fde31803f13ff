import { AppLink } from "@/components/ui/app-link";
import { linkify, truncateParts } from "@/lib/content/linkify";

/**
 * Text people wrote (post descriptions, comments, save-the-date entries) as text, never as markup: web
 * addresses (isWebUrl) become links that open in a new tab; cut at `max` visible characters with a
 * 'Read more' link to `moreHref`.
 */
export function UserText({ text, max, moreHref }: { text: string; max?: number; moreHref?: string }) {
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
      {truncated && "..."}
      {truncated && moreHref && (
        <>
          {" "}
          <AppLink href={moreHref} className="font-medium text-brand-600 hover:underline">
            Read more
          </AppLink>
        </>
      )}
    </>
  );
}

import { isWebUrl } from "@/lib/url";

/** Text split into plain runs and web links (http, https, www.). Only targets isWebUrl accepts become links. */
export type TextPart = { type: "text"; text: string } | { type: "link"; text: string; href: string };

const URL_RE = /\b(?:https?:\/\/|www\.)[^\s<>"'`]+/gi;
const TRAILING = /[.,;:!?'")\]}]+$/;

export function linkify(text: string): TextPart[] {
  const parts: TextPart[] = [];
  let last = 0;
  for (const m of text.matchAll(URL_RE)) {
    let raw = m[0];
    // Sentence punctuation after a link is not part of it (keep a closing paren that has its opener).
    const trail = TRAILING.exec(raw)?.[0] ?? "";
    if (trail) raw = raw.slice(0, raw.length - trail.length);
    if (!raw || /^www\.$/i.test(raw)) continue;
    const href = /^www\./i.test(raw) ? `https://${raw}` : raw;
    if (!isWebUrl(href)) continue;
    const start = m.index ?? 0;
    if (start > last) parts.push({ type: "text", text: text.slice(last, start) });
    parts.push({ type: "link", text: raw, href });
    last = start + raw.length;
  }
  if (last < text.length) parts.push({ type: "text", text: text.slice(last) });
  return parts;
}

/**
 * Keeps the first `max` visible characters of linkified text (the 500-character description preview).
 * A link cut in the middle keeps its whole target. `truncated` says whether anything was dropped.
 */
export function truncateParts(parts: TextPart[], max: number): { parts: TextPart[]; truncated: boolean } {
  const out: TextPart[] = [];
  let left = max;
  for (const p of parts) {
    const chars = Array.from(p.text);
    if (chars.length <= left) {
      out.push(p);
      left -= chars.length;
      continue;
    }
    if (left > 0) out.push({ ...p, text: chars.slice(0, left).join("") });
    return { parts: out, truncated: true };
  }
  return { parts: out, truncated: false };
}

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
 * Where the first `max` code points of `text` end, as an index into the string, or -1 when the text has no
 * more than `max`; `count` is how many code points were counted (all of them when -1). Counts without
 * splitting the text into an array (a post's preview is cut from its whole description on every page).
 */
function cutAfter(text: string, max: number): { index: number; count: number } {
  let i = 0;
  let count = 0;
  while (i < text.length) {
    if (count === max) return { index: i, count };
    const unit = text.charCodeAt(i);
    i += unit >= 0xd800 && unit <= 0xdbff && i + 1 < text.length ? 2 : 1;
    count++;
  }
  return { index: -1, count };
}

/**
 * Keeps the first `max` visible characters of linkified text (the 500-character description preview).
 * A link cut in the middle keeps its whole target. `truncated` says whether anything was dropped.
 */
export function truncateParts(parts: TextPart[], max: number): { parts: TextPart[]; truncated: boolean } {
  const out: TextPart[] = [];
  let left = max;
  for (const p of parts) {
    const { index, count } = cutAfter(p.text, left);
    if (index < 0) {
      out.push(p);
      left -= count;
      continue;
    }
    if (index > 0) out.push({ ...p, text: p.text.slice(0, index) });
    return { parts: out, truncated: true };
  }
  return { parts: out, truncated: false };
}

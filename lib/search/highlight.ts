/**
 * Highlighting without HTML: ts_headline marks each matched word with two control characters that a
 * cleaned query can never contain (cleanQuery in lib/search/schemas.ts strips them), and splitHighlight turns the
 * marked text into segments that React renders as text and <mark>. Nothing is ever parsed as markup.
 */

export const HIT_START = "\u0001";
export const HIT_STOP = "\u0002";

/** ts_headline options: the markers, and for snippets a passage of about 10 to 24 words. */
export const HEADLINE_TITLE = `StartSel=${HIT_START}, StopSel=${HIT_STOP}, HighlightAll=true`;
export const HEADLINE_SNIPPET = `StartSel=${HIT_START}, StopSel=${HIT_STOP}, MaxWords=24, MinWords=10, ShortWord=2, MaxFragments=1`;

export type Segment = { text: string; hit?: true };

/**
 * Marked text to segments: text between a start and a stop marker is a hit. A marker without its pair
 * (text that contained one) is dropped; the characters around it stay plain text.
 */
export function splitHighlight(marked: string): Segment[] {
  const out: Segment[] = [];
  let hit = false;
  let buf = "";
  const flush = () => {
    if (!buf) return;
    const prev = out[out.length - 1];
    if (prev && !!prev.hit === hit) prev.text += buf;
    else out.push(hit ? { text: buf, hit: true } : { text: buf });
    buf = "";
  };
  for (const ch of marked) {
    if (ch === HIT_START) {
      flush();
      hit = true;
    } else if (ch === HIT_STOP) {
      flush();
      hit = false;
    } else {
      buf += ch;
    }
  }
  flush();
  return out;
}

/** Plain segments of a text (no hits), e.g. a title that matched only through a comment. */
export function plainSegments(text: string): Segment[] {
  return text ? [{ text }] : [];
}

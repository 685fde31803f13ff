"use client";

const ROW =
  '<li><a href="/bench-page" title="Bench Page: Dealership Operations and Training Material" class="nav-row"><svg class="icon" aria-hidden="true"><use href="/icons.svg#home"></use></svg><span aria-hidden="true">Bench Page: Dealership…</span></a></li>';
const ROW_BYTES = new TextEncoder().encode(ROW).length;
/** The bytes around the rows: <div><ul></ul></div>. */
const FRAME_BYTES = 20;
const blocks = new Map<number, string>();

/** At most this much (the shell page it stands in for is about 40 KB). */
const MAX_MARKUP_BYTES = 200_000;

/** About `bytes` of sidebar-like markup (0 to MAX_MARKUP_BYTES), built once per size. */
function blockOf(requested: number): string {
  const bytes = Number.isFinite(requested) ? Math.min(Math.max(Math.floor(requested), 0), MAX_MARKUP_BYTES) : 0;
  let html = blocks.get(bytes);
  if (html === undefined) {
    html = `<ul>${ROW.repeat(Math.max(0, Math.floor((bytes - FRAME_BYTES) / ROW_BYTES)))}</ul>`;
    if (blocks.size < 16) blocks.set(bytes, html);
  }
  return html;
}

/** Markup given as one string from a client component, as the shell's sidebar is (bench only). */
export function MarkupBlock({ bytes }: { bytes: number }) {
  return <div dangerouslySetInnerHTML={{ __html: blockOf(bytes) }} />;
}

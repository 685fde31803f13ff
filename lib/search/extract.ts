import type { Readable } from "node:stream";
import { StringDecoder } from "node:string_decoder";
import { Unzip, UnzipInflate } from "fflate";
import sax from "sax";

/**
 * Text extraction from uploaded files, for the portal search (lib/search/extract-worker.ts runs it in
 * the background). Every format is read as a stream and the text is capped, so memory stays bounded:
 * plain text and the XML inside DOCX and XLSX never exist whole in memory (fflate's streaming unzip
 * feeds a sax parser); a PDF must be held as bytes (its index is at the end), and its pages are read
 * one at a time and released.
 */

/** At most this much text per file (about 250 pages); the rest is not searched. */
export const MAX_TEXT_CHARS = 1_000_000;
/** Larger PDFs are skipped: their bytes are held in memory while their pages are read. */
export const MAX_PDF_BYTES = 64 * 1024 * 1024;
/** Passage length (characters) of file_text_chunks. */
export const CHUNK_CHARS = 2_000;

export type TextFormat = "pdf" | "docx" | "xlsx" | "text";

const BY_MIME: Record<string, TextFormat> = {
  "application/pdf": "pdf",
  "application/vnd.openxmlformats-officedocument.wordprocessingml.document": "docx",
  "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet": "xlsx",
  "text/plain": "text",
  "text/csv": "text",
  "text/markdown": "text",
};
const BY_EXTENSION: Record<string, TextFormat> = { pdf: "pdf", docx: "docx", xlsx: "xlsx", txt: "text", csv: "text", md: "text", log: "text" };

/** The format whose text can be extracted, from the detected type or else the name's extension; null when none. */
export function textFormatOf(file: { mime?: string | null; name?: string | null }): TextFormat | null {
  const mime = (file.mime ?? "").split(";")[0].trim().toLowerCase();
  if (BY_MIME[mime]) return BY_MIME[mime];
  const ext = /\.([a-z0-9]{1,8})$/i.exec(file.name ?? "")?.[1]?.toLowerCase() ?? "";
  // A zip (DOCX and XLSX sniff as one) or an unknown type: trust the extension.
  if (!mime || mime === "application/octet-stream" || mime === "application/zip" || mime.startsWith("text/")) return BY_EXTENSION[ext] ?? null;
  return null;
}

/** Collects text up to MAX_TEXT_CHARS; `full` says when to stop reading. */
class TextSink {
  private parts: string[] = [];
  length = 0;
  constructor(private max = MAX_TEXT_CHARS) {}
  get full() {
    return this.length >= this.max;
  }
  add(text: string) {
    if (this.full || !text) return;
    const room = this.max - this.length;
    const piece = text.length > room ? text.slice(0, room) : text;
    this.parts.push(piece);
    this.length += piece.length;
  }
  text(): string {
    return this.parts
      .join("")
      .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]+/g, " ")
      .replace(/[ \t]+/g, " ")
      .replace(/\s*\n\s*/g, "\n")
      .trim();
  }
}

/** Extracts the text of a file read from `stream`; the stream is consumed or destroyed. */
export async function extractText(stream: Readable, format: TextFormat, max = MAX_TEXT_CHARS): Promise<string> {
  const sink = new TextSink(max);
  try {
    if (format === "text") await readPlainText(stream, sink);
    else if (format === "pdf") await readPdf(stream, sink);
    else await readOfficeXml(stream, sink, format);
  } finally {
    stream.destroy();
  }
  return sink.text();
}

async function readPlainText(stream: Readable, sink: TextSink) {
  const decoder = new StringDecoder("utf8");
  for await (const chunk of stream) {
    sink.add(decoder.write(chunk as Buffer));
    if (sink.full) return;
  }
  sink.add(decoder.end());
}

async function readPdf(stream: Readable, sink: TextSink) {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of stream) {
    size += (chunk as Buffer).length;
    if (size > MAX_PDF_BYTES) throw new Error(`PDF larger than ${MAX_PDF_BYTES} bytes`);
    chunks.push(chunk as Buffer);
  }
  const joined = Buffer.concat(chunks, size);
  const bytes = new Uint8Array(joined.buffer, joined.byteOffset, joined.byteLength); // a view, not a second copy
  chunks.length = 0;
  const { getDocumentProxy } = await import("unpdf");
  const pdf = await getDocumentProxy(bytes, { useSystemFonts: false, disableFontFace: true, verbosity: 0 });
  try {
    for (let n = 1; n <= pdf.numPages && !sink.full; n++) {
      const page = await pdf.getPage(n);
      const content = await page.getTextContent();
      for (const item of content.items) {
        if ("str" in item) sink.add(item.hasEOL ? `${item.str}\n` : `${item.str} `);
      }
      sink.add("\n");
      page.cleanup();
      // The document keeps what it parsed (fonts, resources) until told: release it every few pages.
      if (n % 5 === 0) await pdf.cleanup();
    }
  } finally {
    await pdf.loadingTask.destroy();
  }
}

/**
 * DOCX: the runs of word/document.xml (`w:t`), a line per paragraph. XLSX: the shared strings and the
 * sheets' inline strings (`t` inside `si` / `is`), a line per string; numbers are not text worth
 * finding. Entries are inflated and parsed as they stream in.
 */
async function readOfficeXml(stream: Readable, sink: TextSink, format: "docx" | "xlsx") {
  const wanted = format === "docx" ? (name: string) => name === "word/document.xml" : (name: string) => name === "xl/sharedStrings.xml" || /^xl\/worksheets\/sheet\d+\.xml$/.test(name);
  const textTag = format === "docx" ? "w:t" : "t";
  const lineTags = format === "docx" ? new Set(["w:p"]) : new Set(["si", "is"]);
  const spaceTags = format === "docx" ? new Set(["w:tab", "w:br", "w:cr"]) : new Set<string>();
  let failure: Error | null = null;

  const unzip = new Unzip((file) => {
    if (!wanted(file.name)) return;
    const parser = sax.parser(true, { trim: false, normalize: false });
    const decoder = new StringDecoder("utf8");
    let inText = 0;
    parser.onopentag = (tag) => {
      if (tag.name === textTag) inText++;
      else if (spaceTags.has(tag.name)) sink.add(" ");
    };
    parser.onclosetag = (name) => {
      if (name === textTag) inText = Math.max(0, inText - 1);
      else if (lineTags.has(name)) sink.add("\n");
    };
    parser.ontext = (t) => {
      if (inText) sink.add(t);
    };
    parser.oncdata = parser.ontext;
    parser.onerror = (err) => {
      failure ??= err;
    };
    file.ondata = (err, data, final) => {
      if (err) {
        failure ??= err;
        return;
      }
      if (failure || sink.full) return;
      parser.write(decoder.write(Buffer.from(data.buffer, data.byteOffset, data.byteLength)));
      if (final) {
        parser.write(decoder.end());
        parser.close();
        sink.add("\n");
      }
    };
    file.start();
  });
  unzip.register(UnzipInflate);
  for await (const chunk of stream) {
    unzip.push(chunk as Uint8Array);
    if (failure) throw failure;
    if (sink.full) return;
  }
  unzip.push(new Uint8Array(0), true);
  if (failure) throw failure;
}

/** The text in passages of about CHUNK_CHARS, cut at a line or word boundary near the end of each. */
export function chunkText(text: string, size = CHUNK_CHARS): string[] {
  const out: string[] = [];
  let rest = text.trim();
  while (rest.length > size) {
    const window = rest.slice(0, size);
    let cut = window.lastIndexOf("\n");
    if (cut < size * 0.6) cut = window.lastIndexOf(" ");
    if (cut < size * 0.6) cut = size;
    out.push(rest.slice(0, cut).trim());
    rest = rest.slice(cut).trim();
  }
  if (rest) out.push(rest);
  return out.filter(Boolean);
}

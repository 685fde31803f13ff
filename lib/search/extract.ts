import path from "node:path";
import type { Readable } from "node:stream";
import { StringDecoder } from "node:string_decoder";
import { Worker } from "node:worker_threads";
import { Unzip, UnzipInflate } from "fflate";
import sax from "sax";

/**
 * Text extraction from uploaded files, for the portal search (lib/search/extract-worker.ts runs it in
 * the background). Every format is read as a stream and the text is capped, so memory stays bounded:
 * plain text and the XML inside DOCX and XLSX never exist whole in memory (fflate's streaming unzip
 * feeds a sax parser); a PDF must be held as bytes (its index is at the end), and its pages are read
 * one at a time in a worker thread with a capped heap (lib/search/pdf-text-thread.mjs), so a large
 * document's parse neither grows the server's heap nor can exhaust it.
 */

/** At most this much text per file (about 250 pages); the rest is not searched. */
export const MAX_TEXT_CHARS = 1_000_000;
/** Larger PDFs are skipped: their bytes are held in memory while their pages are read. */
export const MAX_PDF_BYTES = 64 * 1024 * 1024;
/**
 * The PDF thread's heap (V8's old generation, MB; SEARCH_PDF_HEAP_MB): a document whose parse needs
 * more fails its job for good (ExtractionError, permanent) instead of growing the server.
 */
export const PDF_HEAP_MB = 48;
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
const BY_EXTENSION: Record<string, TextFormat> = {
  pdf: "pdf",
  docx: "docx",
  xlsx: "xlsx",
  txt: "text",
  csv: "text",
  md: "text",
  log: "text",
};

/** The format whose text can be extracted, from the detected type or else the name's extension; null when none. */
export function textFormatOf(file: { mime?: string | null; name?: string | null }): TextFormat | null {
  const mime = (file.mime ?? "").split(";")[0].trim().toLowerCase();
  if (BY_MIME[mime]) return BY_MIME[mime];
  const ext = /\.([a-z0-9]{1,8})$/i.exec(file.name ?? "")?.[1]?.toLowerCase() ?? "";
  // A zip (DOCX and XLSX sniff as one) or an unknown type: trust the extension.
  if (!mime || mime === "application/octet-stream" || mime === "application/zip" || mime.startsWith("text/"))
    return BY_EXTENSION[ext] ?? null;
  return null;
}

/** A failure that another attempt would repeat (too large, out of memory): the job fails at once. */
export class ExtractionError extends Error {
  constructor(
    message: string,
    readonly permanent: boolean,
  ) {
    super(message);
    this.name = "ExtractionError";
  }
}

/** Collects text up to MAX_TEXT_CHARS; `full` says when to stop reading. */
class TextSink {
  private parts: string[] = [];
  length = 0;
  constructor(private max = MAX_TEXT_CHARS) {}
  get full() {
    return this.length >= this.max;
  }
  get room() {
    return Math.max(0, this.max - this.length);
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
export async function extractText(
  stream: Readable,
  format: TextFormat,
  max = MAX_TEXT_CHARS,
  sizeHint = 0,
): Promise<string> {
  const sink = new TextSink(max);
  try {
    if (format === "text") await readPlainText(stream, sink);
    else if (format === "pdf") await readPdf(stream, sink, sizeHint);
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

async function readPdf(stream: Readable, sink: TextSink, sizeHint = 0) {
  // One buffer of the file's size (its recorded size, grown if the file is longer), handed over to the
  // thread without a copy.
  let bytes = new Uint8Array(Math.min(Math.max(sizeHint, 64 * 1024), MAX_PDF_BYTES));
  let size = 0;
  for await (const chunk of stream) {
    const c = chunk as Buffer;
    if (size + c.length > MAX_PDF_BYTES) throw new ExtractionError(`PDF larger than ${MAX_PDF_BYTES} bytes`, true);
    if (size + c.length > bytes.length) {
      const grown = new Uint8Array(Math.min(MAX_PDF_BYTES, Math.max(bytes.length * 2, size + c.length)));
      grown.set(bytes.subarray(0, size));
      bytes = grown;
    }
    bytes.set(c, size);
    size += c.length;
  }
  const data = size === bytes.length ? bytes : bytes.slice(0, size);
  bytes = new Uint8Array(0);
  sink.add(await pdfTextInThread(data, sink.room));
}

/** Runs lib/search/pdf-text-thread.mjs on `data` (transferred) with a capped heap; its text, at most `max` characters. */
function pdfTextInThread(data: Uint8Array, max: number): Promise<string> {
  const heapMb = Number(process.env.SEARCH_PDF_HEAP_MB) || PDF_HEAP_MB;
  const file = path.join(/*turbopackIgnore: true*/ process.cwd(), "lib", "search", "pdf-text-thread.mjs");
  return new Promise((resolve, reject) => {
    const worker = new Worker(file, {
      workerData: { bytes: data, max },
      transferList: [data.buffer as ArrayBuffer],
      resourceLimits: {
        maxOldGenerationSizeMb: heapMb,
        maxYoungGenerationSizeMb: Math.max(4, Math.round(heapMb / 8)),
        stackSizeMb: 4,
      },
      stdout: false,
      stderr: false,
    });
    let text: string | null = null;
    worker.on("message", (m: { text: string }) => (text = m.text));
    worker.on("error", (err: Error & { code?: string }) => {
      text = null;
      reject(
        err.code === "ERR_WORKER_OUT_OF_MEMORY"
          ? new ExtractionError(`PDF needs more than ${heapMb} MB of memory to read`, true)
          : new ExtractionError(`PDF could not be read: ${err.message}`, false),
      );
    });
    worker.on("exit", (code) =>
      text !== null
        ? resolve(text)
        : code !== 0
          ? reject(new ExtractionError(`PDF reader stopped (exit ${code})`, false))
          : resolve(""),
    );
  });
}

/**
 * DOCX: the runs of word/document.xml (`w:t`), a line per paragraph. XLSX: the shared strings and the
 * sheets' inline strings (`t` inside `si` / `is`), a line per string; numbers are not text worth
 * finding. Entries are inflated and parsed as they stream in.
 */
async function readOfficeXml(stream: Readable, sink: TextSink, format: "docx" | "xlsx") {
  const wanted =
    format === "docx"
      ? (name: string) => name === "word/document.xml"
      : (name: string) => name === "xl/sharedStrings.xml" || /^xl\/worksheets\/sheet\d+\.xml$/.test(name);
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

import { ServerResponse, type IncomingMessage } from "node:http";
import type { FileHandle } from "node:fs/promises";
import type { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { logger } from "@/lib/log";
import { getStorage } from "@/lib/storage";
import { isValidKey } from "@/lib/storage/keys";
import { contentDisposition } from "@/lib/storage/content-disposition";
import { fileUrlPath, verifyFileSignature } from "@/lib/storage/signing";
import { dispositionOf } from "./links";
import { getFileByKey } from "./queries";

type Range = { start: number; end: number };

/**
 * One byte range from a `Range` header (RFC 9110): `bytes=a-b`, `bytes=a-`, `bytes=-n`. Several
 * ranges are answered with the whole file (allowed by the RFC); an unsatisfiable range is "invalid".
 */
export function parseRange(header: string | null, size: number): Range | "invalid" | null {
  if (!header) return null;
  const m = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!m) return header.includes(",") ? null : "invalid";
  const [, a, b] = m;
  if (!a && !b) return "invalid";
  let start: number;
  let end: number;
  if (!a) {
    const n = Number(b);
    if (n === 0) return "invalid";
    start = Math.max(0, size - n);
    end = size - 1;
  } else {
    start = Number(a);
    end = b ? Math.min(Number(b), size - 1) : size - 1;
  }
  if (!Number.isSafeInteger(start) || !Number.isSafeInteger(end) || start > end || start >= size) return "invalid";
  return { start, end };
}

/** What the signed download route answers: a short text, or headers and (maybe) the file's bytes. */
export type SignedFileAnswer =
  | { status: number; headers: Record<string, string>; text: string }
  | { status: 200 | 206 | 304; headers: Record<string, string>; bytes: { key: string; range?: Range } | null };

/** The parts of a request the route looks at (a Node request or a web Request both provide them). */
export type SignedFileRequest = { method: string; url: string; header: (name: string) => string | null };

export const SIGNED_FILE_MESSAGES = {
  expired: "This link has expired. Please open the file again.",
  invalid: "This link is not valid.",
  notFound: "Not found",
} as const;

const PREFIX = fileUrlPath("");

function plain(status: number, text: string, extra?: Record<string, string>): SignedFileAnswer {
  return {
    status,
    text,
    headers: {
      "content-type": "text/plain; charset=utf-8",
      "cache-control": "no-store",
      "x-content-type-options": "nosniff",
      ...extra,
    },
  };
}

/** The storage key in `/api/files/<key>` (null when the path is not of that shape). */
function keyOfPath(pathname: string): string | null {
  if (!pathname.startsWith(PREFIX)) return null;
  try {
    return pathname.slice(PREFIX.length).split("/").map(decodeURIComponent).join("/");
  } catch {
    return null;
  }
}

/**
 * Everything the signed download route decides, apart from writing: checks the HMAC signature and
 * expiry (403 otherwise), finds the file, and works out the status and headers: Range support,
 * conditional requests (ETag, If-None-Match, If-Range), the original name in Content-Disposition
 * (images inline, the rest as attachments), nosniff and a sandboxing CSP.
 */
export async function answerSignedFile(req: SignedFileRequest): Promise<SignedFileAnswer> {
  const url = new URL(req.url, "http://localhost");
  const key = keyOfPath(url.pathname);
  if (!key || !isValidKey(key)) return plain(404, SIGNED_FILE_MESSAGES.notFound);
  const check = verifyFileSignature(key, url.searchParams.get("e"), url.searchParams.get("s"));
  if (check === "expired") return plain(403, SIGNED_FILE_MESSAGES.expired);
  if (check !== "ok") return plain(403, SIGNED_FILE_MESSAGES.invalid);

  const file = await getFileByKey({ key });
  if (!file) return plain(404, SIGNED_FILE_MESSAGES.notFound);
  const st = await getStorage().stat(key);
  if (!st) {
    logger.warn({ key }, "file row without bytes");
    return plain(404, SIGNED_FILE_MESSAGES.notFound);
  }
  const size = st.size;
  const etag = `"${file.sha256 ? file.sha256.slice(0, 32) : `${size.toString(16)}-${st.modifiedAt.getTime().toString(16)}`}"`;
  const maxAge = Math.max(0, Number(url.searchParams.get("e")) - Math.floor(Date.now() / 1000));
  const headers: Record<string, string> = {
    "content-type": file.mime || "application/octet-stream",
    "content-disposition": contentDisposition(dispositionOf(file), file.originalName),
    "x-content-type-options": "nosniff",
    "accept-ranges": "bytes",
    // no-transform: the server's gzip must leave the bytes alone (Content-Length and ranges stay true).
    "cache-control": `private, no-transform, max-age=${Math.min(maxAge, 3600)}`,
    "last-modified": st.modifiedAt.toUTCString(),
    etag,
    // Downloads are never rendered as a page of ours (an HTML file cannot run script here).
    "content-security-policy": "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; sandbox",
  };

  if (req.header("if-none-match") === etag) return { status: 304, headers, bytes: null };

  let range = parseRange(req.header("range"), size);
  const ifRange = req.header("if-range");
  if (range && ifRange && ifRange !== etag) range = null;
  if (range === "invalid") return plain(416, "Range Not Satisfiable", { "content-range": `bytes */${size}` });

  const isHead = req.method === "HEAD";
  if (range) {
    headers["content-range"] = `bytes ${range.start}-${range.end}/${size}`;
    headers["content-length"] = String(range.end - range.start + 1);
    return { status: 206, headers, bytes: isHead ? null : { key, range } };
  }
  headers["content-length"] = String(size);
  return { status: 200, headers, bytes: isHead || size === 0 ? null : { key } };
}

function firstHeader(req: IncomingMessage, name: string): string | null {
  const v = req.headers[name];
  return (Array.isArray(v) ? v[0] : v) ?? null;
}

/**
 * GET/HEAD /api/files/<key>?e=&s= on the raw Node response (pages/api/files/[...key].ts): the
 * answer from answerSignedFile, then the bytes. Local files are read into a few reused buffers
 * (sendFromFile); other drivers' streams are piped. A client that goes away closes the file.
 */
export async function serveSignedFile(req: IncomingMessage, res: ServerResponse): Promise<void> {
  const method = (req.method ?? "GET").toUpperCase();
  let answer: SignedFileAnswer;
  if (method !== "GET" && method !== "HEAD") {
    answer = plain(405, "Method Not Allowed", { allow: "GET, HEAD" });
  } else {
    answer = await answerSignedFile({ method, url: req.url ?? "/", header: (name) => firstHeader(req, name) });
  }

  // Opened before the headers go out, so a file deleted since the stat is still a clean 404.
  let source: { file: FileHandle; start: number; end: number } | { stream: Readable } | null = null;
  if ("bytes" in answer && answer.bytes) {
    const { key, range } = answer.bytes;
    const storage = getStorage();
    try {
      if (storage.open) {
        source = {
          file: await storage.open(key),
          start: range?.start ?? 0,
          end: range ? range.end + 1 : Number(answer.headers["content-length"]),
        };
      } else {
        source = { stream: await storage.get(key, range) };
      }
    } catch (err) {
      logger.warn({ err, key }, "stored file could not be opened");
      answer = plain(404, SIGNED_FILE_MESSAGES.notFound);
    }
  }

  res.statusCode = answer.status;
  for (const [name, value] of Object.entries(answer.headers)) res.setHeader(name, value);
  if ("text" in answer) {
    res.setHeader("content-length", Buffer.byteLength(answer.text));
    res.end(method === "HEAD" ? undefined : answer.text);
    return;
  }
  if (!source) {
    res.end();
    return;
  }
  try {
    if ("file" in source) await sendFromFile(source.file, source.start, source.end, res);
    else await pipeline(source.stream, res);
  } catch (err) {
    // The client going away mid-download is normal (a closed tab, a seek in a video).
    if ((err as NodeJS.ErrnoException).code !== "ERR_STREAM_PREMATURE_CLOSE") logger.warn({ err }, "download failed");
    res.destroy();
  }
}

const CHUNK = 1024 * 1024;
const BUFFERS = 4;
/**
 * Node's own write, which calls back once the chunk has been handed to the socket. Next wraps
 * `res.write` for gzip and drops that callback; the response is `no-transform`, so gzip would
 * never apply to it anyway.
 */
const nodeWrite = ServerResponse.prototype.write as (
  this: ServerResponse,
  chunk: Uint8Array,
  callback: (err?: Error | null) => void,
) => boolean;

/**
 * Sends bytes [start, end) of an open file through four 1 MB buffers, each reused once the socket
 * has taken its previous chunk. A read stream allocates a fresh buffer per chunk instead: 250 of
 * them per 250 MB download, whose external memory kept V8 collecting garbage throughout the
 * download once the server had handled a few big uploads (ten times the CPU time per download).
 * At most four chunks are in flight, which is the backpressure. Closes the file in every case.
 */
async function sendFromFile(file: FileHandle, start: number, end: number, res: ServerResponse): Promise<void> {
  const free = Array.from({ length: BUFFERS }, () => Buffer.allocUnsafeSlow(CHUNK));
  let wake: (() => void) | null = null;
  const onClose = () => wake?.();
  res.on("close", onClose);
  try {
    let position = start;
    while (position < end) {
      while (!free.length && !res.destroyed) await new Promise<void>((resolve) => (wake = resolve));
      wake = null;
      if (res.destroyed) return; // the client went away
      const buf = free.pop()!;
      const { bytesRead } = await file.read(buf, 0, Math.min(CHUNK, end - position), position);
      if (bytesRead === 0) throw new Error("stored file is shorter than its size");
      position += bytesRead;
      nodeWrite.call(res, bytesRead === CHUNK ? buf : buf.subarray(0, bytesRead), (err) => {
        if (!err) free.push(buf);
        wake?.();
      });
    }
    res.end();
  } finally {
    res.off("close", onClose);
    await file.close().catch(() => {});
  }
}

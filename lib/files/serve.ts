import { Readable } from "node:stream";
import { logger } from "@/lib/log";
import { getStorage } from "@/lib/storage";
import { isValidKey } from "@/lib/storage/keys";
import { contentDisposition } from "@/lib/storage/content-disposition";
import { verifyFileSignature } from "@/lib/storage/signing";
import { dispositionOf, getFileByKey } from "./service";

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

function plain(status: number, text: string, extra?: HeadersInit) {
  return new Response(text, {
    status,
    headers: { "content-type": "text/plain; charset=utf-8", "cache-control": "no-store", "x-content-type-options": "nosniff", ...extra },
  });
}

/** The stored bytes as a web stream (the driver's own when it has one); cancelled when the client goes away. */
async function openWeb(key: string, range?: Range): Promise<ReadableStream<Uint8Array>> {
  const storage = getStorage();
  if (storage.getWebStream) return storage.getWebStream(key, range);
  return Readable.toWeb(await storage.get(key, range)) as ReadableStream<Uint8Array>;
}

/**
 * The signed download route: checks the HMAC signature and expiry (403 otherwise), then streams the
 * file with Range support, the original name in Content-Disposition (images inline, the rest as
 * attachments) and nosniff.
 */
export async function serveSignedFile(req: Request, key: string): Promise<Response> {
  const url = new URL(req.url);
  if (!isValidKey(key)) return plain(404, "Not found");
  const check = verifyFileSignature(key, url.searchParams.get("e"), url.searchParams.get("s"));
  if (check === "expired") return plain(403, "This link has expired. Please open the file again.");
  if (check !== "ok") return plain(403, "This link is not valid.");

  const file = await getFileByKey({ key });
  if (!file) return plain(404, "Not found");
  const storage = getStorage();
  const st = await storage.stat(key);
  if (!st) {
    logger.warn({ key }, "file row without bytes");
    return plain(404, "Not found");
  }
  const size = st.size;
  const etag = `"${file.sha256 ? file.sha256.slice(0, 32) : `${size.toString(16)}-${st.modifiedAt.getTime().toString(16)}`}"`;
  const maxAge = Math.max(0, Number(url.searchParams.get("e")) - Math.floor(Date.now() / 1000));
  const headers: Record<string, string> = {
    "content-type": file.mime || "application/octet-stream",
    "content-disposition": contentDisposition(dispositionOf(file), file.originalName),
    "x-content-type-options": "nosniff",
    "accept-ranges": "bytes",
    "cache-control": `private, max-age=${Math.min(maxAge, 3600)}`,
    "last-modified": st.modifiedAt.toUTCString(),
    etag,
    // Downloads are never rendered as a page of ours (an HTML file cannot run script here).
    "content-security-policy": "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; sandbox",
  };

  if (req.headers.get("if-none-match") === etag) return new Response(null, { status: 304, headers });

  let range = parseRange(req.headers.get("range"), size);
  const ifRange = req.headers.get("if-range");
  if (range && ifRange && ifRange !== etag) range = null;
  if (range === "invalid") return plain(416, "Range Not Satisfiable", { "content-range": `bytes */${size}` });

  const isHead = req.method === "HEAD";
  if (range) {
    headers["content-range"] = `bytes ${range.start}-${range.end}/${size}`;
    headers["content-length"] = String(range.end - range.start + 1);
    if (isHead) return new Response(null, { status: 206, headers });
    return new Response(await openWeb(key, range), { status: 206, headers });
  }
  headers["content-length"] = String(size);
  if (isHead || size === 0) return new Response(null, { status: 200, headers });
  return new Response(await openWeb(key), { status: 200, headers });
}

import { AppError } from "@/lib/errors";

/** The size limit of a JSON or form body read by withApi and the auth routes, unless a call sets its own. */
export const DEFAULT_BODY_LIMIT = 1024 * 1024;

export const BODY_TOO_LARGE = "The request body is too large.";

/**
 * Reads a request body up to `limit` bytes, counting while it streams: a declared Content-Length over
 * the limit is refused before reading, and a body that grows past it is cancelled at that point
 * (413), so an oversize body never sits in memory whole.
 */
export async function readBodyBytes(req: Request, limit = DEFAULT_BODY_LIMIT): Promise<Uint8Array> {
  const declared = Number(req.headers.get("content-length") ?? NaN);
  if (Number.isFinite(declared) && declared > limit) throw new AppError(413, BODY_TOO_LARGE);
  if (!req.body) return new Uint8Array(0);
  const reader = req.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel().catch(() => {});
      throw new AppError(413, BODY_TOO_LARGE);
    }
    chunks.push(value);
  }
  const out = new Uint8Array(size);
  let at = 0;
  for (const c of chunks) {
    out.set(c, at);
    at += c.byteLength;
  }
  return out;
}

/** readBodyBytes as UTF-8 text. */
export async function readBodyText(req: Request, limit = DEFAULT_BODY_LIMIT): Promise<string> {
  return new TextDecoder().decode(await readBodyBytes(req, limit));
}

import crypto from "node:crypto";
import { getAuthSecret } from "@/lib/config";

/**
 * HMAC-signed links to the app's own download routes (`/api/files/<key>`, `/api/zip`). The key is
 * derived from AUTH_SECRET, so rotating that secret also voids every link handed out.
 */
let derived: { secret: string; key: Buffer } | undefined;

function signingKey(): Buffer {
  const secret = getAuthSecret();
  if (derived?.secret !== secret) {
    derived = { secret, key: crypto.createHmac("sha256", secret).update("portal:signed-file-urls:v1").digest() };
  }
  return derived.key;
}

function mac(payload: string): string {
  return crypto.createHmac("sha256", signingKey()).update(payload).digest("base64url");
}

/**
 * Expiry in Unix seconds, rounded up to the minute so that pages rendered within the same minute hand
 * out the same URL (the browser can reuse its cached copy).
 */
export function expiryFor(ttlSeconds: number, now = Date.now()): number {
  return Math.ceil((now / 1000 + ttlSeconds) / 60) * 60;
}

export type SignatureCheck = "ok" | "expired" | "invalid";

function check(payload: string, expires: string | null, signature: string | null, now: number): SignatureCheck {
  if (!expires || !signature || !/^\d{1,12}$/.test(expires) || !/^[A-Za-z0-9_-]{43}$/.test(signature)) return "invalid";
  const expected = Buffer.from(mac(payload));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !crypto.timingSafeEqual(expected, given)) return "invalid";
  return Number(expires) * 1000 < now ? "expired" : "ok";
}

export function fileUrlPath(key: string): string {
  return `/api/files/${key}`;
}

export function signAppFileUrl(key: string, ttlSeconds: number, baseUrl = "", now = Date.now()): string {
  const e = expiryFor(ttlSeconds, now);
  const s = mac(`file\n${key}\n${e}`);
  return `${baseUrl}${fileUrlPath(key)}?e=${e}&s=${s}`;
}

export function verifyFileSignature(
  key: string,
  expires: string | null,
  signature: string | null,
  now = Date.now(),
): SignatureCheck {
  return check(`file\n${key}\n${expires}`, expires, signature, now);
}

export function signArchiveUrl(
  input: { fileIds: number[]; name: string; ttlSeconds: number; baseUrl?: string },
  now = Date.now(),
): string {
  const ids = input.fileIds.join(".");
  const e = expiryFor(input.ttlSeconds, now);
  const s = mac(`zip\n${ids}\n${input.name}\n${e}`);
  const q = new URLSearchParams({ ids, name: input.name, e: String(e), s });
  return `${input.baseUrl ?? ""}/api/zip?${q}`;
}

export function verifyArchiveSignature(
  q: URLSearchParams,
  now = Date.now(),
): { status: SignatureCheck; fileIds: number[]; name: string } {
  const ids = q.get("ids") ?? "";
  const name = q.get("name") ?? "";
  const status = /^\d{1,10}(?:\.\d{1,10}){0,499}$/.test(ids)
    ? check(`zip\n${ids}\n${name}\n${q.get("e")}`, q.get("e"), q.get("s"), now)
    : "invalid";
  return { status, fileIds: status === "ok" ? ids.split(".").map(Number) : [], name };
}

/**
 * A signed, expiring query for one of the app's own routes: `p` (the payload, base64url JSON), `e`
 * (expiry) and `s` (HMAC over kind, payload and expiry). Used by the list exports' download links.
 */
export function signQuery(kind: string, payload: unknown, ttlSeconds: number, now = Date.now()): URLSearchParams {
  const p = Buffer.from(JSON.stringify(payload)).toString("base64url");
  const e = expiryFor(ttlSeconds, now);
  return new URLSearchParams({ p, e: String(e), s: mac(`${kind}\n${p}\n${e}`) });
}

/** Checks a signQuery link; the payload is only returned when the signature holds and it has not expired. */
export function verifySignedQuery(
  kind: string,
  q: URLSearchParams,
  now = Date.now(),
): { status: SignatureCheck; payload: unknown } {
  const p = q.get("p") ?? "";
  if (!/^[A-Za-z0-9_-]{1,8000}$/.test(p)) return { status: "invalid", payload: null };
  const status = check(`${kind}\n${p}\n${q.get("e")}`, q.get("e"), q.get("s"), now);
  if (status !== "ok") return { status, payload: null };
  try {
    return { status, payload: JSON.parse(Buffer.from(p, "base64url").toString("utf8")) };
  } catch {
    return { status: "invalid", payload: null };
  }
}

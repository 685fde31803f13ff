import crypto from "node:crypto";

/** 70 random characters (the old portal's token length), URL-safe. */
export function newSecretToken(length = 70): string {
  const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";
  const bytes = crypto.randomBytes(length * 2);
  let out = "";
  for (let i = 0; i < bytes.length && out.length < length; i++) {
    // 248 = 4 * 62: reject the tail of the byte range so every character is equally likely
    if (bytes[i] < 248) out += alphabet[bytes[i] % 62];
  }
  return out.length === length ? out : newSecretToken(length);
}

export function hashToken(token: string): string {
  return crypto.createHash("sha256").update(token).digest("hex");
}

export const SESSION_TTL_MS = 6 * 60 * 60 * 1000;

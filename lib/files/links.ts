import { AppError } from "@/lib/errors";
import { getStorage } from "@/lib/storage";
import { isValidKey } from "@/lib/storage/keys";
import { IMAGE_PREVIEW_EXTENSIONS, extensionOf } from "@/lib/storage/kinds";
import { signAppFileUrl } from "@/lib/storage/signing";
import { publicOrigin } from "@/lib/http/forwarded";
import { FILE_MESSAGES } from "./constants";
import type { FileRow } from "./queries";

/** Links to stored files and the paths clients send back: keys, lifetimes, dispositions (no database access). */

/** Minutes a download link handed to a user stays valid (FILE_URL_TTL_SECONDS, default 5 minutes). */
export function downloadTtlSeconds(): number {
  const n = Number(process.env.FILE_URL_TTL_SECONDS);
  return Number.isFinite(n) && n >= 10 ? Math.min(n, 7 * 24 * 3600) : 300;
}

/** Pictures shown in the page (banners, previews) get an hour: the page may stay open a while. */
export const INLINE_TTL_SECONDS = 3600;

/**
 * A path from a client (filePath, tempPath, imagePath, file) to a storage key. Old clients may send
 * a signed URL or a leading slash; anything that is not one of our keys afterwards is refused with
 * 422, which covers `../`, absolute paths and their percent-encoded forms.
 */
export function keyFromClientPath(input: unknown): string {
  if (typeof input !== "string") throw new AppError(422, FILE_MESSAGES.invalidPath);
  let s = input.trim();
  const marker = "/api/files/";
  const at = s.indexOf(marker);
  if (at >= 0) s = s.slice(at + marker.length).split(/[?#]/)[0];
  s = s.replace(/^\/+/, "");
  if (!isValidKey(s)) throw new AppError(422, FILE_MESSAGES.invalidPath);
  return s;
}

export function isImageFile(file: Pick<FileRow, "mime" | "originalName">): boolean {
  return (
    /^image\/(jpeg|png|gif)$/.test(file.mime) && IMAGE_PREVIEW_EXTENSIONS.has(extensionOf(file.originalName) || "")
  );
}

/** Images open in the browser; everything else is saved (and never sniffed: nosniff). */
export function dispositionOf(file: Pick<FileRow, "mime" | "originalName">): "inline" | "attachment" {
  return /^image\/(jpeg|png|gif|webp)$/.test(file.mime) ? "inline" : "attachment";
}

/** The origin links are built on: APP_URL (or AUTH_URL), never the request's Host (lib/http/forwarded.ts). */
export function publicBaseUrl(): string {
  return publicOrigin();
}

/** A short-lived download link: presigned on S3, HMAC-signed app route on local disk. */
export async function signedDownloadUrl(
  file: FileRow,
  baseUrl: string,
  ttlSeconds = downloadTtlSeconds(),
): Promise<string> {
  return getStorage().signedUrl(file.storageKey, {
    expiresInSeconds: ttlSeconds,
    fileName: file.originalName,
    contentType: file.mime,
    disposition: dispositionOf(file),
    baseUrl,
  });
}

/**
 * A link for an <img> in our own pages: always the app's signed route (same origin, so the Content
 * Security Policy holds with either driver).
 */
export function inlineFileUrl(file: Pick<FileRow, "storageKey">, ttlSeconds = INLINE_TTL_SECONDS): string {
  return signAppFileUrl(file.storageKey, ttlSeconds);
}

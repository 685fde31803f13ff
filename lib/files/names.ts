import { AppError } from "@/lib/errors";
import { UPLOAD_MESSAGES } from "@/lib/storage/kinds";

/**
 * Unicode format characters (category Cf): bidirectional overrides and isolates (U+202A-202E,
 * U+2066-2069), zero-width spaces and joiners, the soft hyphen, the byte order mark... They are
 * invisible, and an override turns 'invoice\u202Efdp.exe' into 'invoiceexe.pdf' on screen.
 */
const FORMAT_CHARS = /\p{Cf}/gu;

/**
 * Names Windows reserves for devices, with or without an extension (`CON`, `nul.txt`, `COM1.tar.gz`):
 * a file saved or unzipped under one of them cannot be opened, or writes to the device.
 */
const WINDOWS_RESERVED = /^(con|prn|aux|nul|com[0-9¹²³]|lpt[0-9¹²³])$/i;

/**
 * The name a user's file is stored and offered under. Browsers send a bare name; anything else is
 * reduced to its last path segment (`../../x.png` -> `x.png`). Control characters (NUL included) and
 * names longer than 255 characters are refused, because they are never sent by a real browser and
 * would break headers or file systems elsewhere. Format characters (bidirectional overrides,
 * zero-width characters) are dropped.
 */
export function cleanFileName(raw: string | undefined | null): string {
  const input = (raw ?? "").normalize("NFC");
  if (/[\u0000-\u001f\u007f]/.test(input)) throw new AppError(422, UPLOAD_MESSAGES.badName);
  const base = (input.split(/[\\/]/).pop() ?? "").replace(FORMAT_CHARS, "").trim();
  if (!base || base === "." || base === "..") throw new AppError(422, UPLOAD_MESSAGES.badName);
  if ([...base].length > 255) throw new AppError(422, UPLOAD_MESSAGES.nameTooLong);
  return base;
}

/**
 * A file name as downloads (Content-Disposition) and zip entries give it, safe to save on any system,
 * whatever was stored before the upload rule above: no control or format characters, no path
 * separators or characters Windows refuses (`: * ? " < > |`), no trailing dots or spaces (Windows drops
 * them), and a name Windows reserves for a device gets a leading underscore (`CON.txt` -> `_CON.txt`).
 * `fallback` when nothing is left.
 */
export function portableFileName(raw: string, fallback = "download"): string {
  let name = raw
    .normalize("NFC")
    .replace(FORMAT_CHARS, "")
    .replace(/[\u0000-\u001f\u007f-\u009f\\/:*?"<>|]/g, "_")
    .replace(/[. ]+$/, "")
    .trim();
  if (!name || name === "." || name === "..") return fallback;
  const stem = name.split(".")[0].trimEnd();
  if (WINDOWS_RESERVED.test(stem)) name = `_${name}`;
  return name;
}

import { AppError } from "@/lib/errors";
import { UPLOAD_MESSAGES } from "@/lib/storage/kinds";

/**
 * The name a user's file is stored and offered under. Browsers send a bare name; anything else is
 * reduced to its last path segment (`../../x.png` -> `x.png`). Control characters (NUL included) and
 * names longer than 255 characters are refused, because they are never sent by a real browser and
 * would break headers or file systems elsewhere.
 */
export function cleanFileName(raw: string | undefined | null): string {
  const input = (raw ?? "").normalize("NFC");
  if (/[\u0000-\u001f\u007f]/.test(input)) throw new AppError(422, UPLOAD_MESSAGES.badName);
  const base = (input.split(/[\\/]/).pop() ?? "").trim();
  if (!base || base === "." || base === "..") throw new AppError(422, UPLOAD_MESSAGES.badName);
  if ([...base].length > 255) throw new AppError(422, UPLOAD_MESSAGES.nameTooLong);
  return base;
}

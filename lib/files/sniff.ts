import { fileTypeFromBuffer } from "file-type";
import { AppError } from "@/lib/errors";
import { extensionOf, type UploadKind } from "@/lib/storage/kinds";

/** Bytes read before deciding a file's real type (file-type's reasonable sample size). */
export const SNIFF_BYTES = 4100;

const EXECUTABLE_MIMES = new Set([
  "application/x-msdownload",
  "application/x-elf",
  "application/x-mach-binary",
  "application/wasm",
  "application/java-vm",
  "application/java-archive",
  "application/vnd.android.package-archive",
  "application/x-shockwave-flash",
]);

/**
 * Extensions whose content has a signature we can check: a file named like one of these must really
 * be one of the listed detected types (a `.png` that is a PE executable or a PDF is refused).
 */
const EXPECTED: Record<string, readonly string[]> = {
  png: ["png"],
  jpg: ["jpg"],
  jpeg: ["jpg"],
  gif: ["gif"],
  webp: ["webp"],
  bmp: ["bmp"],
  tif: ["tif"],
  tiff: ["tif"],
  pdf: ["pdf"],
  zip: ["zip"],
  docx: ["docx", "zip"],
  xlsx: ["xlsx", "zip"],
  pptx: ["pptx", "zip"],
  docm: ["docm", "docx", "zip"],
  xlsm: ["xlsm", "xlsx", "zip"],
  pptm: ["pptm", "pptx", "zip"],
};

const MIME_BY_EXTENSION: Record<string, string> = {
  txt: "text/plain",
  csv: "text/csv",
  doc: "application/msword",
  xls: "application/vnd.ms-excel",
  ppt: "application/vnd.ms-powerpoint",
  rtf: "application/rtf",
  svg: "image/svg+xml",
  json: "application/json",
  xml: "application/xml",
  html: "text/html",
  htm: "text/html",
  md: "text/markdown",
};

/**
 * Checks a file's first bytes against its kind and name; answers 415 with the kind's message when
 * they do not fit. Returns the MIME type to store (the detected one where there is a signature).
 */
export async function checkContent(kind: UploadKind, fileName: string, head: Buffer): Promise<string> {
  const ext = extensionOf(fileName);
  const detected = head.length ? await fileTypeFromBuffer(head) : undefined;
  const refuse = () => new AppError(415, kind.messages.invalidType);

  const looksExecutable =
    (detected && EXECUTABLE_MIMES.has(detected.mime)) ||
    head.subarray(0, 2).toString("latin1") === "MZ" ||
    head.subarray(0, 4).equals(Buffer.from([0x7f, 0x45, 0x4c, 0x46])) ||
    head.subarray(0, 2).toString("latin1") === "#!";
  if (looksExecutable) throw refuse();

  if (kind.extensions) {
    // Image kinds: the bytes must be one of the allowed image formats, whatever the name says.
    if (!detected || !kind.extensions.includes(detected.ext)) throw refuse();
    return detected.mime;
  }
  const expected = EXPECTED[ext];
  if (expected && (!detected || !expected.includes(detected.ext))) throw refuse();
  return detected?.mime ?? MIME_BY_EXTENSION[ext] ?? "application/octet-stream";
}

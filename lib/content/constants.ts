/**
 * Limits, texts and small pure helpers of the content pages. No zod and no server imports here, so
 * client components of the menu page can use them without shipping the schemas. What the browser needs
 * lives in ./basics (import it from there), so the menu page does not ship the rest.
 */

import { SEARCH_MAX } from "./basics";
import { formatYmd, parseUsDate } from "@/lib/dates/parse";

export const PAGE_SIZE = { discussion: 10, attachment: 12, saveTheDate: 10 } as const;
export const TITLE_MAX = 190;
export const DESCRIPTION_MAX = 65534;
export const URL_MAX = 2048;
export const MAX_POST_FILES = 20;
/** The Event/document form takes one file (the old portal's rule). */
export const MAX_SAVE_THE_DATE_FILES = 1;
export const MAX_FILE_MB = 250;
export const MAX_FILE_BYTES = MAX_FILE_MB * 1024 * 1024;
export const DESCRIPTION_PREVIEW = 500;

export const MESSAGES = {
  titleRequired: "Title Required",
  titleTooLong: `Title cannot be longer than ${TITLE_MAX} characters`,
  descriptionTooLong: `Description cannot be longer than ${DESCRIPTION_MAX} characters`,
  tooManyPostFiles: `Only ${MAX_POST_FILES} files are allowed`,
  oneFileOnly: "You can only add one file. Please remove the current file to add another.",
  fileTooBig: (sizeMb: number) => `File is too big (${sizeMb}MB). Max allowed file size is ${MAX_FILE_MB}MB`,
  linkRequired: "The link field is required.",
  linkInvalid: "The link field is not a valid URL.",
  fileRequired: "Please upload file",
  commentRequired: "The Comment is Required.",
  dateRequired: "Date Required",
  dateInvalid: "Please enter the date as MM/DD/YYYY",
  page: "The page must be a whole number of 1 or more.",
  sort: (allowed: readonly string[]) => `The sort must be one of: ${allowed.join(", ")}.`,
  searchTooLong: `The search cannot be longer than ${SEARCH_MAX} characters.`,
  slug: "The slug is not valid.",
  id: "The id is not valid.",
} as const;

export const EMPTY_TEXT = {
  discussion: "No discussions found...!!!",
  attachment: "No attachments found...!!!",
  "save-the-date": "No dates found...!!!",
} as const;

export type ContentKind = "discussion" | "attachment";

/** A relative storage key: no scheme, no `..`, no leading slash, no backslash. */
export function isSafeStoragePath(p: string): boolean {
  if (p.startsWith("/") || p.includes("\\") || p.includes("\0")) return false;
  if (/^[a-z][a-z0-9+.-]*:/i.test(p)) return false;
  return p.split("/").every((seg) => seg !== "" && seg !== "." && seg !== "..");
}

/** What an attachment is: an uploaded document or a link (the column attachments.upload_type). */
export const UPLOAD_TYPES = ["file", "url"] as const;
export type UploadType = (typeof UPLOAD_TYPES)[number];

/** 1 link only, 2 document only, 3 both (menus.allow_in_attachment; null is treated as both). */
export function allowedUploadTypes(allowInAttachment: number | null): UploadType[] {
  if (allowInAttachment === 1) return ["url"];
  if (allowInAttachment === 2) return ["file"];
  return [...UPLOAD_TYPES];
}

/** 'MM/DD/YYYY' (a real calendar day, lib/dates/parse.ts) to 'YYYY-MM-DD', or null. */
export function usDateToIso(value: string): string | null {
  const d = parseUsDate(value.trim());
  return d ? formatYmd(d) : null;
}

/** 'YYYY-MM-DD' to 'MM/DD/YYYY'. */
export function isoDateToUs(iso: string): string {
  const [y, m, d] = iso.slice(0, 10).split("-");
  return `${m}/${d}/${y}`;
}

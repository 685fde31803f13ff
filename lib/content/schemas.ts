import { z } from "zod";

/**
 * Zod schemas of the content forms, shared by react-hook-form in the browser and the server actions /
 * v1 calls on the server (one schema per form). No server-only imports here.
 */

export const PAGE_SIZE = { discussion: 10, attachment: 12, saveTheDate: 10 } as const;
export const TITLE_MAX = 190;
export const DESCRIPTION_MAX = 65534;
export const SEARCH_MAX = 100;
export const URL_MAX = 2048;
export const MAX_POST_FILES = 20;
export const MAX_SAVE_THE_DATE_FILES = 20;
export const MAX_FILE_MB = 250;
export const MAX_FILE_BYTES = MAX_FILE_MB * 1024 * 1024;
export const DESCRIPTION_PREVIEW = 500;
export const GALLERY_EXTENSIONS = ["gif", "jpg", "jpeg", "png"] as const;

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

export const CONTENT_TABS = ["discussion", "attachment", "save-the-date"] as const;
export type ContentTab = (typeof CONTENT_TABS)[number];

/** Newest/Oldest sort by updated_at; A-to-Z/Z-to-A by title (DECISIONS). */
export const SORTS = ["newest", "oldest", "a-z", "z-a"] as const;
export type Sort = (typeof SORTS)[number];
export const SORT_LABELS: Record<Sort, string> = {
  newest: "Newest First",
  oldest: "Oldest First",
  "a-z": "A-to-Z",
  "z-a": "Z-to-A",
};
/** Save-the-date and the group child view offer Newest and Oldest only. */
export const DATE_SORTS = ["newest", "oldest"] as const satisfies readonly Sort[];

export const slugSchema = z
  .string({ error: MESSAGES.slug })
  .trim()
  .min(1, MESSAGES.slug)
  .max(190, MESSAGES.slug)
  .regex(/^[A-Za-z0-9_-]+$/, MESSAGES.slug);

export const idSchema = z.number({ error: MESSAGES.id }).int(MESSAGES.id).positive(MESSAGES.id).max(2_147_483_647, MESSAGES.id);

export const titleSchema = z
  .string({ error: MESSAGES.titleRequired })
  .trim()
  .min(1, MESSAGES.titleRequired)
  .max(TITLE_MAX, MESSAGES.titleTooLong);

export const descriptionSchema = z.string().max(DESCRIPTION_MAX, MESSAGES.descriptionTooLong);

/**
 * A stored file as the upload call returned it: the storage path plus what the uploader sent. The path
 * is a relative storage key (no scheme, no `..`, no leading slash).
 */
export const documentRefSchema = z.object({
  path: z
    .string()
    .trim()
    .min(1, "The file path is required.")
    .max(1024, "The file path is too long.")
    .refine((p) => isSafeStoragePath(p), "The file path is not valid."),
  name: z.string().trim().min(1, "The file name is required.").max(255, "The file name is too long."),
  size: z
    .number()
    .int()
    .min(0)
    .refine((n) => n <= MAX_FILE_BYTES, { error: (iss) => MESSAGES.fileTooBig(Math.ceil(Number(iss.input) / 1024 / 1024)) }),
  type: z.string().trim().max(190).catch(""),
});
export type DocumentRef = z.infer<typeof documentRefSchema>;

export function isSafeStoragePath(p: string): boolean {
  if (p.startsWith("/") || p.includes("\\") || p.includes("\0")) return false;
  if (/^[a-z][a-z0-9+.-]*:/i.test(p)) return false;
  return p.split("/").every((seg) => seg !== "" && seg !== "." && seg !== "..");
}

/** An http(s) address with a host; anything else (javascript:, mailto:, bare words) is refused. */
export function isWebUrl(value: string): boolean {
  if (!/^https?:\/\//i.test(value) || /\s/.test(value)) return false;
  try {
    const u = new URL(value);
    return (u.protocol === "http:" || u.protocol === "https:") && u.hostname.length > 0 && !u.username && !u.password;
  } catch {
    return false;
  }
}

/** Discussion add/edit (DiscussionAddForm / DiscussionEditForm; v1 store_post). */
export const discussionFormSchema = z.object({
  slug: slugSchema,
  id: idSchema.optional(),
  title: titleSchema,
  description: descriptionSchema,
  documents: z.array(documentRefSchema).max(MAX_POST_FILES, MESSAGES.tooManyPostFiles),
});
export type DiscussionFormValues = z.infer<typeof discussionFormSchema>;

/** 1 link only, 2 document only, 3 both (menus.allow_in_attachment; null is treated as both). */
export function allowedUploadTypes(allowInAttachment: number | null): ("file" | "url")[] {
  if (allowInAttachment === 1) return ["url"];
  if (allowInAttachment === 2) return ["file"];
  return ["file", "url"];
}

/** Attachment add/edit (AttachmentAddForm / AttachmentEditForm; v1 store_attachment). */
export const attachmentFormSchema = z
  .object({
    slug: slugSchema,
    id: idSchema.optional(),
    title: titleSchema,
    uploadType: z.enum(["file", "url"], { error: "Please choose Document or Link." }),
    url: z.string().trim().max(URL_MAX, MESSAGES.linkInvalid),
    groupId: idSchema.nullable(),
    documents: z.array(documentRefSchema).max(1, MESSAGES.oneFileOnly),
  })
  .superRefine((v, ctx) => {
    if (v.uploadType === "url") {
      if (!v.url) ctx.addIssue({ code: "custom", path: ["url"], message: MESSAGES.linkRequired });
      else if (!isWebUrl(v.url)) ctx.addIssue({ code: "custom", path: ["url"], message: MESSAGES.linkInvalid });
    } else if (v.documents.length === 0) {
      ctx.addIssue({ code: "custom", path: ["documents"], message: MESSAGES.fileRequired });
    }
  });
export type AttachmentFormValues = z.infer<typeof attachmentFormSchema>;

const US_DATE = /^(\d{2})\/(\d{2})\/(\d{4})$/;

/** 'MM/DD/YYYY' (a real calendar day) to 'YYYY-MM-DD', or null. */
export function usDateToIso(value: string): string | null {
  const m = US_DATE.exec(value.trim());
  if (!m) return null;
  const [, mm, dd, yyyy] = m;
  const d = new Date(Date.UTC(Number(yyyy), Number(mm) - 1, Number(dd)));
  if (d.getUTCFullYear() !== Number(yyyy) || d.getUTCMonth() !== Number(mm) - 1 || d.getUTCDate() !== Number(dd)) return null;
  if (Number(yyyy) < 1900 || Number(yyyy) > 2999) return null;
  return `${yyyy}-${mm}-${dd}`;
}

/** 'YYYY-MM-DD' to 'MM/DD/YYYY'. */
export function isoDateToUs(iso: string): string {
  const [y, m, d] = iso.slice(0, 10).split("-");
  return `${m}/${d}/${y}`;
}

/** Save-the-date entry add/edit (the Event/document form; v1 store_event). */
export const saveTheDateFormSchema = z.object({
  slug: slugSchema,
  id: idSchema.optional(),
  title: titleSchema,
  description: descriptionSchema,
  eventDate: z
    .string({ error: MESSAGES.dateRequired })
    .trim()
    .min(1, MESSAGES.dateRequired)
    .refine((v) => usDateToIso(v) !== null, MESSAGES.dateInvalid),
  documents: z.array(documentRefSchema).max(MAX_SAVE_THE_DATE_FILES, `Only ${MAX_SAVE_THE_DATE_FILES} files are allowed`),
});
export type SaveTheDateFormValues = z.infer<typeof saveTheDateFormSchema>;

export const commentFormSchema = z.object({
  postId: idSchema,
  comment: z
    .string({ error: MESSAGES.commentRequired })
    .trim()
    .min(1, MESSAGES.commentRequired)
    .max(DESCRIPTION_MAX, `The Comment cannot be longer than ${DESCRIPTION_MAX} characters.`),
});
export type CommentFormValues = z.infer<typeof commentFormSchema>;

export const contentKindSchema = z.enum(["discussion", "attachment"], { error: "The type must be discussion or attachment." });
export type ContentKind = z.infer<typeof contentKindSchema>;

export const pinSchema = z.object({
  slug: slugSchema.optional(),
  id: idSchema,
  kind: contentKindSchema,
  pin: z.boolean(),
});

export const deleteContentSchema = z.object({
  slug: slugSchema.optional(),
  id: idSchema,
  kind: contentKindSchema,
});

export const deleteSaveTheDateSchema = z.object({
  slug: slugSchema.optional(),
  id: idSchema,
});

/** A list request (page query string or v1 query): page from 1, optional search, sort per list. */
export function listQuerySchema(sorts: readonly Sort[] = SORTS) {
  return z.object({
    page: z.coerce.number({ error: MESSAGES.page }).int(MESSAGES.page).min(1, MESSAGES.page).max(1_000_000, MESSAGES.page).default(1),
    q: z.string().trim().max(SEARCH_MAX, MESSAGES.searchTooLong).default(""),
    sort: z
      .string()
      .trim()
      .transform((s) => SORT_SYNONYMS[s.toLowerCase()] ?? s.toLowerCase())
      .pipe(z.enum(sorts as [Sort, ...Sort[]], { error: MESSAGES.sort(sorts) }))
      .default("newest"),
  });
}

/** Older clients sent the direction only (Newest desc, Oldest asc). */
const SORT_SYNONYMS: Record<string, Sort> = { desc: "newest", asc: "oldest", atoz: "a-z", ztoa: "z-a", "": "newest" };

/** Document names in the carousel are cut to 5 characters; titles to 60 (list) or 20 (grid). */
export function cut(text: string, max: number): string {
  const chars = Array.from(text);
  return chars.length > max ? `${chars.slice(0, max).join("")}...` : text;
}

export function extensionOf(name: string): string {
  const base = name.split("/").pop() ?? name;
  const i = base.lastIndexOf(".");
  return i > 0 ? base.slice(i + 1).toLowerCase().slice(0, 16) : "";
}

export function isGalleryImage(extension: string): boolean {
  return (GALLERY_EXTENSIONS as readonly string[]).includes(extension.toLowerCase());
}

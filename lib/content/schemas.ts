import { z } from "zod";
import { line, text } from "@/lib/validation/text";
import {
  DESCRIPTION_MAX,
  isSafeStoragePath,
  isWebUrl,
  MAX_FILE_BYTES,
  MAX_POST_FILES,
  MAX_SAVE_THE_DATE_FILES,
  MESSAGES,
  SEARCH_MAX,
  SORTS,
  TITLE_MAX,
  URL_MAX,
  usDateToIso,
  type Sort,
} from "./constants";

export * from "./constants";

/**
 * Zod schemas of the content forms, shared by react-hook-form in the browser and the server actions /
 * v1 calls on the server (one schema per form). No server-only imports here.
 */

export const slugSchema = text({ error: MESSAGES.slug })
  .trim()
  .min(1, MESSAGES.slug)
  .max(190, MESSAGES.slug)
  .regex(/^[A-Za-z0-9_-]+$/, MESSAGES.slug);

export const idSchema = z.number({ error: MESSAGES.id }).int(MESSAGES.id).positive(MESSAGES.id).max(2_147_483_647, MESSAGES.id);

export const titleSchema = line("Title", { error: MESSAGES.titleRequired })
  .trim()
  .min(1, MESSAGES.titleRequired)
  .max(TITLE_MAX, MESSAGES.titleTooLong);

export const descriptionSchema = text().max(DESCRIPTION_MAX, MESSAGES.descriptionTooLong);

/**
 * A stored file as the upload call returned it: the storage path plus what the uploader sent. The path
 * is a relative storage key (no scheme, no `..`, no leading slash).
 */
export const documentRefSchema = z.object({
  path: text()
    .trim()
    .min(1, "The file path is required.")
    .max(1024, "The file path is too long.")
    .refine((p) => isSafeStoragePath(p), "The file path is not valid."),
  name: line("The file name").trim().min(1, "The file name is required.").max(255, "The file name is too long."),
  size: z
    .number()
    .int()
    .min(0)
    .refine((n) => n <= MAX_FILE_BYTES, { error: (iss) => MESSAGES.fileTooBig(Math.ceil(Number(iss.input) / 1024 / 1024)) }),
  type: text().trim().max(190).catch(""),
});
export type DocumentRef = z.infer<typeof documentRefSchema>;

/** Discussion add/edit (DiscussionAddForm / DiscussionEditForm; v1 store_post). */
export const discussionFormSchema = z.object({
  slug: slugSchema,
  id: idSchema.optional(),
  title: titleSchema,
  description: descriptionSchema,
  documents: z.array(documentRefSchema).max(MAX_POST_FILES, MESSAGES.tooManyPostFiles),
});
export type DiscussionFormValues = z.infer<typeof discussionFormSchema>;

/** Attachment add/edit (AttachmentAddForm / AttachmentEditForm; v1 store_attachment). */
export const attachmentFormSchema = z
  .object({
    slug: slugSchema,
    id: idSchema.optional(),
    title: titleSchema,
    uploadType: z.enum(["file", "url"], { error: "Please choose Document or Link." }),
    url: text().trim().max(URL_MAX, MESSAGES.linkInvalid),
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

/** Save-the-date entry add/edit (the Event/document form; v1 store_event). */
export const saveTheDateFormSchema = z.object({
  slug: slugSchema,
  id: idSchema.optional(),
  title: titleSchema,
  description: descriptionSchema,
  eventDate: text({ error: MESSAGES.dateRequired })
    .trim()
    .min(1, MESSAGES.dateRequired)
    .refine((v) => usDateToIso(v) !== null, MESSAGES.dateInvalid),
  documents: z.array(documentRefSchema).max(MAX_SAVE_THE_DATE_FILES, MESSAGES.oneFileOnly),
});
export type SaveTheDateFormValues = z.infer<typeof saveTheDateFormSchema>;

export const commentFormSchema = z.object({
  postId: idSchema,
  comment: text({ error: MESSAGES.commentRequired })
    .trim()
    .min(1, MESSAGES.commentRequired)
    .max(DESCRIPTION_MAX, `The Comment cannot be longer than ${DESCRIPTION_MAX} characters.`),
});
export type CommentFormValues = z.infer<typeof commentFormSchema>;

export const contentKindSchema = z.enum(["discussion", "attachment"], { error: "The type must be discussion or attachment." });

export const pinSchema = z.object({
  slug: slugSchema.optional(),
  id: idSchema,
  kind: contentKindSchema,
  pin: z.boolean({ error: "The type must be Pin or Unpin." }),
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

/** Older clients sent the direction only (Newest desc, Oldest asc). */
const SORT_SYNONYMS: Record<string, Sort> = { desc: "newest", asc: "oldest", atoz: "a-z", ztoa: "z-a", "": "newest" };

/** A list request (page query string or v1 query): page from 1, optional search, sort per list. */
export function listQuerySchema(sorts: readonly Sort[] = SORTS) {
  return z.object({
    page: z.coerce.number({ error: MESSAGES.page }).int(MESSAGES.page).min(1, MESSAGES.page).max(1_000_000, MESSAGES.page).default(1),
    q: text().trim().max(SEARCH_MAX, MESSAGES.searchTooLong).default(""),
    sort: text()
      .trim()
      .transform((s) => SORT_SYNONYMS[s.toLowerCase()] ?? s.toLowerCase())
      .pipe(z.enum(sorts as [Sort, ...Sort[]], { error: MESSAGES.sort(sorts) }))
      .default("newest"),
  });
}


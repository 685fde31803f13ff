import { z } from "zod";
import { line, text } from "@/lib/validation/text";
import { dateOnly, dateTime } from "@/lib/validation/dates";
import {
  DESCRIPTION_MAX,
  isSafeStoragePath,
  MAX_FILE_BYTES,
  MAX_POST_FILES,
  UPLOAD_TYPES,
  MAX_SAVE_THE_DATE_FILES,
  MESSAGES,
  TITLE_MAX,
  URL_MAX,
  usDateToIso,
} from "./constants";
import { SEARCH_MAX, SORTS, type Sort } from "./basics";
import { isWebUrl } from "@/lib/url";
import { idSchema as anyIdSchema } from "@/lib/validation/id";

/**
 * Zod schemas of the content forms, shared by react-hook-form in the browser and the server actions /
 * v1 calls on the server (one schema per form). No server-only imports here.
 */

export const slugSchema = text({ error: MESSAGES.slug })
  .trim()
  .min(1, MESSAGES.slug)
  .max(190, MESSAGES.slug)
  .regex(/^[A-Za-z0-9_-]+$/, MESSAGES.slug);

export const idSchema = anyIdSchema(MESSAGES.id, { coerce: false });

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
    .refine((n) => n <= MAX_FILE_BYTES, {
      error: (iss) => MESSAGES.fileTooBig(Math.ceil(Number(iss.input) / 1024 / 1024)),
    }),
  type: text().trim().max(190).catch(""),
});
export type DocumentRef = z.infer<typeof documentRefSchema>;

export const AUDIENCE_MESSAGES = {
  locations: "Please choose locations from the list.",
  roles: "Please choose roles from the list.",
  /** An audience is whole or refused (docs/decisions.md): a part left out would read as 'everyone'. */
  locationsMissing: "The audience needs its 'locations' (a list of location ids; an empty list is every location).",
  rolesMissing: "The audience needs its 'roles' (a list of role ids; an empty list is every role).",
  unknownLocation: (ids: number[]) => `Unknown location${ids.length > 1 ? "s" : ""}: ${ids.join(", ")}.`,
  unknownRole: (ids: number[]) => `Unknown role${ids.length > 1 ? "s" : ""}: ${ids.join(", ")}.`,
  expiresBeforePublish: "'Expires at' must be after 'Publish at'.",
  publishInPast: "'Publish at' must be in the future.",
  dueInPast: "The due date of a new must-read cannot be in the past.",
  dueWithoutMustRead: "A due date needs 'Must read'.",
  dueBeforePublish: "The due date must be after 'Publish at': nobody can read the post before it is published.",
} as const;

/**
 * Who a post or attachment reaches (docs/features/content.md): location ids and role ids; empty lists (the default)
 * are everyone who can open the menu. Both lists are required: an audience is whole or refused, never
 * widened by a part left out (docs/decisions.md). Whether the ids exist is checked on save (lib/content/mutations.ts).
 */
export const audienceSchema = z.object({
  locations: z
    .array(anyIdSchema(AUDIENCE_MESSAGES.locations, { coerce: false }), {
      error: (iss) => (iss.input === undefined ? AUDIENCE_MESSAGES.locationsMissing : AUDIENCE_MESSAGES.locations),
    })
    .max(1000, AUDIENCE_MESSAGES.locations),
  roles: z
    .array(anyIdSchema(AUDIENCE_MESSAGES.roles, { coerce: false }), {
      error: (iss) => (iss.input === undefined ? AUDIENCE_MESSAGES.rolesMissing : AUDIENCE_MESSAGES.roles),
    })
    .max(100, AUDIENCE_MESSAGES.roles),
});
export type Audience = z.infer<typeof audienceSchema>;

/**
 * An ISO 8601 date-time with its offset (the form converts the viewer's local time), or null for none;
 * read by the portal's one date parser (lib/dates/parse.ts), out as UTC ISO text.
 */
export const dateTimeSchema = (label: string) => dateTime(label).nullable();

/** A past moment is allowed this long ago (the form was filled in a minute before it was saved). */
const PAST_GRACE_MS = 10 * 60 * 1000;

/**
 * Audience and schedule of a post or attachment. Each is optional: a v1 client that does not send one
 * keeps what is stored (everyone, at once, for good on a new item).
 */
const scheduleFields = {
  audience: audienceSchema.optional(),
  publishAt: dateTimeSchema("'Publish at'").optional(),
  expiresAt: dateTimeSchema("'Expires at'").optional(),
};

type ScheduleValues = { id?: number; publishAt?: string | null; expiresAt?: string | null };

function checkSchedule(v: ScheduleValues, ctx: z.RefinementCtx) {
  const publish = v.publishAt ? Date.parse(v.publishAt) : null;
  const expires = v.expiresAt ? Date.parse(v.expiresAt) : null;
  if (publish != null && expires != null && expires <= publish)
    ctx.addIssue({ code: "custom", path: ["expiresAt"], message: AUDIENCE_MESSAGES.expiresBeforePublish });
  if (v.id == null && publish != null && publish < Date.now() - PAST_GRACE_MS)
    ctx.addIssue({ code: "custom", path: ["publishAt"], message: AUDIENCE_MESSAGES.publishInPast });
}

/** Discussion add/edit (DiscussionAddForm / DiscussionEditForm; v1 store_post). */
export const discussionFormSchema = z
  .object({
    slug: slugSchema,
    id: idSchema.optional(),
    title: titleSchema,
    description: descriptionSchema,
    documents: z.array(documentRefSchema).max(MAX_POST_FILES, MESSAGES.tooManyPostFiles),
    ...scheduleFields,
    /** Must read (docs/features/must-read.md): everyone in the audience is asked to acknowledge it, by `dueAt` when set. */
    mustRead: z.boolean({ error: "Must read is yes or no." }).optional(),
    dueAt: dateTimeSchema("The due date").optional(),
    /** 'Needs acknowledging again': earlier acknowledgements stop counting (kept in history). */
    reacknowledge: z.boolean({ error: "'Needs acknowledging again' is yes or no." }).optional(),
  })
  .superRefine((v, ctx) => {
    checkSchedule(v, ctx);
    if (v.dueAt && v.mustRead === false)
      ctx.addIssue({ code: "custom", path: ["dueAt"], message: AUDIENCE_MESSAGES.dueWithoutMustRead });
    if (v.id == null && v.mustRead && v.dueAt && Date.parse(v.dueAt) < Date.now() - PAST_GRACE_MS) {
      ctx.addIssue({ code: "custom", path: ["dueAt"], message: AUDIENCE_MESSAGES.dueInPast });
    }
    if (v.dueAt && v.publishAt && Date.parse(v.dueAt) <= Date.parse(v.publishAt))
      ctx.addIssue({ code: "custom", path: ["dueAt"], message: AUDIENCE_MESSAGES.dueBeforePublish });
  });
export type DiscussionFormValues = z.infer<typeof discussionFormSchema>;

/** A new post on the page `slug`: the add page's values, and the form's after 'Save and add another'. */
export function emptyDiscussion(slug: string): DiscussionFormValues {
  return {
    slug,
    title: "",
    description: "",
    documents: [],
    audience: { locations: [], roles: [] },
    publishAt: null,
    expiresAt: null,
    mustRead: false,
    dueAt: null,
  };
}

/** Attachment add/edit (AttachmentAddForm / AttachmentEditForm; v1 store_attachment). */
export const attachmentFormSchema = z
  .object({
    slug: slugSchema,
    id: idSchema.optional(),
    title: titleSchema,
    uploadType: z.enum(UPLOAD_TYPES, { error: "Please choose Document or Link." }),
    url: text().trim().max(URL_MAX, MESSAGES.linkInvalid),
    groupId: idSchema.nullable(),
    documents: z.array(documentRefSchema).max(1, MESSAGES.oneFileOnly),
    ...scheduleFields,
  })
  .superRefine((v, ctx) => {
    checkSchedule(v, ctx);
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

export const contentKindSchema = z.enum(["discussion", "attachment"], {
  error: "The type must be discussion or attachment.",
});

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
    page: z.coerce
      .number({ error: MESSAGES.page })
      .int(MESSAGES.page)
      .min(1, MESSAGES.page)
      .max(1_000_000, MESSAGES.page)
      .default(1),
    q: text().trim().max(SEARCH_MAX, MESSAGES.searchTooLong).default(""),
    sort: text()
      .trim()
      .transform((s) => SORT_SYNONYMS[s.toLowerCase()] ?? s.toLowerCase())
      .pipe(z.enum(sorts as [Sort, ...Sort[]], { error: MESSAGES.sort(sorts) }))
      .default("newest"),
  });
}

/** The compliance board's filters (in its URL, and its export's): published from / to (inclusive days), one location. */
export const complianceFiltersSchema = z.object({
  from: dateOnly("Published from").optional(),
  to: dateOnly("Published to").optional(),
  location: anyIdSchema(undefined, { required: "Please choose a location from the list." }).optional(),
});

export const exportFormatSchema = z.enum(["csv", "xlsx"], { error: "The format must be csv or xlsx." }).default("csv");

import { z } from "zod";
import { text } from "@/lib/validation/text";
import { fieldNames, idField, nullAsEmpty } from "@/lib/forms/fields";
import { LOCATION_REQUIRED_MESSAGE } from "@/lib/forms/messages";
import { FORM_KEYS } from "@/lib/forms/form-keys";
import { MAPPING_STATUSES } from "@/lib/forms/column-values";

export const MAPPER_MESSAGES = {
  form: "Select Form",
  location: LOCATION_REQUIRED_MESSAGE,
  to: "Please enter email",
  invalid: "Please enter valid Email",
} as const;

/** At most this many addresses in To or CC. */
export const MAX_TAGS = 50;

/** Whether a tag is an e-mail address (the tag input refuses it with 'Please enter valid Email'). */
export const isEmailTag = (v: string) => v.length <= 254 && z.email().safeParse(v).success;

/** Addresses de-duplicated case-insensitively, the first spelling kept (the old portal: duplicates collapsed). */
export function collapseEmails(list: string[]): string[] {
  const seen = new Set<string>();
  return list.filter((a) => {
    const k = a.toLowerCase();
    if (seen.has(k)) return false;
    seen.add(k);
    return true;
  });
}

/** Comma-joined text as its trimmed parts ('NULL' and '' are none); anything else as it came. */
function commaList(v: unknown): unknown {
  const x = nullAsEmpty(v);
  return typeof x === "string"
    ? x
        .split(",")
        .map((s) => s.trim())
        .filter(Boolean)
    : x;
}

/** A list of addresses: an array, or the calls' comma-separated text. */
const emails = z.preprocess(
  (v) => commaList(v) ?? [],
  z
    .array(text().trim().refine(isEmailTag, MAPPER_MESSAGES.invalid))
    .max(MAX_TAGS, `At most ${MAX_TAGS} addresses.`)
    .transform(collapseEmails),
);

/** Ids as an array, comma-joined text or one number; anything else (left out: undefined) as it came. */
function idList(v: unknown): unknown {
  const x = commaList(v);
  return typeof x === "number" ? [x] : x;
}

/** Location ids: an array, or comma-joined text. */
const locationIds = z.preprocess(
  (v) => idList(v) ?? [],
  z
    .array(idField(MAPPER_MESSAGES.location), { error: MAPPER_MESSAGES.location })
    .min(1, MAPPER_MESSAGES.location)
    .max(500, "At most 500 locations.")
    .transform((ids) => [...new Set(ids)]),
);

export const APPROVER_MESSAGE = "Approvers must be administrators or managers.";

/**
 * Approvers (docs/features/requests.md): portal users' ids, an array or comma-joined text. Left out (an old client), the
 * mapping keeps its approvers; an empty list clears them.
 */
const approverIds = z.preprocess(
  idList,
  z
    .array(idField(APPROVER_MESSAGE), { error: APPROVER_MESSAGE })
    .max(MAX_TAGS, `At most ${MAX_TAGS} approvers.`)
    .transform((ids) => [...new Set(ids)])
    .optional(),
);

/** The form email manager's form (and, translated, the add/update call). */
export const mappingSchema = z.object({
  id: z
    .union([z.literal(""), z.null(), idField("The id must be a number.")])
    .optional()
    .transform((v) => (v === "" || v == null ? null : v)),
  formId: idField(MAPPER_MESSAGES.form).refine((n) => n <= FORM_KEYS.length, MAPPER_MESSAGES.form),
  locationIds,
  to: emails.refine((a) => a.length > 0, MAPPER_MESSAGES.to),
  cc: emails,
  approverIds,
  /** Only an administrator (role 1) changes it; others' values are ignored. */
  status: z.enum(MAPPING_STATUSES).optional(),
});
export type MappingInput = z.input<typeof mappingSchema>;
export type MappingValues = z.output<typeof mappingSchema>;
export const MAPPING_FIELDS = fieldNames(mappingSchema);

export const blankMapping = (formId = 1): MappingInput => ({
  id: "",
  formId: String(formId),
  locationIds: [],
  to: [],
  cc: [],
  approverIds: [],
});

/** The duplicate check's input: the form(s), the locations and the mapping being edited. */
export const mappingCheckSchema = z.object({
  edit_id: z.preprocess(nullAsEmpty, z.union([z.literal(""), idField("The id must be a number.")]).optional()),
  form_key_id: z.preprocess(
    (v) => (Array.isArray(v) ? v : v === undefined ? [] : String(v).split(",").filter(Boolean)),
    z.array(idField(MAPPER_MESSAGES.form)).max(FORM_KEYS.length),
  ),
  form_id: z.preprocess(nullAsEmpty, z.union([z.literal(""), idField(MAPPER_MESSAGES.form)]).optional()),
  location: z.preprocess(
    (v) => (Array.isArray(v) ? v : v === undefined ? [] : String(nullAsEmpty(v)).split(",").filter(Boolean)),
    z.array(idField(MAPPER_MESSAGES.location)).max(500),
  ),
});

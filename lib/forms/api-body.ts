import { z } from "zod";
import { parseOverStored } from "@/lib/validation/partial";
import type { SubmissionInput } from "./save-submission";
import { idField, nullAsEmpty } from "./fields";

/** A v1 body's fields under the form's names: only those the body names; 'NULL' and null read as empty. */
function mapNames(b: Record<string, unknown>, map: Record<string, string>): Record<string, unknown> {
  const input: Record<string, unknown> = {};
  for (const [api, name] of Object.entries(map)) {
    const v = nullAsEmpty(b[api]);
    if (v === undefined) continue;
    input[name] = typeof v === "number" || Array.isArray(v) || (typeof v === "object" && v !== null) ? v : String(v);
  }
  return input;
}

/** The form's issues under the payload's names. */
function issuesUnderApiNames(error: z.ZodError, map: Record<string, string>) {
  const back = Object.fromEntries(Object.entries(map).map(([api, name]) => [name, api]));
  return error.issues.map((issue) => {
    const [head, ...rest] = issue.path.map(String);
    return { path: [back[head] ?? head, ...rest], message: issue.message };
  });
}

/**
 * A v1 body whose field names are the old portal's (`empolyee_name`, `howMuchTimeBilled`...), read
 * into a form's schema with the correct names (docs/decisions.md: misspellings at the API edge only). `map`
 * is payload name -> form field; 'NULL' and null read as empty; numbers stay numbers, other values
 * become text, so the form schema (text(), idField...) checks them as it checks the form. Field
 * errors come back under the payload's names. `extra` keys are read but not passed on.
 */
export function apiBody<S extends z.ZodType>(
  form: S,
  map: Record<string, string>,
  opts: { defaults?: Record<string, unknown>; extra?: z.ZodRawShape } = {},
) {
  const shape: z.ZodRawShape = Object.fromEntries(Object.keys(map).map((k) => [k, z.unknown().optional()]));
  return z.object({ ...shape, ...(opts.extra ?? {}) }).transform((b, ctx): z.output<S> => {
    const parsed = form.safeParse({ ...(opts.defaults ?? {}), ...mapNames(b, map) });
    if (!parsed.success) {
      for (const issue of issuesUnderApiNames(parsed.error, map)) ctx.addIssue({ code: "custom", ...issue });
      return z.NEVER;
    }
    return parsed.data;
  });
}

export const RECORD_ID_MESSAGE = "The id must be a number.";

/** A v1 add/update body: a new record's values (checked whole), or an update's id and the fields it names. */
export type ApiSave<T> = { id: null; values: T } | { id: number; named: Record<string, unknown> };

/**
 * A v1 add/update call's body (docs/decisions.md: an update call changes only the fields its body names). Without
 * an `id` (or with '', 0, null, 'NULL') it is a new record, read as apiBody reads it (with `defaults`).
 * With an `id` it is an update whose named fields are kept under the form's names, unchecked: `resolve`
 * lays them over the stored record's values (a field left out keeps its stored value, no default
 * replaces it) and checks the whole with the form's schema, so rules between fields still hold; its
 * errors are 422s under the payload's names.
 */
export function apiSaveBody<S extends z.ZodType>(
  form: S,
  map: Record<string, string>,
  opts: { defaults?: Record<string, unknown>; extra?: z.ZodRawShape } = {},
) {
  const id = z
    .union([z.literal(""), z.literal(0), z.null(), idField(RECORD_ID_MESSAGE)], { error: RECORD_ID_MESSAGE })
    .optional()
    .transform((v) => (v === "" || v === 0 || v == null ? null : v));
  const shape: z.ZodRawShape = Object.fromEntries(Object.keys(map).map((k) => [k, z.unknown().optional()]));
  const body = z
    .object({ ...shape, ...(opts.extra ?? {}), id: z.preprocess(nullAsEmpty, id) })
    .transform((b, ctx): ApiSave<z.output<S>> => {
      const named = mapNames(b, map);
      if (b.id !== null) return { id: b.id, named };
      const parsed = form.safeParse({ ...(opts.defaults ?? {}), ...named });
      if (!parsed.success) {
        for (const issue of issuesUnderApiNames(parsed.error, map)) ctx.addIssue({ code: "custom", ...issue });
        return z.NEVER;
      }
      return { id: null, values: parsed.data };
    });
  const names = Object.fromEntries(Object.entries(map).map(([api, name]) => [name, api]));
  /** An update's values: the named fields over the stored record's form values, checked whole (422s under the payload's names). */
  const overStoredValues = (save: { id: number; named: Record<string, unknown> }, stored: Record<string, unknown>) =>
    parseOverStored(form, stored, { ...save.named, id: save.id }, names);
  return Object.assign(body, {
    /**
     * What the form's save is given (lib/forms/save-submission.ts saveSubmission): a new record's values
     * as checked, or an update's id with the merge that the save runs on the stored record's form values
     * once it holds the row's lock, so a field left out that changed meanwhile is kept, not overwritten.
     */
    submission(save: ApiSave<z.output<S>>): SubmissionInput<z.output<S>> {
      if (save.id === null) return save.values;
      return { id: save.id, overStored: async (stored) => overStoredValues(save, stored) };
    },
    /**
     * The values to save: a new record's as checked, an update's as the stored record's form values
     * (`stored(id)`, which answers the caller's 404 for a record they may not see) with the named fields
     * over them, checked whole. Read before the save's transaction, that is not race-free: a save takes
     * `submission(save)` instead.
     */
    async resolve(
      save: ApiSave<z.output<S>>,
      stored: (id: number) => Promise<Record<string, unknown>>,
    ): Promise<z.output<S>> {
      return save.id === null ? save.values : overStoredValues(save, await stored(save.id));
    },
  });
}

import type { z } from "zod";
import { AppError } from "@/lib/errors";
import { fieldErrorsOf, underPayloadNames } from "@/lib/api/payload-names";

/**
 * A field left out is a field kept (docs/decisions.md: 'An update changes only the fields it
 * names'). An update's input is what is stored, in the form's own shape, with each field the body
 * names laid over it; the whole is then checked by the form's schema, so the rules between fields (a
 * department at its location, a link for a link entry) hold for the result and not only for the part
 * that was sent. A field whose value is `undefined` was not named; `null` and `""` are named (they clear).
 * Pure: the server actions (createAction's `stored`) and the v1 edges use it alike.
 */
export function overStored(stored: Record<string, unknown>, sent: unknown): Record<string, unknown> {
  if (!sent || typeof sent !== "object" || Array.isArray(sent)) return stored;
  const out: Record<string, unknown> = { ...stored };
  for (const [key, value] of Object.entries(sent)) if (value !== undefined) out[key] = value;
  return out;
}

/**
 * An update's values: `sent` laid over `stored` (overStored) and checked whole by `form`; else a 422
 * naming the first issue, its field errors under `names` (form field → payload name) for a v1 edge.
 * Race-free only where `stored` was read under the row's lock in the update's own transaction (a
 * mutation calls it there, e.g. lib/forms/save-submission.ts saveSubmission): read before it, a change
 * to a field the body left out, committed in between, would be overwritten.
 */
export function parseOverStored<S extends z.ZodType>(
  form: S,
  stored: Record<string, unknown>,
  sent: unknown,
  names: Record<string, string> = {},
): z.output<S> {
  const parsed = form.safeParse(overStored(stored, sent));
  if (parsed.success) return parsed.data;
  const fieldErrors = underPayloadNames(fieldErrorsOf(parsed.error), names);
  throw new AppError(422, parsed.error.issues[0]?.message ?? "The request is not valid.", fieldErrors);
}

/** Whether a body named the field: present and not `undefined` (`null` and `""` are named). */
export const named = (value: unknown) => value !== undefined;

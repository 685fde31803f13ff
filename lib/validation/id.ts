import { z } from "zod";
import "./messages";

/** The largest row id: the upper bound of PostgreSQL's `integer` (every id column is one). */
export const MAX_ID = 2_147_483_647;

/** Digits only, at most ten of them (a larger number is past MAX_ID anyway). */
const DIGITS = /^\d{1,10}$/;

/**
 * A row id from anything unchecked (a path segment, a search parameter, a raw body field): a whole
 * number 1..MAX_ID, or a string of digits naming one; anything else (blank, '1e3', '12.0', '-1', 0,
 * out of range) is null. Pages turn null into notFound(); queries into "no such row".
 */
export function toId(value: unknown): number | null {
  const n = typeof value === "number" ? value : typeof value === "string" && DIGITS.test(value) ? Number(value) : NaN;
  return Number.isInteger(n) && n >= 1 && n <= MAX_ID ? n : null;
}

/**
 * The zod schema of a row id: a number (or a string coerced to one) 1..MAX_ID. `message` for every
 * failure, `required` (default `message`) when there is no number at all; without either, the
 * portal's generic wording (lib/validation/messages.ts). `{ coerce: false }` refuses strings (JSON
 * bodies whose ids are numbers).
 */
export function idSchema(message?: string, options?: { required?: string; coerce?: true }): z.ZodCoercedNumber;
export function idSchema(message: string | undefined, options: { required?: string; coerce: false }): z.ZodNumber;
export function idSchema(
  message?: string,
  { required = message, coerce = true }: { required?: string; coerce?: boolean } = {},
) {
  const base: z.ZodNumber = coerce ? z.coerce.number({ error: required }) : z.number({ error: required });
  return base.int(message).min(1, message).max(MAX_ID, message);
}

/** Ids of a selection: an array of idSchema, at most `max` of them (`tooMany` says so). */
export function idListSchema(max: number, tooMany?: string, message?: string) {
  return z.array(idSchema(message)).max(max, tooMany);
}

/** An optional id: absent, "", null, 0 or "0" (a select's "none", a new record) is undefined; otherwise idSchema. */
export function optionalIdSchema(message?: string) {
  return z.preprocess(
    (v) => (v === "" || v === null || v === 0 || v === "0" ? undefined : v),
    idSchema(message).optional(),
  );
}

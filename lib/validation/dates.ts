import { text } from "./text";
import { MAX_YEAR, MIN_YEAR, formatYmd, parseInstant, parseIsoDate } from "@/lib/dates/parse";

/**
 * The zod schemas of date fields, built on the portal's one date parser (lib/dates/parse.ts, pure and
 * without zod, for the browser's pages that ship no schemas). Every schema that takes a date or a
 * date-time from a URL's query, a v1 body or a form uses these (or, for the staff forms' and
 * save-the-date's MM/DD/YYYY, the parser's parseUsDate).
 */

/** The message of a date field that is not a real date: it names the field and the range. */
export const dateMessage = (label: string) =>
  `${label} must be a real date from ${MIN_YEAR} to ${MAX_YEAR}, written YYYY-MM-DD.`;

/** The message of a date-time field that is not a real instant: it names the field and the range. */
export const dateTimeMessage = (label: string) =>
  `${label} must be a real date and time from ${MIN_YEAR} to ${MAX_YEAR} with its offset, such as 2026-03-01T09:00:00-08:00.`;

/**
 * A date field (URL query, v1 body, form): `YYYY-MM-DD` that exists, in MIN_YEAR..MAX_YEAR; out as
 * `YYYY-MM-DD`. Anything else fails with `message` (by default one naming `label`): a 422 at the API,
 * the field's message in a form, a dropped filter on a page.
 */
export function dateOnly(label: string, message = dateMessage(label)) {
  return text({ error: message })
    .trim()
    .max(40, message)
    .refine((v) => parseIsoDate(v) !== null, message)
    .transform((v) => formatYmd(parseIsoDate(v)!));
}

/**
 * An instant field: a date-time with its offset (`2026-03-01T09:00:00-08:00`, `...Z`) that exists, in
 * MIN_YEAR..MAX_YEAR; out as the instant's ISO text in UTC (`2026-03-01T17:00:00.000Z`). Anything
 * else fails with `message` (by default one naming `label`).
 */
export function dateTime(label: string, message = dateTimeMessage(label)) {
  return text({ error: message })
    .trim()
    .max(40, message)
    .refine((v) => parseInstant(v) !== null, message)
    .transform((v) => new Date(parseInstant(v)!).toISOString());
}

import { z } from "zod";
import { line, text } from "@/lib/validation/text";
import { formatYmd, parseIsoDate, parseUsDate } from "@/lib/dates/parse";
import { toId } from "@/lib/validation/id";

/**
 * Field schemas the staff forms share (client and server: one zod schema per form). Texts are at most
 * 190 characters and long texts 65534 (the old portal's limits and formats); dates arrive as the date input's YYYY-MM-DD or
 * the old clients' MM/DD/YYYY and leave as YYYY-MM-DD, real calendar dates only (02/30/2026 is refused).
 */

export const TEXT_MAX = 190;
export const LONG_TEXT_MAX = 65534;

export const tooLong = (label: string, max = TEXT_MAX) => `${label} Can Not Be Longer Than ${max} Characters.`;

/** A text field: one line (lib/validation/text.ts `line`) up to TEXT_MAX characters, a textarea's text past it. */
const field = (label: string, max: number, params?: Parameters<typeof text>[0]) =>
  max > TEXT_MAX ? text(params) : line(label, params);

/** A required text: `message` when empty, at most `max` characters; one line unless longer than TEXT_MAX. */
export const requiredText = (message: string, label: string, max = TEXT_MAX) =>
  field(label, max, { error: message }).trim().min(1, message).max(max, tooLong(label, max));

/** An optional text ('' when absent); one line unless longer than TEXT_MAX. */
export const optionalText = (label: string, max = TEXT_MAX) =>
  field(label, max).trim().max(max, tooLong(label, max)).optional().default("");

/**
 * YYYY-MM-DD of 'YYYY-MM-DD' or 'MM/DD/YYYY', or null when it is not a real date (the portal's one
 * date parser, lib/dates/parse.ts: days that exist, years 1900 to 2999).
 */
export function parseFormDate(value: string): string | null {
  const v = value.trim();
  const d = parseIsoDate(v) ?? parseUsDate(v);
  return d ? formatYmd(d) : null;
}

/** MM/DD/YYYY (the old portal's display format) of a YYYY-MM-DD date. */
export function displayDate(iso: string | null | undefined): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(iso ?? "");
  return m ? `${m[2]}/${m[3]}/${m[1]}` : "";
}

export const INVALID_DATE = "Please enter a valid date (MM/DD/YYYY).";

/** A required date: `message` when empty, INVALID_DATE when not a real date; YYYY-MM-DD out. */
export const requiredDate = (message: string) =>
  text({ error: message })
    .trim()
    .min(1, { error: message, abort: true })
    .refine((v) => parseFormDate(v) !== null, INVALID_DATE)
    .transform((v) => parseFormDate(v)!);

/** An optional date ('' stays ''). */
export const optionalDate = () =>
  text()
    .trim()
    .optional()
    .default("")
    .refine((v) => v === "" || parseFormDate(v) !== null, INVALID_DATE)
    .transform((v) => (v === "" ? "" : parseFormDate(v)!));

export const INVALID_TIME = "Please enter the time as HH:MM.";

/**
 * HH:MM (24-hour) of a time as the time picker sends it (HH:MM, or HH:MM:SS) or as old clients typed it
 * (H:MM, '9:05 AM', '12:30pm'), or null when it is not a time of day.
 */
export function parseFormTime(value: string): string | null {
  const m = /^(\d{1,2}):([0-5]\d)(?::[0-5]\d(?:\.\d+)?)?\s*([ap]\.?m\.?)?$/i.exec(value.trim());
  if (!m) return null;
  let hours = Number(m[1]);
  const meridiem = m[3]?.[0].toLowerCase();
  if (meridiem) {
    if (hours < 1 || hours > 12) return null;
    hours = (hours % 12) + (meridiem === "p" ? 12 : 0);
  } else if (hours > 23) return null;
  return `${String(hours).padStart(2, "0")}:${m[2]}`;
}

/** An optional time of day ('' stays ''); HH:MM out (parseFormTime reads the formats it may come in). */
export const optionalTime = () =>
  text()
    .trim()
    .optional()
    .default("")
    .refine((v) => v === "" || parseFormTime(v) !== null, INVALID_TIME)
    .transform((v) => (v === "" ? "" : parseFormTime(v)!));

/** An e-mail: `required` when empty, `invalid` when malformed. */
export const emailField = (required: string, invalid: string) =>
  text({ error: required })
    .trim()
    .min(1, { error: required, abort: true })
    .max(TEXT_MAX, invalid)
    .pipe(z.email({ error: invalid }));

/**
 * A record id from a form or a payload: a whole number written in digits only ('12' or 12; not '1e3',
 * '12.0', 'abc'). `message` for anything else, including empty.
 */
export const idField = (message: string) =>
  z.union([z.number(), text()], { error: message }).transform((v, ctx) => {
    const id = toId(typeof v === "string" ? v.trim() : v);
    if (id === null) ctx.addIssue({ code: "custom", message });
    return id ?? z.NEVER;
  });

/** Today's date (YYYY-MM-DD) in the browser's or server's local time: the forms' date default. */
export function todayIso(now = new Date()): string {
  return `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, "0")}-${String(now.getDate()).padStart(2, "0")}`;
}

/** The old clients send the literal 'NULL' for an empty value: read it as empty. */
export const nullAsEmpty = (v: unknown) => (v === "NULL" || v === null ? "" : v);

/**
 * A form's field names, where the server's field errors land: its object schema's keys, in the schema's
 * order, but `id` (the record being edited, a hidden value no error is shown on).
 */
export function fieldNames<S extends z.ZodRawShape>(form: z.ZodObject<S>): readonly Exclude<keyof S & string, "id">[] {
  return form.keyof().options.filter((k): k is Exclude<keyof S & string, "id"> => k !== "id");
}

/** The values every edit form (and a v1 update, lib/forms/api-body.ts) starts from: the record's id and location, as the form's strings. */
export function recordFormKeys(row: { id: number; locationId: number | null }) {
  return { id: String(row.id), locationId: row.locationId == null ? "" : String(row.locationId) };
}

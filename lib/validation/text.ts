import { z } from "zod";
// Every parse then words the failures no schema wrote a text for (no zod default texts reach anyone).
import "./messages";

/**
 * Control characters (C0 but tab, line feed and carriage return; DEL; C1). PostgreSQL refuses NUL in
 * text outright (a 500 if it got there), and none of the others belongs in a title, a search or a
 * description.
 */
const CONTROL_CHARS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/g;

/** The text without control characters (tab, line feed and carriage return stay). */
export function stripControlChars(value: string): string {
  return value.replace(CONTROL_CHARS, "");
}

/**
 * The one string schema for input (forms, API bodies, query parameters): `z.string()` that strips
 * control characters before any other check, so `text().trim().min(1)` sees the cleaned text and no
 * NUL ever reaches the database. Use it instead of `z.string()` (a test refuses `z.string(` in app code).
 */
export function text(params?: Parameters<typeof z.string>[0]) {
  return z.string(params).overwrite(stripControlChars);
}

/** Line breaks that survive `text()`: CR, LF and Unicode's line and paragraph separators (NEL is a C1 control). */
const LINE_BREAK = /[\r\n\u2028\u2029]/;

/** The message a one-line field gives for a line break: 'Employee Name must be on one line.' */
export const oneLineMessage = (label: string) => `${label} must be on one line.`;

/**
 * `text()` for a one-line field (a name, a title, a subject, anything an `<input>` edits): a line break
 * inside is refused with `label`'s message (a 422 naming the field). Such values end up in mail
 * subjects and headers, CSV cells and single-line displays, where a line break is a way to smuggle a
 * header or a row in; the mail code refuses one outright, which was a 500. Breaks at either end are
 * left for `.trim()`.
 */
export function line(label: string, params?: Parameters<typeof z.string>[0]) {
  return text(params).refine((v) => !LINE_BREAK.test(v.trim()), oneLineMessage(label));
}

/**
 * The portal's one date parser (docs/security.md): every date or date-time that arrives from outside
 * (a URL's query, a v1 body, a form) is read here, and nowhere by `Date.parse` or `new Date(text)`,
 * which roll what does not exist (`2026-02-30` is March 2, `T24:00` the next day) and take years
 * PostgreSQL refuses (`0000-01-01` was a 500) or that overflow after an offset (`9999-12-31T23:59:59-14:00`).
 *
 * A date is real when its month is 1 to 12, its day exists in that month (leap years counted), its time
 * is 00:00:00 to 23:59:59 (no `24:00`, no leap second) and its year is MIN_YEAR to MAX_YEAR: nothing
 * the portal keeps (staff requests, posts, events, deadlines) is dated outside them, and every date
 * inside stays a date PostgreSQL and JavaScript both keep after any time zone is applied.
 *
 * Pure and dependency-free (no zod): pages in the browser use it too. The zod schemas of date fields
 * built on it are in lib/validation/dates.ts.
 */

import { daysInMonth, type Ymd } from "./civil";

export const MIN_YEAR = 1900;
/**
 * 2999, not less: old clients ask the lists for everything with `to_date=2999-12-31`, and the staff forms
 * took years up to it before this parser; 9999 (and year 0) stay out.
 */
export const MAX_YEAR = 2999;

export type { Ymd };
/** A date-time as written: its civil date and time, and its offset from UTC in minutes (null: none written). */
export type DateTimeParts = Ymd & { h: number; mi: number; s: number; ms: number; offset: number | null };

const pad = (n: number, w = 2) => String(n).padStart(w, "0");

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const US_DATE = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/;
/** `YYYY-MM-DD` `T` or space `HH:mm[:ss[.fraction]]`, then `Z`, `±HH:MM`, `±HHMM` or nothing. */
const DATE_TIME =
  /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,9}))?)?(?:(Z)|([+-])(\d{2}):?(\d{2}))?$/i;

/** Whether y-m-d is a day that exists, in MIN_YEAR..MAX_YEAR. */
export function isRealDate(y: number, m: number, d: number): boolean {
  return (
    Number.isInteger(y) &&
    Number.isInteger(m) &&
    Number.isInteger(d) &&
    y >= MIN_YEAR &&
    y <= MAX_YEAR &&
    m >= 1 &&
    m <= 12 &&
    d >= 1 &&
    d <= daysInMonth(y, m)
  );
}

/** `YYYY-MM-DD` of a date. */
export const formatYmd = ({ y, m, d }: Ymd) => `${pad(y, 4)}-${pad(m)}-${pad(d)}`;

/** The date of a `YYYY-MM-DD`, or null when it is not a real date. */
export function parseIsoDate(value: string): Ymd | null {
  const match = DATE.exec(value);
  if (!match) return null;
  const [y, m, d] = [Number(match[1]), Number(match[2]), Number(match[3])];
  return isRealDate(y, m, d) ? { y, m, d } : null;
}

/** The date of the old portal's `MM/DD/YYYY` (`M/D/YYYY` too), or null when it is not a real date. */
export function parseUsDate(value: string): Ymd | null {
  const match = US_DATE.exec(value);
  if (!match) return null;
  const [m, d, y] = [Number(match[1]), Number(match[2]), Number(match[3])];
  return isRealDate(y, m, d) ? { y, m, d } : null;
}

/**
 * A date-time as written (`2026-03-01T09:30`, `2026-03-01 09:30:00.5`, `2026-03-01T09:30:00-08:00`,
 * `...Z`), or null when any part does not exist: the day, an hour past 23, a minute or second past 59,
 * an offset past ±14:00 (the earth's widest), a year outside MIN_YEAR..MAX_YEAR.
 */
export function parseDateTime(value: string): DateTimeParts | null {
  const match = DATE_TIME.exec(value);
  if (!match) return null;
  const [y, m, d, h, mi] = [1, 2, 3, 4, 5].map((i) => Number(match[i]));
  const s = match[6] ? Number(match[6]) : 0;
  const ms = match[7] ? Math.floor(Number(`0.${match[7]}`) * 1000) : 0;
  if (!isRealDate(y, m, d) || h > 23 || mi > 59 || s > 59) return null;
  let offset: number | null = null;
  if (match[8]) offset = 0;
  else if (match[9]) {
    const [oh, om] = [Number(match[10]), Number(match[11])];
    if (om > 59 || oh * 60 + om > 14 * 60) return null;
    offset = (match[9] === "-" ? -1 : 1) * (oh * 60 + om);
  }
  return { y, m, d, h, mi, s, ms, offset };
}

/** Epoch milliseconds of the date and time written, read as UTC (the wall clock, before any offset). */
export function wallMs(p: DateTimeParts): number {
  return Date.UTC(p.y, p.m - 1, p.d, p.h, p.mi, p.s, p.ms);
}

/** The instant of a date-time that names its offset (`Z`, `±HH:MM`), in epoch milliseconds; null otherwise. */
export function parseInstant(value: string): number | null {
  const p = parseDateTime(value);
  if (!p || p.offset === null) return null;
  return wallMs(p) - p.offset * 60_000;
}

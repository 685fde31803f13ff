import { text } from "@/lib/validation/text";
import { civil, dayNumber, daysInMonth, formatDay } from "@/lib/calendar/zone";

/**
 * Calendar dates of the staff forms. The forms show and the old clients send MM/DD/YYYY (spec section
 * 9); YYYY-MM-DD is accepted too (the date input, the uniform list's range). A date that does not exist
 * (02/30/2026) is refused, not rolled over into March. The database keeps YYYY-MM-DD.
 */
export function parseFormDate(value: string): string | null {
  const v = value.trim();
  const us = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(v);
  const iso = /^(\d{4})-(\d{2})-(\d{2})$/.exec(v);
  const [y, m, d] = us ? [Number(us[3]), Number(us[1]), Number(us[2])] : iso ? [Number(iso[1]), Number(iso[2]), Number(iso[3])] : [0, 0, 0];
  if (!y || y < 1900 || y > 2999 || m < 1 || m > 12 || d < 1 || d > daysInMonth(y, m)) return null;
  return formatDay(dayNumber(y, m, d));
}

/** YYYY-MM-DD as the forms show it: MM/DD/YYYY. */
export function toUsDate(iso: string): string {
  const { y, m, d } = civil(dayNumber(Number(iso.slice(0, 4)), Number(iso.slice(5, 7)), Number(iso.slice(8, 10))));
  return `${String(m).padStart(2, "0")}/${String(d).padStart(2, "0")}/${y}`;
}

export const INVALID_DATE = "Please enter a valid date (MM/DD/YYYY).";

/** A required date field: `required` when empty, INVALID_DATE when it is not a real date; out YYYY-MM-DD. */
export function formDate(required: string) {
  return text({ error: required })
    .trim()
    .min(1, required)
    .refine((v) => v === "" || parseFormDate(v) !== null, INVALID_DATE)
    .transform((v) => parseFormDate(v) ?? "");
}

/** Today's date (YYYY-MM-DD) in the browser's or server's local zone. */
export function todayIso(now = new Date()): string {
  return formatDay(dayNumber(now.getFullYear(), now.getMonth() + 1, now.getDate()));
}

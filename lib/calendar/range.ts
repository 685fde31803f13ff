import { civil, dayNumber } from "./iso";
import { instantOf, isoDayOfWeek, localDay } from "./zone";

/**
 * The days FullCalendar's month view shows for a month: from the Sunday on or before the 1st, six
 * weeks (fixedWeekCount), as instants in `timeZone`. The server renders these occurrences first.
 */
export function monthGridRange(
  year: number,
  month: number,
  timeZone: string,
): { start: Date; end: Date; firstDay: string } {
  const first = dayNumber(year, month, 1);
  const gridStart = first - (isoDayOfWeek(first) % 7);
  return {
    start: new Date(instantOf(timeZone, gridStart, 0)),
    end: new Date(instantOf(timeZone, gridStart + 42, 0)),
    firstDay: `${String(year).padStart(4, "0")}-${String(month).padStart(2, "0")}-01`,
  };
}

/** Year and month of an instant in a zone. */
export function monthOf(date: Date, timeZone: string): { year: number; month: number } {
  const { y, m } = civil(localDay(timeZone, date.getTime()));
  return { year: y, month: m };
}

/** `YYYY-MM` from a query string, or null. */
export function parseMonthParam(v: string | undefined): { year: number; month: number } | null {
  const m = /^(\d{4})-(\d{2})$/.exec(v ?? "");
  if (!m) return null;
  const year = +m[1];
  const month = +m[2];
  return year >= 1900 && year <= 2200 && month >= 1 && month <= 12 ? { year, month } : null;
}

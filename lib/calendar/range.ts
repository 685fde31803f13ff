import { civil, dayNumber } from "@/lib/dates/civil";
import { instantOf, isoDayOfWeek, localDay } from "@/lib/dates/zone";
import { parseIsoDate } from "@/lib/dates/parse";

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

/** `YYYY-MM` from a query string (a real month, lib/dates/parse.ts), or null. */
export function parseMonthParam(v: string | undefined): { year: number; month: number } | null {
  const d = v && /^\d{4}-\d{2}$/.test(v) ? parseIsoDate(`${v}-01`) : null;
  return d ? { year: d.y, month: d.m } : null;
}

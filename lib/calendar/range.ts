import { civil, dayNumber } from "@/lib/dates/civil";
import { instantOf, isoDayOfWeek, localDay } from "@/lib/dates/zone";
import { parseIsoDate } from "@/lib/dates/parse";
import { AppError } from "@/lib/errors";
import { MAX_WINDOW_DAYS } from "./constants";

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

const DAY = 86_400_000;

/**
 * A read's window from its start and end parameters (`names`: how the caller calls them, for the field
 * messages): 30 days either side of now where absent, at most MAX_WINDOW_DAYS long.
 */
export function windowOf(
  values: { start?: string; end?: string },
  parse: (value: string) => Date | null,
  names: { start: string; end: string },
): { start: Date; end: Date } {
  const now = Date.now();
  const start = values.start ? parse(values.start) : new Date(now - 30 * DAY);
  const end = values.end ? parse(values.end) : new Date(now + 30 * DAY);
  const refuse = (field: string, message: string) => new AppError(422, message, { [field]: [message] });
  if (!start) throw refuse(names.start, `${names.start} is not a valid date.`);
  if (!end) throw refuse(names.end, `${names.end} is not a valid date.`);
  if (end <= start) throw refuse(names.end, `${names.end} must be after ${names.start}.`);
  if (end.getTime() - start.getTime() > MAX_WINDOW_DAYS * DAY)
    throw refuse(names.end, `The date range cannot be longer than ${MAX_WINDOW_DAYS} days.`);
  return { start, end };
}

import { civil, dayNumber } from "@/lib/dates/civil";
import { parseIsoDate } from "@/lib/dates/parse";
import { formatDay, isoDayOfWeek } from "@/lib/dates/zone";

/**
 * The uniform list's date range (the old portal's screens): days as YYYY-MM-DD, inclusive at both ends.
 * In the URL it is one filter, `f_range=2026-11-18..2026-11-24`, or `f_range=all` once cleared; with no
 * `f_range` the list shows the default range, the last 6 days through today. Pure: the browser's picker
 * and the server's query share it.
 */
export type DayRange = { from: string; to: string };

export const ALL_DATES = "all";

/** A YYYY-MM-DD that exists (lib/dates/parse.ts), as a day number (days since 1970-01-01), else null. */
export function isoDay(value: string): number | null {
  const d = parseIsoDate(value);
  return d ? dayNumber(d.y, d.m, d.d) : null;
}

/** `from..to` (from not after to) or `all`; anything else is null. */
export function parseRange(value: string | undefined): DayRange | typeof ALL_DATES | null {
  if (value === ALL_DATES) return ALL_DATES;
  const [from, to, extra] = (value ?? "").split("..");
  if (extra !== undefined || !from || !to) return null;
  const a = isoDay(from);
  const b = isoDay(to);
  return a !== null && b !== null && a <= b ? { from, to } : null;
}

export function formatRange(range: DayRange): string {
  return `${range.from}..${range.to}`;
}

const day = (n: number) => formatDay(n);
/** Sunday-based weeks, as the old portal's US picker had them. */
const weekStart = (n: number) => n - (isoDayOfWeek(n) % 7);

/** The default range: the 6 days before `today` through `today` (YYYY-MM-DD). */
export function defaultRange(today: string): DayRange {
  const t = isoDay(today)!;
  return { from: day(t - 6), to: day(t) };
}

export const RANGE_SHORTCUTS = ["Yesterday", "This Week", "Last Week", "This Month", "Last Month"] as const;
export type RangeShortcut = (typeof RANGE_SHORTCUTS)[number];

/** The range a shortcut stands for, relative to `today`. */
export function shortcutRange(name: RangeShortcut, today: string): DayRange {
  const t = isoDay(today)!;
  const { y, m } = civil(t);
  switch (name) {
    case "Yesterday":
      return { from: day(t - 1), to: day(t - 1) };
    case "This Week":
      return { from: day(weekStart(t)), to: day(weekStart(t) + 6) };
    case "Last Week":
      return { from: day(weekStart(t) - 7), to: day(weekStart(t) - 1) };
    case "This Month":
      return { from: day(dayNumber(y, m, 1)), to: day(dayNumber(m === 12 ? y + 1 : y, m === 12 ? 1 : m + 1, 1) - 1) };
    case "Last Month":
      return { from: day(dayNumber(m === 1 ? y - 1 : y, m === 1 ? 12 : m - 1, 1)), to: day(dayNumber(y, m, 1) - 1) };
  }
}

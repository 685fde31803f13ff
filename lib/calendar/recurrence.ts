import { civil, dayNumber, type Ymd } from "@/lib/dates/civil";
import { addMonths, formatDay, instantOf, isoDayOfWeek, localDay, localSeconds } from "@/lib/dates/zone";

/**
 * Recurrence of calendar events, computed from the requested window (never iterated from the series'
 * start, so a weekly series begun ten years ago costs the same as one begun last week).
 *
 * Rules (documented for the form and the API):
 * - Every series has a start (date and local time of its first occurrence), the end of that first
 *   occurrence (its local time of day ends every occurrence; on the next day when it is before the
 *   start time) and an optional last date (`repeatUntil`, inclusive). Nothing occurs before the start.
 * - All local times belong to the series' IANA zone, so a 10:00 meeting stays at 10:00 across
 *   daylight-saving changes; a local time skipped by a spring-forward change moves forward one hour.
 * - weekly: on each of `daysOfWeek` (1 Monday .. 7 Sunday) of every `interval`-th week, weeks counted
 *   from the (Monday-based) week of the start, and only on or after the start date.
 * - monthly: the start's day of month; in a month without that day (the 29th to 31st) the occurrence
 *   falls on the month's last day (as Outlook does), and the next month returns to the original day.
 * - yearly ('Annual'): the start's month and day; 29 February falls on 28 February in other years.
 * - Without an end the occurrences are points in time (the v1 API may send no end).
 * - An occurrence is all-day when it runs from 00:00 to 23:59 (or later that minute, or to midnight).
 */

export type Recurrence = "weekly" | "monthly" | "yearly";

export type SeriesInput = {
  type: "normal" | "recursive";
  recurrence: Recurrence | null;
  /** Weekly series: the weekdays, 1 Monday .. 7 Sunday. */
  daysOfWeek: number[] | null;
  /** Weekly series: every `interval` weeks (default 1). */
  interval?: number;
  startsAt: Date | null;
  /** Normal events: the end. Series: the end of the first occurrence. */
  endsAt: Date | null;
  /** Series: the last date (`YYYY-MM-DD` in the zone) an occurrence may fall on; null = no end. */
  repeatUntil?: string | null;
  timeZone: string;
};

export type Occurrence = {
  start: Date;
  end: Date;
  allDay: boolean;
  /** All-day occurrences: the first date and the exclusive end date (YYYY-MM-DD) in the event's zone. */
  startDate: string | null;
  endDate: string | null;
};

export type Window = { start: Date; end: Date };

/**
 * The hot path's shapes: instants as epoch milliseconds. The window query expands thousands of
 * occurrences per request, and every `new Date()` costs there (Next.js wraps the Date constructor on
 * the server), so the Date-based functions below are thin wrappers over these.
 */
export type SeriesMs = Omit<SeriesInput, "startsAt" | "endsAt"> & { startMs: number | null; endMs: number | null };
export type OccurrenceMs = {
  start: number;
  end: number;
  allDay: boolean;
  startDate: string | null;
  endDate: string | null;
};

export function seriesMs(s: SeriesInput): SeriesMs {
  return {
    type: s.type,
    recurrence: s.recurrence,
    daysOfWeek: s.daysOfWeek,
    interval: s.interval,
    startMs: s.startsAt?.getTime() ?? null,
    endMs: s.endsAt?.getTime() ?? null,
    repeatUntil: s.repeatUntil ?? null,
    timeZone: s.timeZone,
  };
}

function toOccurrence(o: OccurrenceMs): Occurrence {
  const start = new Date(o.start);
  return {
    start,
    end: o.end === o.start ? start : new Date(o.end),
    allDay: o.allDay,
    startDate: o.startDate,
    endDate: o.endDate,
  };
}

/** 23:59: an end at this minute or later (23:59:59 from old clients) ends the day. */
const LAST_MINUTE = 23 * 3600 + 59 * 60;
const END_OF_DAY = 23 * 3600 + 59 * 60 + 59;

/** Day number of a `YYYY-MM-DD` date, or null. */
export function dayOfDate(date: string | null | undefined): number | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date ?? "");
  return m ? dayNumber(+m[1], +m[2], +m[3]) : null;
}

/** The normalised shape of a recurring series that expansion and the ICS RRULE both use. */
export type SeriesPlan = {
  freq: Recurrence;
  timeZone: string;
  /** Day number (days since 1970-01-01) of the start date. */
  startDay: number;
  /** Day number of the first occurrence (weekly: the first chosen weekday on or after the start). */
  firstDay: number;
  /** The start date (monthly and yearly repeat its day). */
  first: Ymd;
  /** Weekly: Monday of the start's week, the weekdays in order and the step in weeks. */
  weekStart: number;
  days: number[];
  interval: number;
  /** Day number of the last date an occurrence may fall on (inclusive), or null. */
  untilDay: number | null;
  allDay: boolean;
  /** All-day occurrences: how many days each one covers. */
  spanDays: number;
  /** Seconds after local midnight. */
  startSec: number;
  /** Timed occurrences: local end time (seconds) and how many days after its start day; null for a point in time. */
  endSec: number | null;
  endDays: number;
};

/** The plan of a recurring series, or null for a normal event or an unusable row. */
export function planSeries(s: SeriesInput): SeriesPlan | null {
  return planSeriesMs(seriesMs(s));
}

export function planSeriesMs(s: SeriesMs): SeriesPlan | null {
  if (s.type !== "recursive" || !s.recurrence || s.startMs === null) return null;
  const tz = s.timeZone;
  const { startMs, endMs } = s;
  const days =
    s.recurrence === "weekly"
      ? [...new Set((s.daysOfWeek ?? []).filter((d) => d >= 1 && d <= 7))].sort((a, b) => a - b)
      : [];
  if (s.recurrence === "weekly" && days.length === 0) return null;
  const interval = s.recurrence === "weekly" && s.interval && s.interval > 1 ? Math.floor(s.interval) : 1;
  const startDay = localDay(tz, startMs);
  const weekStart = startDay - (isoDayOfWeek(startDay) - 1);
  let firstDay = startDay;
  if (s.recurrence === "weekly") {
    // The first chosen weekday on or after the start: in the start's week, else `interval` weeks on.
    const later = days.find((d) => weekStart + d - 1 >= startDay);
    firstDay = later !== undefined ? weekStart + later - 1 : weekStart + 7 * interval + days[0] - 1;
  }
  const startSec = localSeconds(tz, startMs);
  const end = endMs !== null && endMs > startMs ? endMs : null;
  const endDays = end === null ? 0 : localDay(tz, end) - startDay;
  const endClock = end === null ? null : localSeconds(tz, end);
  const allDay =
    startSec === 0 &&
    (endClock === null || (endClock >= LAST_MINUTE && endDays >= 0) || (endClock === 0 && endDays > 0));
  const untilDay = dayOfDate(s.repeatUntil);
  return {
    freq: s.recurrence,
    timeZone: tz,
    startDay,
    firstDay,
    first: civil(startDay),
    weekStart,
    days,
    interval,
    untilDay,
    allDay,
    spanDays: endClock === null ? 1 : endClock === 0 ? Math.max(1, endDays) : endDays + 1,
    startSec,
    endSec: allDay || endClock === null ? null : endClock,
    endDays: Math.max(0, endDays),
  };
}

/** Day number of the k-th step's (first) day: the k-th week's Monday, month or year (k >= 0). */
function dayAt(p: SeriesPlan, k: number): number {
  if (p.freq === "weekly") return p.weekStart + 7 * p.interval * k;
  const d = addMonths(p.first, p.freq === "monthly" ? k : 12 * k);
  return dayNumber(d.y, d.m, d.d);
}

function occurrenceOn(p: SeriesPlan, day: number): OccurrenceMs {
  if (p.allDay) {
    return {
      start: instantOf(p.timeZone, day, 0),
      end: instantOf(p.timeZone, day + p.spanDays, 0),
      allDay: true,
      startDate: formatDay(day),
      endDate: formatDay(day + p.spanDays),
    };
  }
  const start = instantOf(p.timeZone, day, p.startSec);
  const end = p.endSec === null ? start : instantOf(p.timeZone, day + p.endDays, p.endSec);
  return { start, end, allDay: false, startDate: null, endDate: null };
}

/** Index of the first step that can still touch a window starting on day `from` (one step early). */
function firstIndexNear(p: SeriesPlan, from: number): number {
  let k: number;
  if (p.freq === "weekly") k = Math.floor((from - p.weekStart) / (7 * p.interval)) - 1;
  else {
    const f = civil(from);
    const months = (f.y - p.first.y) * 12 + (f.m - p.first.m);
    k = (p.freq === "monthly" ? months : Math.floor(months / 12)) - 1;
  }
  return Math.max(0, k);
}

function overlaps(o: OccurrenceMs, startMs: number, endMs: number): boolean {
  if (o.end === o.start) return o.start >= startMs && o.start < endMs;
  return o.start < endMs && o.end > startMs;
}

function normalOccurrence(s: SeriesMs): OccurrenceMs | null {
  if (s.startMs === null) return null;
  const startMs = s.startMs;
  const end = s.endMs !== null && s.endMs >= startMs ? s.endMs : startMs;
  const tz = s.timeZone;
  const startDay = localDay(tz, startMs);
  const endDay = localDay(tz, end);
  const startClock = localSeconds(tz, startMs);
  const endClock = localSeconds(tz, end);
  const endExcl =
    endClock >= LAST_MINUTE && endClock <= END_OF_DAY
      ? endDay + 1
      : endClock === 0 && endDay > startDay
        ? endDay
        : null;
  const allDay = startClock === 0 && s.endMs !== null && endExcl !== null;
  return {
    start: startMs,
    end,
    allDay,
    startDate: allDay ? formatDay(startDay) : null,
    endDate: allDay ? formatDay(endExcl!) : null,
  };
}

/**
 * The occurrences of an event that overlap `window` (half-open), in order, including one that began
 * before the window and still runs into it. At most `limit` occurrences per series.
 */
export function expandOccurrences(s: SeriesInput, window: Window, limit = 1000): Occurrence[] {
  return expandOccurrencesMs(seriesMs(s), window.start.getTime(), window.end.getTime(), limit).map(toOccurrence);
}

/** `expandOccurrences` on epoch milliseconds; a plan already made for the series may be passed in. */
export function expandOccurrencesMs(
  s: SeriesMs,
  startMs: number,
  endMs: number,
  limit = 1000,
  plan?: SeriesPlan | null,
): OccurrenceMs[] {
  if (s.type === "normal") {
    const o = normalOccurrence(s);
    return o && overlaps(o, startMs, endMs) ? [o] : [];
  }
  const p = plan === undefined ? planSeriesMs(s) : plan;
  if (!p) return [];
  const out: OccurrenceMs[] = [];
  const weekly = p.days.length > 0;
  for (let k = firstIndexNear(p, localDay(p.timeZone, startMs)); out.length < limit; k++) {
    const base = dayAt(p, k);
    // A week has one day per chosen weekday; a month or a year has its one day.
    for (let j = 0; j < (weekly ? p.days.length : 1); j++) {
      const day = weekly ? base + p.days[j] - 1 : base;
      if (day < p.startDay) continue;
      if ((p.untilDay !== null && day > p.untilDay) || out.length >= limit) return out;
      const o = occurrenceOn(p, day);
      if (o.start >= endMs) return out;
      if (overlaps(o, startMs, endMs)) out.push(o);
    }
  }
  return out;
}

/** The next occurrence that ends at or after `from` (search results show it), or null. */
export function nextOccurrence(s: SeriesInput, from: Date): Occurrence | null {
  const o = nextOccurrenceMs(seriesMs(s), from.getTime());
  return o && toOccurrence(o);
}

function nextOccurrenceMs(s: SeriesMs, fromMs: number): OccurrenceMs | null {
  if (s.type === "normal") return normalOccurrence(s);
  // Two years ahead covers every series: the sparsest (yearly, or every 52 weeks) repeats within one.
  return expandOccurrencesMs(s, fromMs, fromMs + 2 * 366 * 86_400_000, 1)[0] ?? null;
}

/** The first occurrence of an event. */
export function firstOccurrence(s: SeriesInput): Occurrence | null {
  const o = firstOccurrenceMs(seriesMs(s));
  return o && toOccurrence(o);
}

function firstOccurrenceMs(s: SeriesMs): OccurrenceMs | null {
  if (s.type === "normal") return normalOccurrence(s);
  const p = planSeriesMs(s);
  if (!p) return null;
  if (p.untilDay !== null && p.firstDay > p.untilDay) return null;
  return occurrenceOn(p, p.firstDay);
}

/** The last occurrence of a series that has a last date (a finished series shows it), or null. */
function lastOccurrenceMs(s: SeriesMs): OccurrenceMs | null {
  const p = planSeriesMs(s);
  if (!p || p.untilDay === null) return null;
  const to = instantOf(p.timeZone, p.untilDay + 1, 0);
  const found = expandOccurrencesMs(s, to - 2 * 366 * 86_400_000, to, 1000, p);
  return found[found.length - 1] ?? null;
}

/**
 * The occurrence the detail view and search results show: the next one from `fromMs` (or the one
 * under way), else the last one of a finished series, else the first.
 */
export function shownOccurrenceMs(s: SeriesMs, fromMs: number): OccurrenceMs | null {
  return nextOccurrenceMs(s, fromMs) ?? lastOccurrenceMs(s) ?? firstOccurrenceMs(s);
}

export function shownOccurrence(s: SeriesInput, from: Date): Occurrence | null {
  const o = shownOccurrenceMs(seriesMs(s), from.getTime());
  return o && toOccurrence(o);
}

/**
 * Bounds of every occurrence of an event (null = unbounded), stored in occurs_from / occurs_until so
 * the window query can use an index. Two days generous at the end for occurrences past midnight.
 */
export function occurrenceBounds(s: SeriesInput): { occursFrom: Date | null; occursUntil: Date | null } {
  const m = seriesMs(s);
  if (m.type === "normal") {
    const o = normalOccurrence(m);
    return { occursFrom: o ? new Date(o.start) : null, occursUntil: o ? new Date(o.end) : null };
  }
  const p = planSeriesMs(m);
  if (!p) return { occursFrom: null, occursUntil: null };
  return {
    occursFrom: new Date(instantOf(p.timeZone, p.startDay, 0)),
    occursUntil:
      p.untilDay === null
        ? null
        : new Date(instantOf(p.timeZone, p.untilDay + Math.max(p.spanDays, p.endDays + 1) + 2, 0)),
  };
}

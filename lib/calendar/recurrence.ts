import { addMonths, civil, dayNumber, formatDay, instantOf, isoDayOfWeek, localDay, localSeconds, type Ymd } from "./zone";

/**
 * Recurrence of calendar events, computed from the requested window (never iterated from the series'
 * start, so a weekly series begun ten years ago costs the same as one begun last week).
 *
 * Rules (documented for the form and the API):
 * - All local times belong to the series' IANA zone, so a 10:00 meeting stays at 10:00 across
 *   daylight-saving changes; a local time skipped by a spring-forward change moves forward one hour.
 * - weekly: every `dayOfWeek` (1 Monday .. 7 Sunday), from the first such day on or after the start
 *   date. Without dates (the form's weekly choice) the series is all-day and unbounded.
 * - monthly: the start's day of month; in a month without that day (the 29th to 31st) the occurrence
 *   falls on the month's last day (as Outlook does), and the next month returns to the original day.
 * - yearly ('Annual'): the start's month and day; 29 February falls on 28 February in other years.
 * - The end of a recurring series: its date is the last day an occurrence may fall on, and its time of
 *   day is when each occurrence ends (on the next day when it is before the start time). Without an
 *   end the series never stops and each occurrence is a point in time.
 * - An occurrence is all-day when it runs from 00:00 to 23:59:59 (or to midnight) in its zone.
 */

export type Recurrence = "weekly" | "monthly" | "yearly";

export type SeriesInput = {
  type: "normal" | "recursive";
  recurrence: Recurrence | null;
  dayOfWeek: number | null;
  startsAt: Date | null;
  endsAt: Date | null;
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
export type OccurrenceMs = { start: number; end: number; allDay: boolean; startDate: string | null; endDate: string | null };

export function seriesMs(s: SeriesInput): SeriesMs {
  return { type: s.type, recurrence: s.recurrence, dayOfWeek: s.dayOfWeek, startMs: s.startsAt?.getTime() ?? null, endMs: s.endsAt?.getTime() ?? null, timeZone: s.timeZone };
}

function toOccurrence(o: OccurrenceMs): Occurrence {
  const start = new Date(o.start);
  return { start, end: o.end === o.start ? start : new Date(o.end), allDay: o.allDay, startDate: o.startDate, endDate: o.endDate };
}

/** 2000-01-03, a Monday long ago: the anchor of weekly series that have no dates. */
const UNDATED_WEEKLY_ANCHOR = dayNumber(2000, 1, 3);
const END_OF_DAY = 23 * 3600 + 59 * 60 + 59;

/** The normalised shape of a recurring series that expansion and the ICS RRULE both use. */
export type SeriesPlan = {
  freq: Recurrence;
  timeZone: string;
  /** Day number (days since 1970-01-01) of the first occurrence (weekly: first `dayOfWeek` on or after the start). */
  firstDay: number;
  first: Ymd;
  /** False for undated weekly series: they also run into the past from `firstDay`. */
  boundedBelow: boolean;
  /** Day number of the last date an occurrence may fall on (inclusive), or null. */
  untilDay: number | null;
  allDay: boolean;
  /** Seconds after local midnight. */
  startSec: number;
  /** Timed occurrences: local end time (seconds) and whether it is on the next day; null for a point in time. */
  endSec: number | null;
  endsNextDay: boolean;
  dayOfWeek: number;
};

/** The plan of a recurring series, or null for a normal event or an unusable row. */
export function planSeries(s: SeriesInput): SeriesPlan | null {
  return planSeriesMs(seriesMs(s));
}

export function planSeriesMs(s: SeriesMs): SeriesPlan | null {
  if (s.type !== "recursive" || !s.recurrence) return null;
  const tz = s.timeZone;
  const { startMs, endMs } = s;
  const dayOfWeek = s.dayOfWeek && s.dayOfWeek >= 1 && s.dayOfWeek <= 7 ? s.dayOfWeek : null;
  if (s.recurrence === "weekly" && !dayOfWeek) return null;
  if (s.recurrence !== "weekly" && startMs === null) return null;

  const startDay = startMs === null ? UNDATED_WEEKLY_ANCHOR : localDay(tz, startMs);
  const firstDay = s.recurrence === "weekly" ? startDay + ((dayOfWeek! - isoDayOfWeek(startDay) + 7) % 7) : startDay;
  const startSec = startMs === null ? 0 : localSeconds(tz, startMs);
  const endClock = endMs === null ? null : localSeconds(tz, endMs);
  const allDay = startMs === null || (startSec === 0 && (endClock === null || endClock === END_OF_DAY || endClock === 0));
  let endSec: number | null = null;
  let endsNextDay = false;
  if (!allDay && endClock !== null && endClock !== startSec) {
    endSec = endClock;
    endsNextDay = endClock < startSec;
  }
  return {
    freq: s.recurrence,
    timeZone: tz,
    firstDay,
    first: civil(firstDay),
    boundedBelow: startMs !== null,
    untilDay: endMs === null ? null : localDay(tz, endMs),
    allDay,
    startSec,
    endSec,
    endsNextDay,
    dayOfWeek: dayOfWeek ?? isoDayOfWeek(firstDay),
  };
}

/** Day number of the k-th occurrence (k may be negative only for series unbounded below). */
function dayAt(p: SeriesPlan, k: number): number {
  if (p.freq === "weekly") return p.firstDay + 7 * k;
  const d = addMonths(p.first, p.freq === "monthly" ? k : 12 * k);
  return dayNumber(d.y, d.m, d.d);
}

function occurrenceOn(p: SeriesPlan, day: number): OccurrenceMs {
  if (p.allDay) {
    return { start: instantOf(p.timeZone, day, 0), end: instantOf(p.timeZone, day + 1, 0), allDay: true, startDate: formatDay(day), endDate: formatDay(day + 1) };
  }
  const start = instantOf(p.timeZone, day, p.startSec);
  const end = p.endSec === null ? start : instantOf(p.timeZone, p.endsNextDay ? day + 1 : day, p.endSec);
  return { start, end, allDay: false, startDate: null, endDate: null };
}

/** Index of the first occurrence that can still touch a window starting on day `from` (one step early). */
function firstIndexNear(p: SeriesPlan, from: number): number {
  let k: number;
  if (p.freq === "weekly") k = Math.floor((from - p.firstDay) / 7) - 1;
  else {
    const f = civil(from);
    const months = (f.y - p.first.y) * 12 + (f.m - p.first.m);
    k = (p.freq === "monthly" ? months : Math.floor(months / 12)) - 1;
  }
  return p.boundedBelow ? Math.max(0, k) : k;
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
  const endExcl = endClock === END_OF_DAY ? endDay + 1 : endClock === 0 && endDay > startDay ? endDay : null;
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
export function expandOccurrencesMs(s: SeriesMs, startMs: number, endMs: number, limit = 1000, plan?: SeriesPlan | null): OccurrenceMs[] {
  if (s.type === "normal") {
    const o = normalOccurrence(s);
    return o && overlaps(o, startMs, endMs) ? [o] : [];
  }
  const p = plan === undefined ? planSeriesMs(s) : plan;
  if (!p) return [];
  const out: OccurrenceMs[] = [];
  for (let k = firstIndexNear(p, localDay(p.timeZone, startMs)); out.length < limit; k++) {
    const day = dayAt(p, k);
    if (p.untilDay !== null && day > p.untilDay) break;
    const o = occurrenceOn(p, day);
    if (o.start >= endMs) break;
    if (overlaps(o, startMs, endMs)) out.push(o);
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
  return expandOccurrencesMs(s, fromMs, fromMs + 367 * 86_400_000, 1)[0] ?? null;
}

/** The first occurrence of an event (the detail view's date); for an undated weekly series the next one. */
export function firstOccurrence(s: SeriesInput): Occurrence | null {
  const o = firstOccurrenceMs(seriesMs(s));
  return o && toOccurrence(o);
}

function firstOccurrenceMs(s: SeriesMs): OccurrenceMs | null {
  if (s.type === "normal") return normalOccurrence(s);
  const p = planSeriesMs(s);
  if (!p) return null;
  return p.boundedBelow ? occurrenceOn(p, p.firstDay) : nextOccurrenceMs(s, Date.now());
}

/** The occurrence a search result shows: the next one from `fromMs`, or the first of a finished event. */
export function shownOccurrenceMs(s: SeriesMs, fromMs: number): OccurrenceMs | null {
  return nextOccurrenceMs(s, fromMs) ?? firstOccurrenceMs(s);
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
    occursFrom: p.boundedBelow ? new Date(instantOf(p.timeZone, p.firstDay, 0)) : null,
    occursUntil: p.untilDay === null ? null : new Date(instantOf(p.timeZone, p.untilDay + 2, 0)),
  };
}

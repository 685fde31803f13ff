import { tzOffset } from "@date-fns/tz";
import { civil, daysInMonth, type Ymd } from "./civil";

/**
 * The portal's time zone: the dealerships' (California). Dates without a zone of their own (exports,
 * request deadlines, a calendar whose viewer sent none, the seed) are read and written in it.
 */
export const PORTAL_TIME_ZONE = "America/Los_Angeles";

/** True for a time zone name this runtime knows (an IANA name such as `America/Los_Angeles`, or `UTC`). */
export function isKnownTimeZone(tz: string): boolean {
  if (!/^[A-Za-z0-9_+\-/]{1,64}$/.test(tz)) return false;
  try {
    new Intl.DateTimeFormat("en-US", { timeZone: tz });
    return true;
  } catch {
    return false;
  }
}

/** The zone of the runtime (the viewer's, in a browser), or PORTAL_TIME_ZONE when it does not say. */
export function browserTimeZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || PORTAL_TIME_ZONE;
  } catch {
    return PORTAL_TIME_ZONE;
  }
}

/**
 * Fast civil-date and time-zone arithmetic for the recurrence hot path (1,000 series in a month window
 * are tens of thousands of lookups): dates are day numbers (days since 1970-01-01), and a zone's offsets
 * are read once per zone and year (its transitions, found with @date-fns/tz's tzOffset, which reads the
 * runtime's zone data through Intl), then looked up by binary search.
 */

const DAY_MS = 86_400_000;

/** ISO day of week of a day number: 1 Monday .. 7 Sunday (1970-01-01 was a Thursday). */
export function isoDayOfWeek(n: number): number {
  return ((((n + 3) % 7) + 7) % 7) + 1;
}

/** Adds months, clamping the day to the target month's length (31 Jan + 1 month = 28/29 Feb). */
export function addMonths(date: Ymd, months: number): Ymd {
  const total = date.y * 12 + (date.m - 1) + months;
  const y = Math.floor(total / 12);
  const m = total - y * 12 + 1;
  return { y, m, d: Math.min(date.d, daysInMonth(y, m)) };
}

export function formatDay(n: number): string {
  const { y, m, d } = civil(n);
  return `${String(y).padStart(4, "0")}-${String(m).padStart(2, "0")}-${String(d).padStart(2, "0")}`;
}

const MINUTE_MS = 60_000;

/** The zone's UTC offset (ms) at an instant, from the runtime's zone data (slow: an Intl call). */
const offsetNow = (zone: string, ms: number) => Math.round(tzOffset(zone, new Date(ms)) * MINUTE_MS);

/** One change of a zone's offset: from `at` on, the offset is `offset` (it was `before`). */
export type Transition = { at: number; before: number; offset: number };

type YearOffsets = { start: number; transitions: Transition[] };
const offsetCache = new Map<string, YearOffsets>();

/**
 * The offset at the start of `year` (UTC) and the changes during it. The year is probed every 6 hours
 * (no zone changes its offset twice within that), and each change found is narrowed down to its minute
 * (zones change on a minute) by bisection.
 */
function yearOffsets(zone: string, year: number): YearOffsets {
  const key = `${zone}|${year}`;
  let info = offsetCache.get(key);
  if (info) return info;
  const from = Date.UTC(year, 0, 1);
  const to = Date.UTC(year + 1, 0, 1);
  const STEP = 6 * 3_600_000;
  info = { start: offsetNow(zone, from), transitions: [] };
  let prev = info.start;
  // An unknown zone has no offset (NaN): nothing to scan, and every instant in it is NaN.
  for (let t = from; t < to && Number.isFinite(prev); t += STEP) {
    const next = offsetNow(zone, Math.min(t + STEP, to - 1));
    if (next === prev) continue;
    let lo = t / MINUTE_MS; // offset `prev` here
    let hi = Math.ceil(Math.min(t + STEP, to - 1) / MINUTE_MS); // offset `next` here
    while (hi - lo > 1) {
      const mid = Math.floor((lo + hi) / 2);
      if (offsetNow(zone, mid * MINUTE_MS) === prev) lo = mid;
      else hi = mid;
    }
    info.transitions.push({ at: hi * MINUTE_MS, before: prev, offset: next });
    prev = next;
  }
  if (offsetCache.size > 5000) offsetCache.clear();
  offsetCache.set(key, info);
  return info;
}

/** The offset changes of `zone` during `year` (UTC), in order. */
export function transitionsIn(zone: string, year: number): readonly Transition[] {
  return yearOffsets(zone, year).transitions;
}

type Span = { from: number; to: number; offset: number };
/**
 * The last few intervals of constant offset found per zone, most recent first: a window's lookups
 * fall into one or two of them (two when it spans a daylight-saving change), so nearly every lookup
 * is a comparison or two, without building a Date.
 */
const recent = new Map<string, Span[]>();
const RECENT_SPANS = 4;

/** The zone's UTC offset (ms) at an instant. */
export function offsetAt(zone: string, ms: number): number {
  let spans = recent.get(zone);
  if (spans) {
    for (let i = 0; i < spans.length; i++) {
      const hit = spans[i];
      if (ms >= hit.from && ms < hit.to) return hit.offset;
    }
  } else {
    if (recent.size > 1000) recent.clear();
    recent.set(zone, (spans = []));
  }
  const year = civil(Math.floor(ms / DAY_MS)).y;
  const info = yearOffsets(zone, year);
  let from = Date.UTC(year, 0, 1);
  let to = Date.UTC(year + 1, 0, 1);
  let off = info.start;
  for (const t of info.transitions) {
    if (t.at <= ms) {
      off = t.offset;
      from = t.at;
    } else {
      to = t.at;
      break;
    }
  }
  spans.unshift({ from, to, offset: off });
  if (spans.length > RECENT_SPANS) spans.pop();
  return off;
}

/** Wall-clock milliseconds (the local date-time written as if it were UTC) of an instant in a zone. */
export function toWallMs(zone: string, ms: number): number {
  return ms + offsetAt(zone, ms);
}

/**
 * The instant of a wall-clock time in a zone with Temporal's 'compatible' disambiguation: in a repeated
 * hour the earlier instant, in a skipped hour the time moves forward by the gap.
 */
export function fromWallMs(zone: string, wall: number): number {
  const before = offsetAt(zone, wall - DAY_MS);
  const after = offsetAt(zone, wall + DAY_MS);
  if (before === after) return wall - before;
  const t1 = wall - before;
  const t2 = wall - after;
  const ok1 = offsetAt(zone, t1) === before;
  const ok2 = offsetAt(zone, t2) === after;
  if (ok1 && ok2) return Math.min(t1, t2);
  if (ok2) return t2;
  return t1; // valid with the old offset, or a skipped time (moves forward by the gap)
}

/** Day number of the local date of an instant in a zone. */
export function localDay(zone: string, ms: number): number {
  return Math.floor(toWallMs(zone, ms) / DAY_MS);
}

/** Seconds since local midnight of an instant in a zone. */
export function localSeconds(zone: string, ms: number): number {
  const wall = toWallMs(zone, ms);
  return Math.floor((wall - Math.floor(wall / DAY_MS) * DAY_MS) / 1000);
}

/** The instant of local date `day` at `seconds` after midnight in a zone. */
export function instantOf(zone: string, day: number, seconds: number): number {
  return fromWallMs(zone, day * DAY_MS + seconds * 1000);
}

import { Temporal } from "temporal-polyfill";
import { civil, type Ymd } from "./iso";

/**
 * Fast civil-date and time-zone arithmetic for the recurrence hot path. The Temporal polyfill costs
 * 50-150 µs per operation on Node 20, which for 1,000 series in a month window is far too slow, so
 * dates here are day numbers (days since 1970-01-01) and a zone's offsets are read once per zone and
 * year from Temporal (its transitions), then looked up by binary search.
 */

const DAY_MS = 86_400_000;

export function daysInMonth(y: number, m: number): number {
  if (m === 2) return (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0 ? 29 : 28;
  return [4, 6, 9, 11].includes(m) ? 30 : 31;
}

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

type YearOffsets = { start: number; transitions: { at: number; offset: number }[] };
const offsetCache = new Map<string, YearOffsets>();

function yearOffsets(zone: string, year: number): YearOffsets {
  const key = `${zone}|${year}`;
  let info = offsetCache.get(key);
  if (info) return info;
  const from = Date.UTC(year, 0, 1);
  const to = Date.UTC(year + 1, 0, 1);
  let zdt = Temporal.Instant.fromEpochMilliseconds(from).toZonedDateTimeISO(zone);
  info = { start: zdt.offsetNanoseconds / 1e6, transitions: [] };
  for (let i = 0; i < 8; i++) {
    const next = zdt.getTimeZoneTransition("next");
    if (!next || next.epochMilliseconds >= to) break;
    info.transitions.push({ at: next.epochMilliseconds, offset: next.offsetNanoseconds / 1e6 });
    zdt = next;
  }
  if (offsetCache.size > 5000) offsetCache.clear();
  offsetCache.set(key, info);
  return info;
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

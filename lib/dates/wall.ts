import { fromWallMs, toWallMs } from "./zone";
import { wallText } from "./civil";
import { parseDateTime, parseIsoDate, wallMs, type DateTimeParts } from "./parse";

/**
 * A date-time or a bare date as the portal's one date parser reads it (lib/dates/parse.ts): a date
 * alone is its midnight, with no offset. Null when it is not a real date.
 */
function partsOf(value: string): DateTimeParts | null {
  const v = value.trim();
  const day = parseIsoDate(v);
  return day ? { ...day, h: 0, mi: 0, s: 0, ms: 0, offset: null } : parseDateTime(v);
}

/**
 * A form or API date-time to an instant. `YYYY-MM-DD HH:mm[:ss]` (or with `T`) is a wall-clock time in
 * `timeZone` (a time skipped by a daylight-saving change moves forward, as calendars do); a value with
 * `Z` or an offset is absolute; a bare date is that day's midnight. Null when it is not a real date (or
 * the zone is unknown).
 */
export function toInstant(value: string, timeZone: string): Date | null {
  const p = partsOf(value);
  if (!p) return null;
  if (p.offset !== null) return new Date(wallMs(p) - p.offset * 60_000);
  const ms = fromWallMs(timeZone, wallMs({ ...p, ms: 0 }));
  return Number.isFinite(ms) ? new Date(ms) : null;
}

/** `YYYY-MM-DDTHH:mm:ss` wall-clock time of an instant in a zone. */
export function toWall(date: Date, timeZone: string): string {
  return wallText(toWallMs(timeZone, date.getTime())).replace(" ", "T");
}

/**
 * The old portal's `YYYY-MM-DD HH:mm:ss` in the client's local time. `offsetMinutes` is what the
 * browser's `Date.getTimezoneOffset()` gives (minutes to add to local time to get UTC: 480 in
 * California in winter), so local = UTC - offset. Without it the time is in `fallbackZone`.
 */
export function toLegacy(date: Date | number, offsetMinutes: number | null, fallbackZone: string): string {
  const ms = typeof date === "number" ? date : date.getTime();
  // The zone's offset from the cached table (lib/dates/zone.ts): an Intl call per occurrence is too slow.
  return wallText(offsetMinutes == null ? toWallMs(fallbackZone, ms) : ms - offsetMinutes * 60_000);
}

/** A naive `YYYY-MM-DD HH:mm[:ss]` sent by an old client (local = UTC - offset) to an absolute ISO string. */
export function legacyToIso(value: string, offsetMinutes: number): string | null {
  const p = partsOf(value);
  if (!p || p.offset !== null) return null;
  return new Date(wallMs({ ...p, ms: 0 }) + offsetMinutes * 60_000).toISOString();
}

/** True when the string carries no zone (a wall-clock time). */
export function isWallTime(value: string): boolean {
  return partsOf(value)?.offset === null;
}

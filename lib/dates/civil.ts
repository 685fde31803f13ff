/**
 * Civil dates as day numbers, and epoch milliseconds to text, without building Date objects (the window's thousands of occurrences;
 * Next.js wraps the Date constructor on the server, which makes each `new Date()` costly). No
 * dependencies, so the browser bundle can use it too.
 */

const DAY_MS = 86_400_000;
const p2 = (n: number) => (n < 10 ? `0${n}` : `${n}`);
const p3 = (n: number) => (n < 10 ? `00${n}` : n < 100 ? `0${n}` : `${n}`);

/** Days since 1970-01-01 of a proleptic Gregorian date (H. Hinnant's algorithm). */
export function dayNumber(y: number, m: number, d: number): number {
  y -= m <= 2 ? 1 : 0;
  const era = Math.floor(y / 400);
  const yoe = y - era * 400;
  const doy = Math.floor((153 * (m + (m > 2 ? -3 : 9)) + 2) / 5) + d - 1;
  const doe = yoe * 365 + Math.floor(yoe / 4) - Math.floor(yoe / 100) + doy;
  return era * 146097 + doe - 719468;
}

/** The months' English names, January first. */
export const MONTH_NAMES = [
  "January",
  "February",
  "March",
  "April",
  "May",
  "June",
  "July",
  "August",
  "September",
  "October",
  "November",
  "December",
] as const;

export type Ymd = { y: number; m: number; d: number };

/** Days in month `m` (1..12) of year `y` (leap years counted). */
export function daysInMonth(y: number, m: number): number {
  if (m === 2) return (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0 ? 29 : 28;
  return m === 4 || m === 6 || m === 9 || m === 11 ? 30 : 31;
}

/** The proleptic Gregorian date of a day number (H. Hinnant's civil_from_days). */
export function civil(n: number): Ymd {
  const z = n + 719468;
  const era = Math.floor(z / 146097);
  const doe = z - era * 146097;
  const yoe = Math.floor((doe - Math.floor(doe / 1460) + Math.floor(doe / 36524) - Math.floor(doe / 146096)) / 365);
  const doy = doe - (365 * yoe + Math.floor(yoe / 4) - Math.floor(yoe / 100));
  const mp = Math.floor((5 * doy + 2) / 153);
  const d = doy - Math.floor((153 * mp + 2) / 5) + 1;
  const m = mp + (mp < 10 ? 3 : -9);
  return { y: era * 400 + yoe + (m <= 2 ? 1 : 0), m, d };
}

/** The date and milliseconds of the day of a millisecond count read as UTC. */
function parts(ms: number): Ymd & { rem: number } {
  const day = Math.floor(ms / DAY_MS);
  return { ...civil(day), rem: ms - day * DAY_MS };
}

const inRange = (ms: number) => ms >= -62_135_596_800_000 && ms < 253_402_300_800_000; // years 1..9999

/** What `new Date(ms).toISOString()` answers (years 1 to 9999). */
export function isoOf(ms: number): string {
  if (!inRange(ms)) return new Date(ms).toISOString();
  const { y, m, d, rem } = parts(ms);
  return `${String(y).padStart(4, "0")}-${p2(m)}-${p2(d)}T${p2(Math.floor(rem / 3_600_000))}:${p2(Math.floor(rem / 60_000) % 60)}:${p2(Math.floor(rem / 1000) % 60)}.${p3(rem % 1000)}Z`;
}

/** `YYYY-MM-DD HH:mm:ss` of a wall-clock millisecond count (local time written as if it were UTC). */
export function wallText(wallMs: number): string {
  const iso = isoOf(wallMs);
  return `${iso.slice(0, 10)} ${iso.slice(11, 19)}`;
}

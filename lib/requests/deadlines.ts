/**
 * Deadlines of staff requests (docs/features/requests.md): each form has a target of N working days (Monday to Friday in
 * the dealerships' zone, America/Los_Angeles) to decide; a request still waiting for an approver after
 * its due time is overdue. Pure: the server stores the due time on the row when it is submitted.
 */
import { fromWallMs, isoDayOfWeek, PORTAL_TIME_ZONE, toWallMs } from "@/lib/dates/zone";

const DAY_MS = 86_400_000;

/**
 * When a request submitted at `from` is due: `workingDays` working days later, at the same local time
 * in the zone. A request submitted on a weekend counts from the next Monday's start. Null when the form
 * has no target (0 or less).
 */
export function dueAt(from: Date, workingDays: number, timeZone = PORTAL_TIME_ZONE): Date | null {
  if (!(workingDays > 0)) return null;
  const wall = toWallMs(timeZone, from.getTime());
  let day = Math.floor(wall / DAY_MS);
  let time = wall - day * DAY_MS; // into the local day, milliseconds included
  const isWeekend = (n: number) => isoDayOfWeek(n) >= 6;
  if (isWeekend(day)) {
    while (isWeekend(day)) day++;
    time = from.getUTCMilliseconds();
  }
  let left = workingDays;
  while (left > 0) {
    day++;
    if (!isWeekend(day)) left--;
  }
  return new Date(fromWallMs(timeZone, day * DAY_MS + time));
}

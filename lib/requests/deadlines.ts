/**
 * Deadlines of staff requests (docs/features/requests.md): each form has a target of N working days (Monday to Friday in
 * the dealerships' zone, America/Los_Angeles) to decide; a request still waiting for an approver after
 * its due time is overdue. Pure: the server stores the due time on the row when it is submitted.
 */
export const DEALERSHIP_TIME_ZONE = "America/Los_Angeles";

/** The wall-clock parts of `at` in `timeZone`. */
function partsIn(at: Date, timeZone: string) {
  const f = new Intl.DateTimeFormat("en-US", {
    timeZone,
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    hour: "2-digit",
    minute: "2-digit",
    second: "2-digit",
    hourCycle: "h23",
  });
  const p = Object.fromEntries(f.formatToParts(at).map((x) => [x.type, x.value]));
  return {
    y: Number(p.year),
    m: Number(p.month),
    d: Number(p.day),
    h: Number(p.hour),
    min: Number(p.minute),
    s: Number(p.second),
  };
}

/** The instant of a wall-clock time in `timeZone` (DST handled by correcting the offset twice). */
function zonedInstant(
  y: number,
  m: number,
  d: number,
  h: number,
  min: number,
  s: number,
  ms: number,
  timeZone: string,
): Date {
  const wall = Date.UTC(y, m - 1, d, h, min, s, ms);
  let t = wall;
  for (let i = 0; i < 2; i++) {
    const p = partsIn(new Date(t), timeZone);
    const seen = Date.UTC(p.y, p.m - 1, p.d, p.h, p.min, p.s, ms);
    t += wall - seen;
  }
  return new Date(t);
}

/**
 * When a request submitted at `from` is due: `workingDays` working days later, at the same local time
 * in the zone. A request submitted on a weekend counts from the next Monday's start. Null when the form
 * has no target (0 or less).
 */
export function dueAt(from: Date, workingDays: number, timeZone = DEALERSHIP_TIME_ZONE): Date | null {
  if (!(workingDays > 0)) return null;
  const p = partsIn(from, timeZone);
  const day = new Date(Date.UTC(p.y, p.m - 1, p.d));
  let time = { h: p.h, min: p.min, s: p.s };
  const isWeekend = (x: Date) => x.getUTCDay() === 0 || x.getUTCDay() === 6;
  if (isWeekend(day)) {
    while (isWeekend(day)) day.setUTCDate(day.getUTCDate() + 1);
    time = { h: 0, min: 0, s: 0 };
  }
  let left = workingDays;
  while (left > 0) {
    day.setUTCDate(day.getUTCDate() + 1);
    if (!isWeekend(day)) left--;
  }
  return zonedInstant(
    day.getUTCFullYear(),
    day.getUTCMonth() + 1,
    day.getUTCDate(),
    time.h,
    time.min,
    time.s,
    from.getUTCMilliseconds(),
    timeZone,
  );
}

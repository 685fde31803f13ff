import ical, { escape, foldLines, ICalCalendarMethod, type ICalCalendar, type ICalEventData } from "ical-generator";
import { Temporal } from "temporal-polyfill";
import { firstOccurrence, planSeries, type SeriesInput, type SeriesPlan } from "./recurrence";
import { formatDay, instantOf } from "./zone";

/** One event of a subscription feed. */
export type IcsEvent = {
  id: number;
  title: string;
  description: string;
  keyName: string;
  contactPerson: string;
  contactEmail: string;
  contactNumber: string;
  updatedAt: Date;
  series: SeriesInput;
};

const DAY_CODES = ["", "MO", "TU", "WE", "TH", "FR", "SA", "SU"];

/** RFC 5545 text escaping (ical-generator's). */
export function escapeText(s: string): string {
  return escape(s, false);
}

/** Folds a content line at 75 octets (continuation lines start with a space), never splitting a character. */
export function foldLine(line: string): string {
  return foldLines(line);
}

const utcStamp = (d: Date) =>
  d
    .toISOString()
    .replace(/[-:]/g, "")
    .replace(/\.\d{3}/, "");
const localValue = (dt: Temporal.PlainDateTime) => dt.toString({ smallestUnit: "second" }).replace(/[-:]/g, "");
const dayValue = (day: number) => formatDay(day).replace(/-/g, "");
/** The wall time `sec` seconds into a civil day. */
const wallTime = (day: number, sec: number) =>
  Temporal.PlainDate.from(formatDay(day)).toPlainDateTime({
    hour: Math.floor(sec / 3600),
    minute: Math.floor((sec % 3600) / 60),
    second: sec % 60,
  });

/** The RRULE value of a recurring series (without `RRULE:`), clamping short months as the portal does. */
export function rruleOf(p: SeriesPlan): string {
  const parts: string[] = [];
  if (p.freq === "weekly") {
    parts.push("FREQ=WEEKLY");
    if (p.interval > 1) parts.push(`INTERVAL=${p.interval}`);
    parts.push(`BYDAY=${p.days.map((d) => DAY_CODES[d]).join(",")}`);
    // Weeks start on Monday, as the portal counts them for every N weeks.
    if (p.interval > 1) parts.push("WKST=MO");
  } else if (p.freq === "monthly") {
    parts.push("FREQ=MONTHLY");
    if (p.first.d <= 28) parts.push(`BYMONTHDAY=${p.first.d}`);
    else {
      const days = [];
      for (let d = 28; d <= p.first.d; d++) days.push(d);
      // the last existing day among 28..N: the N-th, or the month's last day when it has no N-th
      parts.push(`BYMONTHDAY=${days.join(",")}`, "BYSETPOS=-1");
    }
  } else {
    parts.push("FREQ=YEARLY", `BYMONTH=${p.first.m}`);
    if (p.first.m === 2 && p.first.d === 29) parts.push("BYMONTHDAY=28,29", "BYSETPOS=-1");
    else parts.push(`BYMONTHDAY=${p.first.d}`);
  }
  if (p.untilDay !== null) {
    if (p.allDay) parts.push(`UNTIL=${dayValue(p.untilDay)}`);
    else parts.push(`UNTIL=${utcStamp(new Date(instantOf(p.timeZone, p.untilDay, 23 * 3600 + 59 * 60 + 59)))}`);
  }
  return parts.join(";");
}

function offsetValue(ns: number): string {
  const total = Math.round(ns / 60e9);
  const sign = total < 0 ? "-" : "+";
  const a = Math.abs(total);
  return `${sign}${String(Math.floor(a / 60)).padStart(2, "0")}${String(a % 60).padStart(2, "0")}`;
}

/** A VTIMEZONE for `zone` from this year's transitions, as yearly rules (what Outlook needs to place TZID times). */
export function vtimezone(zone: string, year = new Date().getUTCFullYear()): string[] {
  const lines = ["BEGIN:VTIMEZONE", `TZID:${zone}`];
  let cursor: Temporal.ZonedDateTime | null = Temporal.PlainDate.from({ year, month: 1, day: 1 }).toZonedDateTime(zone);
  const transitions: Temporal.ZonedDateTime[] = [];
  for (let i = 0; i < 2; i++) {
    cursor = cursor?.getTimeZoneTransition("next") ?? null;
    if (!cursor || cursor.year !== year) break;
    transitions.push(cursor);
  }
  if (transitions.length === 0) {
    const off = offsetValue(
      Temporal.PlainDate.from({ year, month: 1, day: 1 }).toZonedDateTime(zone).offsetNanoseconds,
    );
    lines.push("BEGIN:STANDARD", "DTSTART:19700101T000000", `TZOFFSETFROM:${off}`, `TZOFFSETTO:${off}`, "END:STANDARD");
  }
  for (const t of transitions) {
    const before = t.subtract({ nanoseconds: 1 }).offsetNanoseconds;
    const after = t.offsetNanoseconds;
    const kind = after > before ? "DAYLIGHT" : "STANDARD";
    const wallBefore = Temporal.Instant.fromEpochNanoseconds(t.epochNanoseconds)
      .toZonedDateTimeISO(offsetValue(before).replace(/(\d{2})(\d{2})$/, "$1:$2"))
      .toPlainDateTime();
    const dim = wallBefore.toPlainDate().daysInMonth;
    const nth = wallBefore.day + 7 > dim ? -1 : Math.ceil(wallBefore.day / 7);
    lines.push(
      `BEGIN:${kind}`,
      `DTSTART:${localValue(wallBefore)}`,
      `TZOFFSETFROM:${offsetValue(before)}`,
      `TZOFFSETTO:${offsetValue(after)}`,
      `RRULE:FREQ=YEARLY;BYMONTH=${wallBefore.month};BYDAY=${nth}${DAY_CODES[wallBefore.dayOfWeek]}`,
      `END:${kind}`,
    );
  }
  lines.push("END:VTIMEZONE");
  return lines;
}

/** UTC midnight of a 'YYYY-MM-DD' day: ical-generator writes an all-day date from a Date's UTC fields. */
const dayDate = (iso: string) => new Date(`${iso}T00:00:00Z`);

type EventDates = Pick<ICalEventData, "start" | "end" | "allDay" | "timezone" | "repeating">;

/** Adds one event to the feed (none when it has no usable dates). */
function addEvent(cal: ICalCalendar, e: IcsEvent, host: string, now: Date): void {
  const s = e.series;
  let data: EventDates;
  if (s.type === "normal") {
    const o = firstOccurrence(s);
    if (!o) return;
    if (o.allDay) data = { allDay: true, start: dayDate(o.startDate!), end: dayDate(o.endDate!) };
    else data = { start: o.start, end: o.end > o.start ? o.end : null };
  } else {
    const p = planSeries(s);
    if (!p) return;
    if (p.allDay)
      data = { allDay: true, start: dayDate(formatDay(p.firstDay)), end: dayDate(formatDay(p.firstDay + p.spanDays)) };
    else {
      // Wall times in the series' zone (DTSTART;TZID=...), with the VTIMEZONE the calendar's generator adds.
      const start = wallTime(p.firstDay, p.startSec);
      data = {
        timezone: p.timeZone,
        start,
        end: p.endSec !== null ? wallTime(p.firstDay + p.endDays, p.endSec) : null,
      };
    }
    data.repeating = rruleOf(p);
  }
  const details = [
    e.description,
    e.contactPerson && `Contact: ${e.contactPerson}`,
    e.contactEmail && `E-mail: ${e.contactEmail}`,
    e.contactNumber && `Phone: ${e.contactNumber}`,
  ].filter(Boolean);
  cal.createEvent({
    ...data,
    id: `calendar-event-${e.id}@${host}`,
    stamp: now,
    lastModified: e.updatedAt,
    summary: e.title,
    categories: [{ name: e.keyName }],
    description: details.length ? details.join("\n") : null,
  });
}

/** A whole VCALENDAR document (CRLF line ends, folded lines), written by ical-generator. */
export function buildIcs(opts: { name: string; host: string; events: IcsEvent[]; now?: Date }): string {
  const now = opts.now ?? new Date();
  const cal = ical({
    prodId: { company: "Dealer Portal", product: "Calendar", language: "EN" },
    scale: "GREGORIAN",
    method: ICalCalendarMethod.PUBLISH,
    ttl: 3600,
    // No calendar zone (times are UTC or carry their TZID); the generator writes each used zone's VTIMEZONE.
    timezone: { name: null, generator: (zone) => vtimezone(zone, now.getUTCFullYear()).join("\r\n") },
    // As an X- property the name is escaped like any text (the library's `name` writes it as it is).
    x: [["X-WR-CALNAME", opts.name]],
  });
  for (const e of opts.events) addEvent(cal, e, opts.host, now);
  return cal.toString() + "\r\n";
}

import ical, { escape, foldLines, ICalCalendarMethod, type ICalCalendar, type ICalEventData } from "ical-generator";
import { firstOccurrence, planSeries, type SeriesInput, type SeriesPlan } from "./recurrence";
import { formatDay, instantOf, isoDayOfWeek, offsetAt, transitionsIn } from "@/lib/dates/zone";
import { civil, daysInMonth, wallText } from "@/lib/dates/civil";
import { TZDate } from "@date-fns/tz";

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
/** `YYYYMMDDTHHmmss` of a wall-clock millisecond count (local time written as if it were UTC). */
const localValue = (wall: number) => wallText(wall).replace(/[-:]/g, "").replace(" ", "T");
const dayValue = (day: number) => formatDay(day).replace(/-/g, "");

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

/** `+HHMM` / `-HHMM` of an offset in milliseconds. */
function offsetValue(ms: number): string {
  const total = Math.round(ms / 60_000);
  const sign = total < 0 ? "-" : "+";
  const a = Math.abs(total);
  return `${sign}${String(Math.floor(a / 60)).padStart(2, "0")}${String(a % 60).padStart(2, "0")}`;
}

/** A VTIMEZONE for `zone` from this year's transitions, as yearly rules (what Outlook needs to place TZID times). */
export function vtimezone(zone: string, year = new Date().getUTCFullYear()): string[] {
  const lines = ["BEGIN:VTIMEZONE", `TZID:${zone}`];
  // The first two changes of the year (local time: a change in the first hours of 1 January UTC still counts).
  const startOfYear = Date.UTC(year, 0, 1);
  const jan1 = startOfYear - offsetAt(zone, startOfYear);
  const transitions = [...transitionsIn(zone, year - 1), ...transitionsIn(zone, year)]
    .filter((t) => t.at > jan1 && civil(Math.floor((t.at + t.offset) / 86_400_000)).y === year)
    .slice(0, 2);
  if (transitions.length === 0) {
    const off = offsetValue(offsetAt(zone, jan1));
    lines.push("BEGIN:STANDARD", "DTSTART:19700101T000000", `TZOFFSETFROM:${off}`, `TZOFFSETTO:${off}`, "END:STANDARD");
  }
  for (const t of transitions) {
    const kind = t.offset > t.before ? "DAYLIGHT" : "STANDARD";
    const wallBefore = t.at + t.before;
    const day = Math.floor(wallBefore / 86_400_000);
    const { y, m, d } = civil(day);
    const nth = d + 7 > daysInMonth(y, m) ? -1 : Math.ceil(d / 7);
    lines.push(
      `BEGIN:${kind}`,
      `DTSTART:${localValue(wallBefore)}`,
      `TZOFFSETFROM:${offsetValue(t.before)}`,
      `TZOFFSETTO:${offsetValue(t.offset)}`,
      `RRULE:FREQ=YEARLY;BYMONTH=${m};BYDAY=${nth}${DAY_CODES[isoDayOfWeek(day)]}`,
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
      // ical-generator writes a TZDate's wall time in its zone.
      const wallTime = (day: number, sec: number) => new TZDate(instantOf(p.timeZone, day, sec), p.timeZone);
      data = {
        timezone: p.timeZone,
        start: wallTime(p.firstDay, p.startSec),
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

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

/** RFC 5545 text escaping. */
export function escapeText(s: string): string {
  return s.replace(/\\/g, "\\\\").replace(/;/g, "\\;").replace(/,/g, "\\,").replace(/\r?\n/g, "\\n");
}

/** Folds a content line at 75 octets (continuation lines start with a space), never splitting a character. */
export function foldLine(line: string): string {
  const enc = new TextEncoder();
  if (enc.encode(line).length <= 75) return line;
  const parts: string[] = [];
  let cur = "";
  let curBytes = 0;
  for (const ch of line) {
    const b = enc.encode(ch).length;
    const max = parts.length === 0 ? 75 : 74;
    if (curBytes + b > max) {
      parts.push(cur);
      cur = "";
      curBytes = 0;
    }
    cur += ch;
    curBytes += b;
  }
  parts.push(cur);
  return parts.join("\r\n ");
}

const utcStamp = (d: Date) => d.toISOString().replace(/[-:]/g, "").replace(/\.\d{3}/, "");
const localValue = (dt: Temporal.PlainDateTime) => dt.toString({ smallestUnit: "second" }).replace(/[-:]/g, "");
const dayValue = (day: number) => formatDay(day).replace(/-/g, "");
const hms = (sec: number) =>
  [Math.floor(sec / 3600), Math.floor((sec % 3600) / 60), sec % 60].map((n) => String(n).padStart(2, "0")).join("");

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
    const off = offsetValue(Temporal.PlainDate.from({ year, month: 1, day: 1 }).toZonedDateTime(zone).offsetNanoseconds);
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

/** The VEVENT lines of one event (null when it has no usable dates). */
export function veventLines(e: IcsEvent, host: string, now = new Date()): string[] | null {
  const s = e.series;
  const lines = ["BEGIN:VEVENT", `UID:calendar-event-${e.id}@${host}`, `DTSTAMP:${utcStamp(now)}`, `LAST-MODIFIED:${utcStamp(e.updatedAt)}`];
  if (s.type === "normal") {
    const o = firstOccurrence(s);
    if (!o) return null;
    if (o.allDay) {
      lines.push(`DTSTART;VALUE=DATE:${o.startDate!.replace(/-/g, "")}`, `DTEND;VALUE=DATE:${o.endDate!.replace(/-/g, "")}`);
    } else {
      lines.push(`DTSTART:${utcStamp(o.start)}`);
      if (o.end > o.start) lines.push(`DTEND:${utcStamp(o.end)}`);
    }
  } else {
    const p = planSeries(s);
    if (!p) return null;
    if (p.allDay) {
      lines.push(`DTSTART;VALUE=DATE:${dayValue(p.firstDay)}`, `DTEND;VALUE=DATE:${dayValue(p.firstDay + p.spanDays)}`);
    } else {
      lines.push(`DTSTART;TZID=${p.timeZone}:${dayValue(p.firstDay)}T${hms(p.startSec)}`);
      if (p.endSec !== null) lines.push(`DTEND;TZID=${p.timeZone}:${dayValue(p.firstDay + p.endDays)}T${hms(p.endSec)}`);
    }
    lines.push(`RRULE:${rruleOf(p)}`);
  }
  const details = [
    e.description,
    e.contactPerson && `Contact: ${e.contactPerson}`,
    e.contactEmail && `E-mail: ${e.contactEmail}`,
    e.contactNumber && `Phone: ${e.contactNumber}`,
  ].filter(Boolean);
  lines.push(`SUMMARY:${escapeText(e.title)}`, `CATEGORIES:${escapeText(e.keyName)}`);
  if (details.length) lines.push(`DESCRIPTION:${escapeText(details.join("\n"))}`);
  lines.push("END:VEVENT");
  return lines;
}

/** A whole VCALENDAR document (CRLF line ends, folded lines). */
export function buildIcs(opts: { name: string; host: string; events: IcsEvent[]; now?: Date }): string {
  const now = opts.now ?? new Date();
  const lines = [
    "BEGIN:VCALENDAR",
    "VERSION:2.0",
    "PRODID:-//Dealer Portal//Calendar//EN",
    "CALSCALE:GREGORIAN",
    "METHOD:PUBLISH",
    `X-WR-CALNAME:${escapeText(opts.name)}`,
    "REFRESH-INTERVAL;VALUE=DURATION:PT1H",
    "X-PUBLISHED-TTL:PT1H",
  ];
  const zones = new Set<string>();
  const body: string[] = [];
  for (const e of opts.events) {
    const v = veventLines(e, opts.host, now);
    if (!v) continue;
    if (v.some((l) => l.startsWith("DTSTART;TZID="))) zones.add(e.series.timeZone);
    body.push(...v);
  }
  for (const z of zones) lines.push(...vtimezone(z, now.getUTCFullYear()));
  lines.push(...body, "END:VCALENDAR");
  return lines.map(foldLine).join("\r\n") + "\r\n";
}

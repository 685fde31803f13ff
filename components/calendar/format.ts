import { RECURRENCE_LABELS, WEEKDAYS } from "@/lib/calendar/constants";
import type { ApiEventDetail, CalendarItem } from "@/lib/calendar/types";
import { formatDayText, formatInZone } from "@/lib/dates/format";

/** Display helpers: times in the calendar's zone (the viewer's), all-day dates as written. */

/** "Tue, Mar 10, 2026". */
const DATE = "EEE, MMM d, yyyy";

export function formatDay(day: string): string {
  return formatDayText(day, DATE);
}

export function formatDate(iso: string, timeZone: string): string {
  return formatInZone(iso, timeZone, DATE);
}

/** "9:00 AM". */
export function formatTime(iso: string, timeZone: string): string {
  return formatInZone(iso, timeZone, "h:mm a");
}

/** "March 2026". */
export function monthTitle(day: string): string {
  return formatDayText(day, "MMMM yyyy");
}

/** "Tue, Mar 10, 2026, 9:00 AM – 10:30 AM", or the dates of an all-day occurrence. */
export function describeOccurrence(
  o: Pick<CalendarItem, "allDay" | "start" | "end" | "startDay" | "endDay">,
  timeZone: string,
): string {
  if (!o.start) return "";
  if (o.allDay && o.startDay && o.endDay) {
    const last = new Date(new Date(`${o.endDay}T00:00:00Z`).getTime() - 86_400_000).toISOString().slice(0, 10);
    return last === o.startDay
      ? `${formatDay(o.startDay)} (all day)`
      : `${formatDay(o.startDay)} – ${formatDay(last)} (all day)`;
  }
  const sameDay = formatDate(o.start, timeZone) === formatDate(o.end, timeZone);
  if (o.end === o.start) return `${formatDate(o.start, timeZone)}, ${formatTime(o.start, timeZone)}`;
  return sameDay
    ? `${formatDate(o.start, timeZone)}, ${formatTime(o.start, timeZone)} – ${formatTime(o.end, timeZone)}`
    : `${formatDate(o.start, timeZone)}, ${formatTime(o.start, timeZone)} – ${formatDate(o.end, timeZone)}, ${formatTime(o.end, timeZone)}`;
}

/** "Mon and Wed" / "Mon, Wed and Fri". */
function listOf(items: string[]): string {
  return items.length <= 1 ? (items[0] ?? "") : `${items.slice(0, -1).join(", ")} and ${items[items.length - 1]}`;
}

/** How a recurring event repeats, for the detail view ("Every Monday, from Nov 3, 2025 until Nov 27, 2028"). */
export function describeRecurrence(e: ApiEventDetail, timeZone: string): string | null {
  if (e.type !== "recursive" || !e.recursive_type) return null;
  let text: string;
  if (e.recursive_type === "weekly") {
    const days = (e.days_of_week?.length ? e.days_of_week : [e.day_of_week ?? 1]).map((d) => WEEKDAYS[d - 1]);
    const every = e.repeat_interval > 1 ? `Every ${e.repeat_interval} weeks on` : "Every";
    text = `${every} ${listOf(days)}`;
  } else if (!e.starts_at) text = RECURRENCE_LABELS[e.recursive_type];
  else {
    text =
      e.recursive_type === "monthly"
        ? `Monthly on day ${formatInZone(e.starts_at, e.time_zone, "d")}`
        : `Annual on ${formatInZone(e.starts_at, e.time_zone, "MMMM d")}`;
  }
  // An all-day series starts on a date, the one it was made for in its own zone, wherever it is read;
  // a timed one at an instant, dated in the viewer's zone.
  if (e.starts_at) text += `, from ${formatDate(e.starts_at, e.all_day ? e.time_zone : timeZone)}`;
  if (e.repeat_until) text += ` until ${formatDay(e.repeat_until)}`;
  return text;
}

/** Today in a zone as `YYYY-MM-DD`. */
export function todayIn(timeZone: string): string {
  return formatInZone(Date.now(), timeZone, "yyyy-MM-dd");
}

import { RECURRENCE_LABELS, WEEKDAYS } from "@/lib/calendar/constants";
import type { ApiEventDetail, ApiOccurrence } from "@/lib/calendar/types";

/** Display helpers: times in the calendar's zone (the viewer's), all-day dates as written. */

const cache = new Map<string, Intl.DateTimeFormat>();
function fmt(timeZone: string, options: Intl.DateTimeFormatOptions) {
  const key = timeZone + JSON.stringify(options);
  let f = cache.get(key);
  if (!f) cache.set(key, (f = new Intl.DateTimeFormat("en-US", { timeZone, ...options })));
  return f;
}

const DATE: Intl.DateTimeFormatOptions = { weekday: "short", month: "short", day: "numeric", year: "numeric" };
const TIME: Intl.DateTimeFormatOptions = { hour: "numeric", minute: "2-digit" };

export function formatDay(day: string): string {
  return fmt("UTC", DATE).format(new Date(`${day}T00:00:00Z`));
}

export function formatDate(iso: string, timeZone: string): string {
  return fmt(timeZone, DATE).format(new Date(iso));
}

export function formatTime(iso: string, timeZone: string): string {
  return fmt(timeZone, TIME).format(new Date(iso));
}

export function monthTitle(day: string): string {
  return fmt("UTC", { month: "long", year: "numeric" }).format(new Date(`${day}T00:00:00Z`));
}

/** "Tue, Mar 10, 2026, 9:00 AM – 10:30 AM", or the dates of an all-day occurrence. */
export function describeOccurrence(
  o: Pick<ApiOccurrence, "all_day" | "start" | "end" | "start_day" | "end_day">,
  timeZone: string,
): string {
  if (!o.start) return "";
  if (o.all_day && o.start_day && o.end_day) {
    const last = new Date(new Date(`${o.end_day}T00:00:00Z`).getTime() - 86_400_000).toISOString().slice(0, 10);
    return last === o.start_day
      ? `${formatDay(o.start_day)} (all day)`
      : `${formatDay(o.start_day)} – ${formatDay(last)} (all day)`;
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
    const start = new Date(e.starts_at);
    const parts = fmt(e.time_zone, { month: "long", day: "numeric" }).formatToParts(start);
    const day = parts.find((p) => p.type === "day")?.value;
    const month = parts.find((p) => p.type === "month")?.value;
    text = e.recursive_type === "monthly" ? `Monthly on day ${day}` : `Annual on ${month} ${day}`;
  }
  if (e.starts_at) text += `, from ${formatDate(e.starts_at, timeZone)}`;
  if (e.repeat_until) text += ` until ${formatDay(e.repeat_until)}`;
  return text;
}

/** The browser's zone (IANA), or California when the runtime does not say. */
export function browserTimeZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || "America/Los_Angeles";
  } catch {
    return "America/Los_Angeles";
  }
}

/** Today in a zone as `YYYY-MM-DD`. */
export function todayIn(timeZone: string): string {
  const parts = fmt(timeZone, { year: "numeric", month: "2-digit", day: "2-digit" }).formatToParts(new Date());
  const get = (t: string) => parts.find((p) => p.type === t)?.value ?? "";
  return `${get("year")}-${get("month")}-${get("day")}`;
}

import { format } from "date-fns";
import { TZDate } from "@date-fns/tz";

/**
 * Dates for people: an instant written in a time zone with a date-fns pattern ("MM/dd/yyyy",
 * "EEE, MMM d, yyyy", "h:mm a"). date-fns writes English names and separators itself, so the server and
 * the browser write the same text whatever ICU they have (Intl's "9:00 AM" has a narrow no-break space
 * on one and a space on another, and the page's hydration then differs); TZDate (@date-fns/tz) gives
 * date-fns the zone's wall time.
 */
export function formatInZone(at: Date | number | string, timeZone: string, pattern: string): string {
  const ms = typeof at === "string" ? Date.parse(at) : typeof at === "number" ? at : at.getTime();
  return format(new TZDate(ms, timeZone), pattern);
}

/** A calendar day written as `YYYY-MM-DD` (no zone: the day itself) with a date-fns pattern. */
export function formatDayText(day: string, pattern: string): string {
  return formatInZone(`${day}T00:00:00Z`, "UTC", pattern);
}

/** When something happened, as a person says it in a zone: 'at 2:02 PM' today, 'on Nov 27 at 2:02 PM' another day. */
export function whenSaid(at: Date, timeZone: string, now = new Date()): string {
  const day = (d: Date) => formatInZone(d, timeZone, "yyyy-MM-dd");
  const time = formatInZone(at, timeZone, "h:mm a");
  return day(at) === day(now) ? `at ${time}` : `on ${formatInZone(at, timeZone, "MMM d")} at ${time}`;
}

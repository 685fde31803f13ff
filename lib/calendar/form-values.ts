import type { EventFormInput } from "./schemas";
import type { ApiEventDetail } from "./types";

/**
 * The event form's values for a stored event (the edit form opens with them), in the event's own zone so
 * that saving them unchanged changes nothing. Client-safe: no server imports.
 */

const formats = new Map<string, Intl.DateTimeFormat>();

/** An instant as `YYYY-MM-DDTHH:mm` in a zone (what a datetime-local input holds, without seconds). */
export function wallMinutes(iso: string, timeZone: string): string {
  let f = formats.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat("en-US", {
      timeZone,
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      hourCycle: "h23",
    });
    formats.set(timeZone, f);
  }
  const parts = f.formatToParts(new Date(iso));
  const get = (t: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === t)?.value ?? "";
  return `${get("year")}-${get("month")}-${get("day")}T${get("hour")}:${get("minute")}`;
}

export function eventFormValuesOf(e: ApiEventDetail): EventFormInput {
  const tz = e.time_zone;
  const recursive = e.type === "recursive";
  const startsAt = e.starts_at ? wallMinutes(e.starts_at, tz) : "";
  const end = e.ends_at ? wallMinutes(e.ends_at, tz) : "";
  return {
    id: e.id,
    title: e.title,
    calendarKeyId: e.meeting_id,
    keyDescription: e.key_description,
    description: e.description,
    status: e.status,
    type: e.type,
    recurrence: e.recursive_type ?? "monthly",
    daysOfWeek: (e.days_of_week?.length ? e.days_of_week : [1]).map(String),
    interval: e.repeat_interval || 1,
    startsAt,
    endsAt: recursive ? "" : end,
    // A series without an end (old API clients) has points in time: its end time is its start time.
    endTime: recursive ? (end || startsAt).slice(11, 16) : "",
    repeatUntil: recursive ? (e.repeat_until ?? "") : "",
    timeZone: tz,
    contactPerson: e.contact_person,
    contactEmail: e.contact_email,
    contactNumber: e.contact_number,
    attachments: e.attachments.map((a) => a.document_path),
  };
}

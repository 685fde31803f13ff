import { formatInZone } from "@/lib/dates/format";
import type { EventFormInput } from "./schemas";
import type { ApiEventDetail } from "./types";

/**
 * The event form's values for a stored event (the edit form opens with them), in the event's own zone so
 * that saving them unchanged changes nothing. Client-safe: no server imports.
 */

/** An instant as `YYYY-MM-DDTHH:mm` in a zone (what a datetime-local input holds, without seconds). */
export function wallMinutes(iso: string, timeZone: string): string {
  return formatInZone(iso, timeZone, "yyyy-MM-dd'T'HH:mm");
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

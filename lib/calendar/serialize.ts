import "server-only";
import type { CalendarKeyRow, EventDetail, OccurrenceRow } from "./queries";
import type { OccurrenceMs } from "./recurrence";
import { isoOf } from "./iso";
import { toLegacy } from "./time";
import type { ApiAttachment, ApiCalendarKey, ApiEventDetail, ApiOccurrence, CalendarItem } from "./types";

function hex8(color: string) {
  return color.length === 9 ? color : `${color}ff`;
}

export function toApiKey(key: CalendarKeyRow): ApiCalendarKey {
  const hex = key.colorCode.slice(0, 7);
  return {
    value: key.id,
    text: key.name,
    color_code: key.colorCode,
    color_code_obj: { hex, hex8: hex8(key.colorCode) },
    status: key.status,
    is_view: true,
  };
}

function twelveHour(legacy: string) {
  const h = Number(legacy.slice(11, 13));
  const m = legacy.slice(14, 16);
  return `${String(h % 12 === 0 ? 12 : h % 12).padStart(2, "0")}:${m} ${h < 12 ? "AM" : "PM"}`;
}

type OccurrenceFields = Omit<OccurrenceRow, "occurrence" | "eventId"> & { eventId: number };

function occurrenceFields(r: OccurrenceFields, o: OccurrenceMs | null, offsetMinutes: number | null): ApiOccurrence {
  const start = o?.start ?? null;
  const end = o?.end ?? null;
  const startLegacy = start !== null ? toLegacy(start, offsetMinutes, r.timeZone) : "";
  const endLegacy = end !== null ? toLegacy(end, offsetMinutes, r.timeZone) : "";
  return {
    id: r.eventId,
    occurrence_id: `${r.eventId}-${start ?? 0}`,
    title: r.title,
    meeting_id: r.keyId,
    mm_title: r.keyName,
    color_code: r.color,
    status: r.status,
    type: r.type,
    recursive_type: r.recurrence,
    day_of_week: r.daysOfWeek?.[0] ?? null,
    all_day: o?.allDay ?? false,
    start: start !== null ? isoOf(start) : "",
    end: end !== null ? isoOf(end) : "",
    start_day: o?.startDate ?? null,
    end_day: o?.endDate ?? null,
    start_date: startLegacy,
    end_date: endLegacy,
    start_date_time: startLegacy,
    eventdate: startLegacy.slice(0, 10),
    eventtime: startLegacy ? twelveHour(startLegacy) : "",
  };
}

export function toApiOccurrence(r: OccurrenceRow, offsetMinutes: number | null): ApiOccurrence {
  return occurrenceFields(r, r.occurrence, offsetMinutes);
}

/** The lean shape for the portal's own calendar (no legacy local-time strings). */
export function toCalendarItem(r: OccurrenceRow): CalendarItem {
  const o = r.occurrence;
  return {
    id: r.eventId,
    occurrence_id: `${r.eventId}-${o.start}`,
    title: r.title,
    meeting_id: r.keyId,
    mm_title: r.keyName,
    color_code: r.color,
    status: r.status,
    type: r.type,
    all_day: o.allDay,
    start: isoOf(o.start),
    end: isoOf(o.end),
    start_day: o.startDate,
    end_day: o.endDate,
  };
}

export function toApiEventDetail(
  d: EventDetail,
  offsetMinutes: number | null,
  attachments: ApiAttachment[] = [],
): ApiEventDetail {
  const shown = d.shown && { ...d.shown, start: d.shown.start.getTime(), end: d.shown.end.getTime() };
  const base = occurrenceFields({ ...d, eventId: d.id }, shown, offsetMinutes);
  return {
    ...base,
    description: d.description,
    key_description: d.keyDescription,
    contact_person: d.contactPerson,
    contact_email: d.contactEmail,
    contact_number: d.contactNumber,
    time_zone: d.timeZone,
    starts_at: d.startsAt?.toISOString() ?? null,
    ends_at: d.endsAt?.toISOString() ?? null,
    days_of_week: d.daysOfWeek,
    repeat_interval: d.repeatInterval,
    repeat_until: d.repeatUntil,
    created_by: d.createdByName,
    updated_by: d.updatedByName,
    updated_at: d.updatedAt.toISOString(),
    attachments,
  };
}

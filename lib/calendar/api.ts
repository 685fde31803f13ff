import "server-only";
import { z } from "zod";
import { text } from "@/lib/validation/text";
import { AppError } from "@/lib/errors";
import { fieldErrorsOf } from "@/lib/api/with-api";
import { KEY_STATUSES } from "./constants";
import { isKnownTimeZone, PORTAL_TIME_ZONE } from "@/lib/dates/zone";
import { windowOf } from "./range";
import { eventFormSchema, MESSAGES, searchText, type EventFormValues } from "./schemas";
import { isWallTime, legacyToIso, toInstant, toLegacy, toWall } from "@/lib/dates/wall";
import { legacyImagePaths } from "./attachments/api";
import { overStored } from "@/lib/validation/partial";
import type { CalendarKeyRow, EventDetail, OccurrenceRow } from "./queries";
import type { OccurrenceMs } from "./recurrence";
import { isoOf } from "@/lib/dates/civil";
import type { ApiAttachment, ApiCalendarKey, ApiEventDetail, ApiOccurrence } from "./types";

/**
 * Translation between the v1 calendar calls' names (the old portal's, kept for existing clients) and
 * the code's. `offset_minutes` is the browser's `Date.getTimezoneOffset()` (480 in California in
 * winter): naive date-times a client sends are its local time, and the legacy strings it gets back are too.
 */

const offsetMinutes = z.preprocess(
  (v) => (v === "" || v === null ? undefined : v),
  z.coerce.number({ error: "offset_minutes must be a number of minutes." }).int().min(-900).max(900).optional(),
);

export const getEventsQuery = z.object({
  start_date: text().trim().max(40).optional(),
  end_date: text().trim().max(40).optional(),
  offset_minutes: offsetMinutes,
  /** A calendar key (0 or absent: every key). */
  id: z.preprocess((v) => (v === "" ? undefined : v), z.coerce.number().int().min(0).optional()),
  search: searchText.optional(),
  /** A calendar page's slug: only the calendar keys that page shows. */
  slug: text().trim().max(190).optional(),
  /** Zone of naive start/end dates when no offset_minutes is sent. */
  time_zone: text().trim().max(64).refine(isKnownTimeZone, "Unknown time zone").optional(),
});

export const getEventQuery = z.object({
  id: z.coerce.number({ error: "The event id is required." }).int().positive("The event id is required."),
  offset_minutes: offsetMinutes,
});

export const meetingListQuery = z.object({
  id: z.preprocess((v) => (v === "" ? undefined : v), z.coerce.number().int().min(0).optional()),
  status: z.enum([...KEY_STATUSES, "all"]).optional(),
});

export const deleteEventsBody = z.object({
  deleteArr: z.preprocess(
    (v) => (typeof v === "string" ? v.split(",").filter(Boolean) : typeof v === "number" ? [v] : v),
    z
      .array(z.coerce.number().int().positive("deleteArr must hold event ids."), {
        error: "deleteArr must hold event ids.",
      })
      .min(1, "deleteArr must hold event ids.")
      .max(500),
  ),
});

/** A naive or absolute date-time from a v1 client to an instant. */
function instantFromApi(value: string, offset: number | undefined, timeZone = PORTAL_TIME_ZONE): Date | null {
  if (offset !== undefined && isWallTime(value)) {
    const iso = legacyToIso(value, offset);
    return iso ? new Date(iso) : null;
  }
  return toInstant(value, timeZone);
}

/** The window of a getevents call: the given dates, or 30 days either side of now (the old portal's default). */
export function windowFromQuery(q: z.infer<typeof getEventsQuery>): { start: Date; end: Date } {
  return windowOf({ start: q.start_date, end: q.end_date }, (v) => instantFromApi(v, q.offset_minutes, q.time_zone), {
    start: "start_date",
    end: "end_date",
  });
}

/** addupdateevent's names -> the form schema's names (for field messages going back). */
const LEGACY_NAMES: Record<string, string> = {
  id: "id",
  title: "title",
  calendarKeyId: "colorcode",
  keyDescription: "keydescription",
  description: "description",
  status: "status",
  type: "type",
  recurrence: "recursiveType",
  daysOfWeek: "weekDay",
  interval: "repeatInterval",
  startsAt: "startDate",
  endsAt: "endDate",
  endTime: "endTime",
  repeatUntil: "repeatUntil",
  timeZone: "timeZone",
  contactPerson: "contactPerson",
  contactEmail: "contactEmail",
  contactNumber: "contactNumber",
  attachments: "imagePath",
};

const str = (v: unknown): string | undefined =>
  v === undefined || v === null ? undefined : typeof v === "string" ? v : typeof v === "number" ? String(v) : undefined;

/** The schedule of a stored event, which an update that sends no dates keeps. */
export type StoredSchedule = {
  startsAt: Date | null;
  endsAt: Date | null;
  repeatUntil: string | null;
  timeZone: string;
};

/** A stored event (getStoredEvent): its schedule, and the fields an update that leaves them out keeps. */
export type StoredEvent = StoredSchedule & {
  title: string;
  calendarKeyId: number | null;
  keyDescription: string;
  description: string;
  status: string;
  type: string;
  recurrence: string | null;
  daysOfWeek: number[] | null;
  repeatInterval: number;
  contactPerson: string;
  contactEmail: string;
  contactNumber: string;
  attachmentKeys: string[];
};

/**
 * A stored event under the body's legacy names, for the fields an update keeps when its body leaves them
 * out (docs/decisions.md: an update call changes only the fields its body names). A one-off event's dates too; a
 * series' schedule is kept by parseLegacyEventBody's own rules (its old payload sends no dates).
 */
function storedLegacyBody(stored: StoredEvent): Record<string, unknown> {
  return {
    title: stored.title,
    colorcode: stored.calendarKeyId ?? "",
    keydescription: stored.keyDescription,
    description: stored.description,
    status: stored.status,
    type: stored.type,
    recursiveType: stored.recurrence ?? undefined,
    weekDays: stored.daysOfWeek ?? undefined,
    repeatInterval: String(stored.repeatInterval),
    contactPerson: stored.contactPerson,
    contactEmail: stored.contactEmail,
    contactNumber: stored.contactNumber,
    imagePath: stored.attachmentKeys,
    ...(stored.type === "recursive"
      ? {}
      : { startDate: stored.startsAt?.toISOString(), endDate: stored.endsAt?.toISOString() ?? "" }),
  };
}

/** Weekdays from `weekDays` (a list or "1,3") or the old single `weekDay`. */
function weekdaysOf(b: Record<string, unknown>): unknown[] | undefined {
  const many = b.weekDays;
  if (Array.isArray(many)) return many;
  if (typeof many === "string" && many.trim()) return many.split(",").map((d) => d.trim());
  const one = str(b.weekDay);
  return one ? [one] : undefined;
}

/**
 * Parses an addupdateevent body with the event form's schema: legacy names mapped, naive dates shifted
 * by `offset_minutes` when given. Refusals carry the field messages under the legacy names.
 * imagePath[] carries the storage paths of the files (imageSize[] and imageType[] are read from
 * the stored files instead).
 *
 * A series' old `endDate` is its last date and each occurrence's end time in one value (the optional
 * `repeatUntil` and `endTime` say them apart); without either, occurrences are points in time. The
 * old weekly payload has no dates: a new series then starts today (all day, as before), an update
 * keeps the stored schedule (`stored`) and zone. An update (`stored`) keeps every field its body leaves
 * out (storedLegacyBody under the body: description, contacts, key, files...).
 */
export function parseLegacyEventBody(body: unknown, stored: StoredEvent | null = null): EventFormValues {
  if (!body || typeof body !== "object" || Array.isArray(body))
    throw new AppError(422, "The request body must be an object.");
  const b = stored ? overStored(storedLegacyBody(stored), body) : (body as Record<string, unknown>);
  const offset = offsetMinutes.safeParse(b.offset_minutes);
  if (!offset.success)
    throw new AppError(422, "offset_minutes must be a number of minutes.", {
      offset_minutes: ["offset_minutes must be a number of minutes."],
    });
  const date = (v: unknown) => {
    const s = str(v)?.trim();
    if (!s) return "";
    return offset.data !== undefined && isWallTime(s) ? (legacyToIso(s, offset.data) ?? s) : s;
  };
  const id = str(b.id)?.trim();
  const timeZone = str(b.timeZone) || stored?.timeZone || undefined;
  const zone = timeZone && isKnownTimeZone(timeZone) ? timeZone : PORTAL_TIME_ZONE;
  const type = str(b.type) || undefined;
  const recurrence = str(b.recursiveType) || undefined;
  let startsAt = date(b.startDate);
  const endsAt = date(b.endDate);
  let endTime = str(b.endTime)?.trim() ?? "";
  let repeatUntil = str(b.repeatUntil)?.trim() ?? "";
  if (type === "recursive") {
    const wallOf = (v: string) => {
      const instant = toInstant(v, zone);
      return instant ? toWall(instant, zone) : null;
    };
    if (!startsAt && recurrence === "weekly") {
      // The old weekly payload: keep an update's schedule; a new series starts today, all day.
      if (stored?.startsAt) {
        startsAt = stored.startsAt.toISOString();
        if (!endTime)
          endTime = stored.endsAt
            ? toWall(stored.endsAt, zone).slice(11, 19)
            : toWall(stored.startsAt, zone).slice(11, 19);
        if (!repeatUntil && !endsAt) repeatUntil = stored.repeatUntil ?? "";
      } else {
        startsAt = `${toWall(new Date(), zone).slice(0, 10)}T00:00:00`;
        if (!endTime) endTime = "23:59";
      }
    }
    const endWall = endsAt ? wallOf(endsAt) : null;
    if (endWall) {
      if (!endTime) endTime = endWall.slice(11, 19);
      if (!repeatUntil) repeatUntil = endWall.slice(0, 10);
    } else if (endsAt) throw new AppError(422, MESSAGES.endInvalid, { endDate: [MESSAGES.endInvalid] });
    if (!endTime && startsAt) endTime = wallOf(startsAt)?.slice(11, 19) ?? "";
  }
  const input = {
    id: id && id !== "0" ? id : undefined,
    title: str(b.title) ?? "",
    calendarKeyId: str(b.colorcode) ?? "",
    keyDescription: str(b.keydescription) ?? "",
    description: str(b.description) ?? "",
    status: str(b.status) || undefined,
    type,
    recurrence,
    daysOfWeek: weekdaysOf(b),
    interval: str(b.repeatInterval) || undefined,
    startsAt,
    endsAt: type === "recursive" ? "" : endsAt,
    endTime,
    repeatUntil,
    timeZone,
    contactPerson: str(b.contactPerson) ?? "",
    contactEmail: str(b.contactEmail) ?? "",
    contactNumber: str(b.contactNumber) ?? "",
    attachments: legacyImagePaths(b),
  };
  const parsed = eventFormSchema.safeParse(input);
  if (!parsed.success) {
    const fields = fieldErrorsOf(parsed.error);
    const legacy: Record<string, string[]> = {};
    for (const [k, v] of Object.entries(fields)) legacy[LEGACY_NAMES[k.split(".")[0]] ?? k] = v;
    throw new AppError(422, parsed.error.issues[0]?.message ?? "Invalid input.", legacy);
  }
  return parsed.data;
}

/** Renames field messages of a save (AppError from the mutation) to the legacy names. */
export function legacyFieldErrors(err: AppError): AppError {
  if (!err.fieldErrors) return err;
  const legacy: Record<string, string[]> = {};
  for (const [k, v] of Object.entries(err.fieldErrors)) legacy[LEGACY_NAMES[k] ?? k] = v;
  return new AppError(err.status, err.message, legacy);
}

// ---------------------------------------------------------------- rows to the v1 shapes

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

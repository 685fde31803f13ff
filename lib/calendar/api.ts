import "server-only";
import { z } from "zod";
import { text } from "@/lib/validation/text";
import { AppError } from "@/lib/errors";
import { fieldErrorsOf } from "@/lib/api/with-api";
import { DEFAULT_TIME_ZONE, MAX_WINDOW_DAYS } from "./constants";
import { eventFormSchema, isKnownTimeZone, searchText, type EventFormValues } from "./schemas";
import { isWallTime, legacyToIso, toInstant } from "./time";
import { legacyImagePaths } from "./attachments";

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
  /** `calendar`: the lean occurrences the portal's own calendar draws (no legacy strings). */
  fields: z.enum(["all", "calendar"]).optional(),
  /** Zone of naive start/end dates when no offset_minutes is sent (the portal's own calendar sends it). */
  time_zone: text().trim().max(64).refine(isKnownTimeZone, "Unknown time zone").optional(),
});

export const getEventQuery = z.object({
  id: z.coerce.number({ error: "The event id is required." }).int().positive("The event id is required."),
  offset_minutes: offsetMinutes,
});

export const meetingListQuery = z.object({
  id: z.preprocess((v) => (v === "" ? undefined : v), z.coerce.number().int().min(0).optional()),
  status: z.enum(["active", "inactive", "all"]).optional(),
});

export const deleteEventsBody = z.object({
  deleteArr: z.preprocess(
    (v) => (typeof v === "string" ? v.split(",").filter(Boolean) : typeof v === "number" ? [v] : v),
    z
      .array(z.coerce.number().int().positive("deleteArr must hold event ids."), { error: "deleteArr must hold event ids." })
      .min(1, "deleteArr must hold event ids.")
      .max(500),
  ),
});

/** A naive or absolute date-time from a v1 client to an instant. */
function instantFromApi(value: string, offset: number | undefined, timeZone = DEFAULT_TIME_ZONE): Date | null {
  if (offset !== undefined && isWallTime(value)) {
    const iso = legacyToIso(value, offset);
    return iso ? new Date(iso) : null;
  }
  return toInstant(value, timeZone);
}

const DAY = 86_400_000;

/** The window of a getevents call: the given dates, or 30 days either side of now (the spec's default). */
export function windowFromQuery(q: z.infer<typeof getEventsQuery>): { start: Date; end: Date } {
  const now = Date.now();
  const start = q.start_date ? instantFromApi(q.start_date, q.offset_minutes, q.time_zone) : new Date(now - 30 * DAY);
  const end = q.end_date ? instantFromApi(q.end_date, q.offset_minutes, q.time_zone) : new Date(now + 30 * DAY);
  if (!start) throw new AppError(422, "start_date is not a valid date.", { start_date: ["start_date is not a valid date."] });
  if (!end) throw new AppError(422, "end_date is not a valid date.", { end_date: ["end_date is not a valid date."] });
  if (end <= start) throw new AppError(422, "end_date must be after start_date.", { end_date: ["end_date must be after start_date."] });
  if (end.getTime() - start.getTime() > MAX_WINDOW_DAYS * DAY) {
    throw new AppError(422, `The date range cannot be longer than ${MAX_WINDOW_DAYS} days.`, { end_date: [`The date range cannot be longer than ${MAX_WINDOW_DAYS} days.`] });
  }
  return { start, end };
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
  dayOfWeek: "weekDay",
  startsAt: "startDate",
  endsAt: "endDate",
  timeZone: "timeZone",
  contactPerson: "contactPerson",
  contactEmail: "contactEmail",
  contactNumber: "contactNumber",
  attachments: "imagePath",
};

const str = (v: unknown): string | undefined => (v === undefined || v === null ? undefined : typeof v === "string" ? v : typeof v === "number" ? String(v) : undefined);

/**
 * Parses an addupdateevent body with the event form's schema: legacy names mapped, naive dates shifted
 * by `offset_minutes` when given. Refusals carry the field messages under the legacy names.
 * imagePath[] carries the storage paths of the files (imageSize[] and imageType[] are read from
 * the stored files instead).
 */
export function parseLegacyEventBody(body: unknown): EventFormValues {
  if (!body || typeof body !== "object" || Array.isArray(body)) throw new AppError(422, "The request body must be an object.");
  const b = body as Record<string, unknown>;
  const offset = offsetMinutes.safeParse(b.offset_minutes);
  if (!offset.success) throw new AppError(422, "offset_minutes must be a number of minutes.", { offset_minutes: ["offset_minutes must be a number of minutes."] });
  const date = (v: unknown) => {
    const s = str(v)?.trim();
    if (!s) return "";
    return offset.data !== undefined && isWallTime(s) ? (legacyToIso(s, offset.data) ?? s) : s;
  };
  const id = str(b.id)?.trim();
  const input = {
    id: id && id !== "0" ? id : undefined,
    title: str(b.title) ?? "",
    calendarKeyId: str(b.colorcode) ?? "",
    keyDescription: str(b.keydescription) ?? "",
    description: str(b.description) ?? "",
    status: str(b.status) || undefined,
    type: str(b.type) || undefined,
    recurrence: str(b.recursiveType) || undefined,
    dayOfWeek: str(b.weekDay) || undefined,
    startsAt: date(b.startDate),
    endsAt: date(b.endDate),
    timeZone: str(b.timeZone) || undefined,
    contactPerson: str(b.contactPerson) ?? "",
    contactEmail: str(b.contactEmail) ?? "",
    contactNumber: str(b.contactNumber) ?? "",
    attachments: legacyImagePaths(body),
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

import { z } from "zod";
import { line, text } from "@/lib/validation/text";
import { formatYmd, parseDateTime, parseInstant, parseIsoDate } from "@/lib/dates/parse";
import { isKnownTimeZone, PORTAL_TIME_ZONE } from "@/lib/dates/zone";
import {
  CONTACT_EMAIL_MAX,
  CONTACT_NUMBER_MAX_DIGITS,
  CONTACT_NUMBER_MIN_DIGITS,
  EVENT_STATUSES,
  EVENT_TYPES,
  RECURRENCES,
  TITLE_MAX,
} from "./constants";
import { tooManyMessage, UPLOAD_KINDS } from "@/lib/storage/kinds";

/**
 * The event form's one schema: react-hook-form validates with it in the browser and the server action
 * and `addupdateevent` re-parse with it. It must stay free of server imports (it ships to the browser).
 */

export const MESSAGES = {
  titleRequired: "Title Required",
  titleTooLong: `Title cannot be longer than ${TITLE_MAX} character`,
  keyRequired: "Please select Calendar Key",
  startRequired: "Start Date Required",
  startInvalid: "Please Enter Valid Start DateTime",
  endInvalid: "Please Enter Valid End DateTime",
  endBeforeStart: "End DateTime cannot be before Start DateTime",
  weekday: "Day Of Week must be between 1 (Monday) and 7 (Sunday)",
  weekdayRequired: "Please select at least one Day Of Week",
  interval: "Repeat every must be a whole number of weeks from 1 to 52",
  endTimeRequired: "End Time Required",
  endTimeInvalid: "Please Enter Valid End Time",
  lastDateInvalid: "Please Enter Valid Last Date",
  lastDateBeforeStart: "Last Date cannot be before the Start Date",
  emailInvalid: "Please Enter Valid Contact Email",
  emailTooLong: `Contact Email cannot be longer than ${CONTACT_EMAIL_MAX} character`,
  contactPersonFirst: "Please Enter Contact Person First",
  numberNumeric: "Contact Number Must Be Numeric",
  numberMin: `Contact Number Must Be Of Minimum ${CONTACT_NUMBER_MIN_DIGITS} Digits`,
  numberMax: `Contact Number Must Be Of Maximum ${CONTACT_NUMBER_MAX_DIGITS} Digits`,
  timeZone: "Unknown time zone",
} as const;

/** `YYYY-MM-DDTHH:mm:ss` of a real wall-clock date-time (no offset written), or null (lib/dates/parse.ts). */
export function normaliseWall(v: string): string | null {
  const p = parseDateTime(v.trim());
  if (!p || p.offset !== null) return null;
  return `${formatYmd(p)}T${String(p.h).padStart(2, "0")}:${String(p.mi).padStart(2, "0")}:${String(p.s).padStart(2, "0")}`;
}

/** A real date-time that names its offset (`Z`, `±HH:MM`). */
function isAbsolute(v: string) {
  return parseInstant(v.trim()) !== null;
}

export function isValidDateTime(v: string): boolean {
  return normaliseWall(v) !== null || isAbsolute(v);
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
/** `HH:mm` (seconds allowed, as old clients send them). */
export const TIME = /^([01]\d|2[0-3]):[0-5]\d(?::[0-5]\d)?$/;

/** A real `YYYY-MM-DD` date. */
export function isValidDate(v: string): boolean {
  return parseIsoDate(v) !== null;
}

export const eventFormSchema = z
  .object({
    id: z.coerce.number().int().positive().optional(),
    title: line("Title", { error: MESSAGES.titleRequired })
      .trim()
      .min(1, MESSAGES.titleRequired)
      .max(TITLE_MAX, MESSAGES.titleTooLong),
    calendarKeyId: z.coerce
      .number({ error: MESSAGES.keyRequired })
      .int(MESSAGES.keyRequired)
      .positive(MESSAGES.keyRequired),
    keyDescription: text().trim().max(65534).default(""),
    description: text().trim().max(65534).default(""),
    status: z.enum(EVENT_STATUSES).default("active"),
    type: z.enum(EVENT_TYPES).default("normal"),
    recurrence: z.enum(RECURRENCES).default("monthly"),
    /** Weekly series: the weekdays, 1 Monday .. 7 Sunday (checkboxes send strings). */
    daysOfWeek: z
      .array(
        z.coerce
          .number({ error: MESSAGES.weekday })
          .int(MESSAGES.weekday)
          .min(1, MESSAGES.weekday)
          .max(7, MESSAGES.weekday),
        { error: MESSAGES.weekdayRequired },
      )
      .max(7, MESSAGES.weekday)
      .default([1]),
    /** Weekly series: every N weeks. */
    interval: z.coerce
      .number({ error: MESSAGES.interval })
      .int(MESSAGES.interval)
      .min(1, MESSAGES.interval)
      .max(52, MESSAGES.interval)
      .default(1),
    /**
     * Wall-clock `YYYY-MM-DDTHH:mm[:ss]` in `timeZone`, or an absolute ISO date-time (API). For a series
     * the start is its first occurrence's date and time.
     */
    startsAt: text().trim().default(""),
    /** Normal events: the end (optional). */
    endsAt: text().trim().default(""),
    /** Series: the local time (`HH:mm`) each occurrence ends; before the start time means the next day. */
    endTime: text().trim().default(""),
    /** Series: the last date (`YYYY-MM-DD`) an occurrence may fall on; empty = no end. */
    repeatUntil: text().trim().default(""),
    timeZone: text().trim().default(PORTAL_TIME_ZONE).refine(isKnownTimeZone, MESSAGES.timeZone),
    contactPerson: line("Contact Person")
      .trim()
      .max(190, "Contact Person cannot be longer than 190 character")
      .default(""),
    contactEmail: line("Contact Email").trim().max(CONTACT_EMAIL_MAX, MESSAGES.emailTooLong).default(""),
    contactNumber: line("Contact Number").trim().default(""),
    /** Storage paths of the event's files (store_document uploads, kind `event`), in display order. */
    attachments: z
      .array(text().trim().min(1).max(300))
      .max(UPLOAD_KINDS.event.maxFiles, tooManyMessage(UPLOAD_KINDS.event))
      .default([]),
  })
  .superRefine((v, ctx) => {
    const recursive = v.type === "recursive";
    if (!v.startsAt) ctx.addIssue({ code: "custom", path: ["startsAt"], message: MESSAGES.startRequired });
    if (v.startsAt && !isValidDateTime(v.startsAt))
      ctx.addIssue({ code: "custom", path: ["startsAt"], message: MESSAGES.startInvalid });
    if (recursive) {
      if (v.recurrence === "weekly" && v.daysOfWeek.length === 0)
        ctx.addIssue({ code: "custom", path: ["daysOfWeek"], message: MESSAGES.weekdayRequired });
      if (!v.endTime) ctx.addIssue({ code: "custom", path: ["endTime"], message: MESSAGES.endTimeRequired });
      else if (!TIME.test(v.endTime))
        ctx.addIssue({ code: "custom", path: ["endTime"], message: MESSAGES.endTimeInvalid });
      if (v.repeatUntil) {
        if (!isValidDate(v.repeatUntil))
          ctx.addIssue({ code: "custom", path: ["repeatUntil"], message: MESSAGES.lastDateInvalid });
        else {
          const startDay = normaliseWall(v.startsAt)?.slice(0, 10);
          // A wall start is compared here; an absolute one (API) by the server in the event's zone.
          if (startDay && v.repeatUntil < startDay)
            ctx.addIssue({ code: "custom", path: ["repeatUntil"], message: MESSAGES.lastDateBeforeStart });
        }
      }
      contactChecks(v, ctx);
      return;
    }
    if (v.endsAt && !isValidDateTime(v.endsAt))
      ctx.addIssue({ code: "custom", path: ["endsAt"], message: MESSAGES.endInvalid });
    if (v.startsAt && v.endsAt) {
      const ws = normaliseWall(v.startsAt);
      const we = normaliseWall(v.endsAt);
      // Two wall times share the zone; two absolute times compare as instants; a mix is checked by the server.
      const before =
        ws && we
          ? we < ws
          : !ws && !we && isAbsolute(v.startsAt) && isAbsolute(v.endsAt)
            ? parseInstant(v.endsAt.trim())! < parseInstant(v.startsAt.trim())!
            : false;
      if (before) ctx.addIssue({ code: "custom", path: ["endsAt"], message: MESSAGES.endBeforeStart });
    }
    contactChecks(v, ctx);
  });

function contactChecks(
  v: { contactEmail: string; contactPerson: string; contactNumber: string },
  ctx: z.RefinementCtx,
) {
  if (v.contactEmail) {
    if (!EMAIL.test(v.contactEmail))
      ctx.addIssue({ code: "custom", path: ["contactEmail"], message: MESSAGES.emailInvalid });
    if (!v.contactPerson)
      ctx.addIssue({ code: "custom", path: ["contactPerson"], message: MESSAGES.contactPersonFirst });
  }
  if (v.contactNumber) {
    // digits plus the separators the old input allowed: space ( ) + , -
    if (!/^[0-9 ()+,-]+$/.test(v.contactNumber))
      ctx.addIssue({ code: "custom", path: ["contactNumber"], message: MESSAGES.numberNumeric });
    else {
      const digits = v.contactNumber.replace(/\D/g, "").length;
      if (digits < CONTACT_NUMBER_MIN_DIGITS)
        ctx.addIssue({ code: "custom", path: ["contactNumber"], message: MESSAGES.numberMin });
      if (digits > CONTACT_NUMBER_MAX_DIGITS)
        ctx.addIssue({ code: "custom", path: ["contactNumber"], message: MESSAGES.numberMax });
    }
  }
}

export type EventFormInput = z.input<typeof eventFormSchema>;
export type EventFormValues = z.output<typeof eventFormSchema>;

export const deleteEventsSchema = z.object({
  ids: z.array(z.coerce.number().int().positive()).min(1, "Select at least one event.").max(500),
});

/** The keys a calendar page shows (none: every key). */
export const menuCalendarKeysSchema = z.object({
  menuId: z.coerce.number().int().positive(),
  keyIds: z.array(z.coerce.number().int().positive()).max(200).default([]),
});

export const feedTokenSchema = z.object({
  calendarKeyId: z.union([z.literal(""), z.coerce.number().int().positive()]).optional(),
});

export const revokeFeedTokenSchema = z.object({ id: z.coerce.number().int().positive() });

/** Search text: trimmed, at most 190 characters (the box's limit). */
export const searchText = text().trim().max(190, "The search text is too long.");

/**
 * The portal calendar's read (app/api/calendar/events): a window (`start`/`end`, naive ones in
 * `timeZone`) or, with `q`, the matching events; `slug`, the calendar page whose keys it shows.
 */
export const calendarEventsQuery = z.object({
  start: text().trim().max(40).optional(),
  end: text().trim().max(40).optional(),
  timeZone: text().trim().max(64).default(PORTAL_TIME_ZONE).refine(isKnownTimeZone, MESSAGES.timeZone),
  slug: text().trim().min(1).max(190),
  q: searchText.optional(),
});

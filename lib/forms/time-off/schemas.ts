import { z } from "zod";
import { text } from "@/lib/validation/text";
import { dateOnly } from "@/lib/validation/dates";
import { apiSaveBody } from "@/lib/forms/api-body";
import { LOCATION_REQUIRED_MESSAGE } from "@/lib/forms/messages";
import { TIME_OFF_TYPES } from "@/lib/forms/column-values";
import type { FormProfile } from "@/lib/forms/profile";
import { LONG_TEXT_MAX, fieldNames, idField, optionalText, todayIso } from "@/lib/forms/fields";

export type TimeOffType = (typeof TIME_OFF_TYPES)[number];

/** The time-off form's messages (worded as the other forms' are). */
export const TIME_OFF_MESSAGES = {
  dateFrom: "Select Date From",
  dateTo: "Select Date To",
  toBeforeFrom: "Date To cannot be before Date From.",
  halfDay: "Half Day must be yes or no.",
  halfDayOneDay: "A half day can only be requested for a single day: Date From and Date To must be the same.",
  type: "Select Type",
  location: LOCATION_REQUIRED_MESSAGE,
} as const;
const M = TIME_OFF_MESSAGES;

/** A required day: `message` when empty, else a real YYYY-MM-DD (dateOnly's message naming `label`). */
const requiredDay = (message: string, label: string) =>
  text({ error: message }).trim().min(1, { error: message, abort: true }).pipe(dateOnly(label));

/** The half-day box: a checkbox's boolean, or a v1 body's 1/0, 'true'/'false', 'yes'/'no' ('' and absent: no). */
const yesNo = z
  .union([z.boolean(), z.number(), text()], { error: M.halfDay })
  .optional()
  .transform((v, ctx) => {
    const s = typeof v === "string" ? v.trim().toLowerCase() : v;
    if (s === true || s === 1 || s === "1" || s === "true" || s === "yes") return true;
    if (s === undefined || s === false || s === 0 || s === "" || s === "0" || s === "false" || s === "no") return false;
    ctx.addIssue({ code: "custom", message: M.halfDay });
    return z.NEVER;
  });

/** The form's fields, each checked alone (TIME_OFF_FIELDS are their names). */
const timeOffFields = z.object({
  id: z
    .union([z.literal(""), z.null(), idField("The id must be a number.")])
    .optional()
    .transform((v) => (v === "" || v == null ? null : v)),
  dateFrom: requiredDay(M.dateFrom, "Date From"),
  dateTo: requiredDay(M.dateTo, "Date To"),
  halfDay: yesNo,
  type: z.enum(TIME_OFF_TYPES, { error: M.type }),
  locationId: idField(M.location),
  note: optionalText("Note", LONG_TEXT_MAX),
});

/**
 * The time-off form (react-hook-form in the browser, the action and the v1 call on the server). The
 * requester's name and e-mail are not fields: the save records them from the profile. Date To may not
 * be before Date From, and a half day is one day only (both checked with the other fields, not after).
 */
export const timeOffSchema = timeOffFields.superRefine(
  (raw, ctx) => {
    // Runs even when another field failed (`when`): read the days as typed.
    const v = (raw !== null && typeof raw === "object" ? raw : {}) as Partial<Record<string, unknown>>;
    const day = (x: unknown) => (typeof x === "string" ? dateOnly("").safeParse(x).data : undefined);
    const from = day(v.dateFrom);
    const to = day(v.dateTo);
    if (from && to && to < from) ctx.addIssue({ code: "custom", path: ["dateTo"], message: M.toBeforeFrom });
    else if (from && to && from !== to && yesNo.safeParse(v.halfDay).data === true)
      ctx.addIssue({ code: "custom", path: ["halfDay"], message: M.halfDayOneDay });
  },
  { when: () => true },
);

export type TimeOffInput = z.input<typeof timeOffSchema>;
export type TimeOffValues = z.output<typeof timeOffSchema>;
export const TIME_OFF_FIELDS = fieldNames(timeOffFields);

/** A new form: today, one whole day of vacation at the requester's own location (`me`'s, if they have one). */
export const blankTimeOff = (me?: FormProfile): TimeOffInput => ({
  id: "",
  dateFrom: todayIso(),
  dateTo: todayIso(),
  halfDay: false,
  type: "Vacation",
  locationId: me?.locationId == null ? "" : String(me.locationId),
  note: "",
});

/** The v1 payload's names. */
export const TIME_OFF_API_FIELDS: Record<string, keyof TimeOffInput> = {
  id: "id",
  date_from: "dateFrom",
  date_to: "dateTo",
  half_day: "halfDay",
  type: "type",
  location: "locationId",
  note: "note",
};

/**
 * POST /time-off-request/add/update's body ('NULL' reads as empty; an update changes only the fields it
 * names; `manager_email` is accepted and ignored: the location's manager is recorded).
 */
export const timeOffApiBody = apiSaveBody(timeOffSchema, TIME_OFF_API_FIELDS, {
  extra: { manager_email: z.unknown().optional() },
});

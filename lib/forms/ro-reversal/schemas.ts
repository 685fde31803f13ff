import { z } from "zod";
import { text } from "@/lib/validation/text";
import { apiSaveBody } from "@/lib/forms/api-body";
import { LOCATION_REQUIRED_MESSAGE } from "@/lib/forms/messages";
import { PAY_TYPES } from "@/lib/forms/column-values";
import type { FormProfile } from "@/lib/forms/profile";
import {
  LONG_TEXT_MAX,
  fieldNames,
  idField,
  optionalText,
  parseFormDate,
  requiredDate,
  requiredText,
  todayIso,
  tooLong,
} from "@/lib/forms/fields";

export type PayType = (typeof PAY_TYPES)[number];

/** The old portal's messages. */
export const RO_MESSAGES = {
  employeeName: "Please enter employee name",
  dateOfRequest: "Select Date of Request",
  fullRa: "Please enter Full RA",
  dateRaClosed: "Select Date RA was originally Closed Date",
  location: LOCATION_REQUIRED_MESSAGE,
  reason: "Please enter reason",
  /** The warranty fields' words are their labels' ('How much time in vs Billed?', 'What is the Tech's Efficiency MTD?'). */
  questions: "Please enter the Tech's Efficiency MTD",
  billedTime: "Please enter How much time in vs Billed",
  payType: "Select Pay Type",
  /** Not in the old portal: an RA cannot have been closed after the reversal was requested. */
  closedAfterRequest: "Date RA Was Originally Closed cannot be after the Date of Request.",
} as const;

/** The form's fields, each checked alone (RO_FIELDS are their names). */
const roReversalFields = z.object({
  id: z
    .union([z.literal(""), z.null(), idField("The id must be a number.")])
    .optional()
    .transform((v) => (v === "" || v == null ? null : v)),
  employeeName: requiredText(RO_MESSAGES.employeeName, "Employee Name"),
  dateOfRequest: requiredDate(RO_MESSAGES.dateOfRequest),
  fullRa: requiredText(RO_MESSAGES.fullRa, "Full RA#"),
  dateRaClosed: requiredDate(RO_MESSAGES.dateRaClosed),
  payType: z.enum(PAY_TYPES, { error: RO_MESSAGES.payType }),
  locationId: idField(RO_MESSAGES.location),
  reason: text({ error: RO_MESSAGES.reason })
    .trim()
    .min(1, RO_MESSAGES.reason)
    .max(LONG_TEXT_MAX, tooLong("Reason", LONG_TEXT_MAX)),
  billedTime: optionalText("Billed Time"),
  questions: optionalText("Question", LONG_TEXT_MAX),
});

/**
 * The RO reversal form (react-hook-form in the browser, the action and the v1 call on the server).
 * Pay type Warranty makes billed time and the question required; Customer Pay drops them. The RA's
 * closing date may not be later than the date of request (checked with the other fields, not after).
 */
export const roReversalSchema = roReversalFields
  .superRefine((v, ctx) => {
    if (v.payType !== "Warranty") return;
    if (!v.billedTime) ctx.addIssue({ code: "custom", path: ["billedTime"], message: RO_MESSAGES.billedTime });
    if (!v.questions) ctx.addIssue({ code: "custom", path: ["questions"], message: RO_MESSAGES.questions });
  })
  .superRefine(
    (raw, ctx) => {
      // Runs even when another field failed (`when`): read the two dates as typed.
      const v = (raw !== null && typeof raw === "object" ? raw : {}) as Partial<Record<string, unknown>>;
      const requested = typeof v.dateOfRequest === "string" ? parseFormDate(v.dateOfRequest) : null;
      const closed = typeof v.dateRaClosed === "string" ? parseFormDate(v.dateRaClosed) : null;
      if (requested && closed && closed > requested)
        ctx.addIssue({ code: "custom", path: ["dateRaClosed"], message: RO_MESSAGES.closedAfterRequest });
    },
    { when: () => true },
  )
  .transform((v) => (v.payType === "Warranty" ? v : { ...v, billedTime: "", questions: "" }));

export type RoReversalInput = z.input<typeof roReversalSchema>;
export type RoReversalValues = z.output<typeof roReversalSchema>;
export const RO_FIELDS = fieldNames(roReversalFields);

/** A new form: Customer Pay, today's date of request; the employee and location from the profile (`me`) when given. */
export const blankRoReversal = (me?: FormProfile): RoReversalInput => ({
  id: "",
  employeeName: me?.name ?? "",
  dateOfRequest: todayIso(),
  fullRa: "",
  dateRaClosed: "",
  payType: "Customer Pay",
  locationId: me?.locationId == null ? "" : String(me.locationId),
  reason: "",
  billedTime: "",
  questions: "",
});

/** The v1 payload's names (docs/decisions.md: misspellings at the API edge only). */
export const RO_API_FIELDS: Record<string, keyof RoReversalInput> = {
  id: "id",
  empolyee_name: "employeeName",
  date_of_request: "dateOfRequest",
  full_ra: "fullRa",
  date_ra_was_originally_closed: "dateRaClosed",
  pay_type: "payType",
  location: "locationId",
  reason: "reason",
  howMuchTimeBilled: "billedTime",
  questions: "questions",
};

/**
 * POST /ro-reversal-request/add/update's body ('NULL' reads as empty; a new request without a pay type is
 * Customer Pay, an update keeps what it names only; `manager_email` is accepted and ignored: the
 * location's manager is recorded).
 */
export const roReversalApiBody = apiSaveBody(roReversalSchema, RO_API_FIELDS, {
  defaults: { payType: "Customer Pay" },
  extra: { manager_email: z.unknown().optional() },
});

import { z } from "zod";
import { text } from "@/lib/validation/text";
import { optionalIdSchema } from "@/lib/validation/id";
import type { FormProfile } from "@/lib/forms/profile";
import {
  LONG_TEXT_MAX,
  emailField,
  fieldNames,
  idField,
  requiredDate,
  requiredText,
  todayIso,
  tooLong,
} from "../fields";

/** The continuous improvement form's messages (the old portal's messages). */
export const SUGGESTION_MESSAGES = {
  name: "Please enter name",
  date: "Select Date",
  location: "Select Location",
  email: "Please enter email",
  emailFormat: "Please Enter Valid Email",
  phone: "Please Enter Valid Phone",
  phoneMax: "Max Length is 13",
  /** Not in the old portal: a suggestion says what it proposes or what it brings (docs/features/staff-forms.md). */
  proposal: "Please enter What Project / Process Improvement are you Proposing, or How will it Benefit the Business.",
} as const;
const M = SUGGESTION_MESSAGES;

/** Digits with an optional leading +, spaces, dashes, dots and brackets: a phone as people type it. */
const PHONE = /^\+?[0-9 ().-]{7,}$/;

/** The suggestion's fields, each checked alone (SUGGESTION_FIELDS are their names). */
export const suggestionFields = z.object({
  name: requiredText(M.name, "Name"),
  date: requiredDate(M.date),
  locationId: idField(M.location),
  email: emailField(M.email, M.emailFormat),
  phoneNumber: z
    .union([text(), z.null()])
    .optional()
    .transform((v) => (v ?? "").trim())
    .refine((v) => v === "" || v.length <= 13, M.phoneMax)
    .refine((v) => v === "" || v.length > 13 || PHONE.test(v), M.phone),
  describeCurrentProcessAndProblem: z
    .union([text(), z.null()])
    .optional()
    .transform((v) => (v ?? "").trim())
    .refine((v) => v.length <= LONG_TEXT_MAX, tooLong("Proposal", LONG_TEXT_MAX)),
  howWillItBenefit: z
    .union([text(), z.null()])
    .optional()
    .transform((v) => (v ?? "").trim())
    .refine((v) => v.length <= LONG_TEXT_MAX, tooLong("Benefit", LONG_TEXT_MAX)),
});

/**
 * A suggestion with both long answers blank proposes nothing: refused, the message on the first of them.
 * Runs even when another field failed (`when`), so an empty form shows every message at once.
 */
export const requireProposal = [
  (raw: unknown, ctx: z.RefinementCtx) => {
    const v = (raw !== null && typeof raw === "object" ? raw : {}) as Partial<Record<string, unknown>>;
    const given = (x: unknown) => typeof x === "string" && x.trim() !== "";
    if (!given(v.describeCurrentProcessAndProblem) && !given(v.howWillItBenefit))
      ctx.addIssue({ code: "custom", path: ["describeCurrentProcessAndProblem"], message: M.proposal });
  },
  { when: () => true },
] as const;

/**
 * The one continuous improvement suggestion schema, for the form and the server (the add and edit
 * screens and the v1 call). The date arrives as YYYY-MM-DD (the date picker) or MM/DD/YYYY (old clients)
 * and leaves as YYYY-MM-DD; the location as an id whose existence the server checks. Phone is optional:
 * when given, a phone format and at most 13 characters. The two long answers are at most 65534
 * characters each, and at least one of them is given.
 */
export const suggestionSchema = suggestionFields.superRefine(...requireProposal);

/** The schema with the record's `id` (an edit's; empty, 0 or absent: a new suggestion). */
export const suggestionWithIdSchema = suggestionFields
  .extend({ id: optionalIdSchema() })
  .superRefine(...requireProposal);

export type SuggestionValues = z.input<typeof suggestionSchema>;
export type SuggestionInput = z.output<typeof suggestionSchema>;

export const SUGGESTION_FIELDS = fieldNames(suggestionFields);

/** A new suggestion: today's date; the name, e-mail and location from the profile (`me`) when given. */
export const blankSuggestion = (me?: FormProfile): SuggestionValues => ({
  name: me?.name ?? "",
  date: todayIso(),
  locationId: me?.locationId == null ? "" : String(me.locationId),
  email: me?.email ?? "",
  phoneNumber: "",
  describeCurrentProcessAndProblem: "",
  howWillItBenefit: "",
});

/** API names (the v1 payload names) onto the schema's names. */
export const SUGGESTION_API_NAMES = {
  name: "name",
  date: "date",
  location_id: "locationId",
  email: "email",
  phone_number: "phoneNumber",
  describe_current_process_and_problem: "describeCurrentProcessAndProblem",
  how_will_it_benefit_the_business: "howWillItBenefit",
} as const;

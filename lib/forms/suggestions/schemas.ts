import { z } from "zod";
import { text } from "@/lib/validation/text";
import { LONG_TEXT_MAX, emailField, fieldNames, idField, requiredDate, requiredText, tooLong } from "../fields";

/** The continuous improvement form's messages (the old portal's messages). */
export const SUGGESTION_MESSAGES = {
  name: "Please enter name",
  date: "Select Date",
  location: "Select Location",
  email: "Please enter email",
  emailFormat: "Please Enter Valid Email",
  phone: "Please Enter Valid Phone",
  phoneMax: "Max Length is 13",
} as const;
const M = SUGGESTION_MESSAGES;

/** Digits with an optional leading +, spaces, dashes, dots and brackets: a phone as people type it. */
const PHONE = /^\+?[0-9 ().-]{7,}$/;

/**
 * The one continuous improvement suggestion schema, for the form and the server. The date arrives as
 * MM/DD/YYYY (or YYYY-MM-DD) and leaves as YYYY-MM-DD; the location as an id whose existence the server
 * checks. Phone is optional: when given, a phone format and at most 13 characters. The two long answers
 * are optional, at most 65534 characters.
 */
export const suggestionSchema = z.object({
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

export type SuggestionValues = z.input<typeof suggestionSchema>;
export type SuggestionInput = z.output<typeof suggestionSchema>;

export const SUGGESTION_FIELDS = fieldNames(suggestionSchema);

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

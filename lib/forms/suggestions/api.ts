import { z } from "zod";
import { text } from "@/lib/validation/text";
import { formListBody } from "@/lib/forms/list-body";
import { toUsDate } from "@/lib/forms/form-date";
import { SUGGESTION_DEFAULT_SORT, type SuggestionListRow } from "./columns";
import { SUGGESTION_API_NAMES, suggestionSchema } from "./schemas";

/** A list row with the v1 names. */
export function toApiSuggestionRow(r: SuggestionListRow) {
  return { id: r.id, name: r.name, date: toUsDate(r.date), location_id: r.locationId, location_name: r.locationName, email: r.email, updated_by: r.updatedByName, updated_at: r.updatedAt, routed: r.routed };
}

/** GET continuous/improvement/suggestions/get's content (spec section 7's names). */
export function toApiSuggestion(r: {
  id: number;
  name: string;
  date: string;
  email: string;
  phoneNumber: string | null;
  describeCurrentProcessAndProblem: string | null;
  howWillItBenefit: string | null;
  locationName: string;
  locationId: number;
  managerEmail: string | null;
  managerName: string | null;
}) {
  return {
    id: r.id,
    name: r.name,
    date: toUsDate(r.date),
    email: r.email,
    phone_number: r.phoneNumber ?? "",
    describe_current_process_and_problem: r.describeCurrentProcessAndProblem ?? "",
    how_will_it_benefit_the_business: r.howWillItBenefit ?? "",
    location_name: r.locationName,
    location_id: r.locationId,
    manager_email: r.managerEmail ?? "",
    manager_name: r.managerName ?? "",
  };
}

export const suggestionListBody = formListBody({
  defaultSort: SUGGESTION_DEFAULT_SORT,
  aliases: { location: "location_name", location_id: "location_name", updatedBy: "updated_by" },
});

/**
 * POST continuous/improvement/suggestions/add/update: the spec's names mapped onto the form's schema.
 * `manager_email`, `manager_name` and `location_name` are not taken from the body: the location's own
 * are recorded. The literal 'NULL' (old clients' empty) reads as empty.
 */
export const suggestionAddUpdateBody = z
  .record(text().max(60), z.unknown())
  .transform((b) => {
    const out: Record<string, unknown> = {};
    for (const [api, name] of Object.entries(SUGGESTION_API_NAMES)) out[name] = b[api] === "NULL" || b[api] === undefined ? "" : b[api];
    return { values: out, id: b.id };
  })
  .pipe(
    z.object({
      values: suggestionSchema,
      id: z.union([z.coerce.number().int().min(0).max(2_147_483_647), z.literal(""), z.null(), z.undefined()]).transform((v) => (v ? Number(v) : null)),
    }),
  );

import { toApiRequestState, type RequestStateRow } from "@/lib/requests/columns";
import { z } from "zod";
import { listCallBody } from "@/lib/data-table/list-body";
import { apiSaveBody } from "@/lib/forms/api-body";
import { displayDate } from "@/lib/forms/fields";
import { SUGGESTION_DEFAULT_SORT, type SuggestionListRow } from "./columns";
import { SUGGESTION_API_NAMES, requireProposal, suggestionFields } from "./schemas";
import { optionalIdSchema } from "@/lib/validation/id";

/** An optional record id (empty, 0 or absent: a new record). */
export const recordId = optionalIdSchema().transform((v) => v ?? null);

/** A list row with the v1 names. */
export function toApiSuggestionRow(r: SuggestionListRow) {
  return {
    id: r.id,
    name: r.name,
    date: displayDate(r.date),
    location_id: r.locationId,
    location_name: r.locationName,
    email: r.email,
    updated_by: r.updatedByName,
    updated_at: r.updatedAt,
    routed: r.routed,
    ...toApiRequestState(r),
  };
}

/** GET continuous/improvement/suggestions/get's content (the v1 payload names). */
export function toApiSuggestion(
  r: {
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
  } & Partial<RequestStateRow>,
) {
  return {
    id: r.id,
    name: r.name,
    date: displayDate(r.date),
    email: r.email,
    phone_number: r.phoneNumber ?? "",
    describe_current_process_and_problem: r.describeCurrentProcessAndProblem ?? "",
    how_will_it_benefit_the_business: r.howWillItBenefit ?? "",
    location_name: r.locationName,
    location_id: r.locationId,
    manager_email: r.managerEmail ?? "",
    manager_name: r.managerName ?? "",
    ...toApiRequestState(r),
  };
}

export const suggestionListBody = listCallBody({
  defaultSort: SUGGESTION_DEFAULT_SORT,
  aliases: { location: "location_name", location_id: "location_name", updatedBy: "updated_by" },
});

/**
 * POST continuous/improvement/suggestions/add/update: the old portal's names onto the form's schema (with
 * `id` for an edit, which changes only the fields it names). `manager_email`, `manager_name` and
 * `location_name` are read but not used: the location's own are recorded. The literal 'NULL' (old
 * clients' empty) reads as empty.
 */
export const suggestionAddUpdateBody = apiSaveBody(
  suggestionFields.extend({ id: recordId }).superRefine(...requireProposal),
  { ...SUGGESTION_API_NAMES, id: "id" },
  {
    extra: {
      manager_email: z.unknown().optional(),
      manager_name: z.unknown().optional(),
      location_name: z.unknown().optional(),
    },
  },
);

import { toApiRequestState } from "@/lib/requests/columns";
import { z } from "zod";
import { dateOnly } from "@/lib/validation/dates";
import { listCallBody, recordIds } from "@/lib/data-table/list-body";
import { apiSaveBody } from "@/lib/forms/api-body";
import { recordId } from "@/lib/forms/suggestions/api";
import { UNIFORM_DEFAULT_SORT, yesNo, type UniformListRow } from "./columns";
import { formatRange } from "@/lib/forms/date-range";
import { UNIFORM_API_NAMES, designationName, uniformRequestSchema, wearName } from "./schemas";

/** A list row with the v1 API's payload names (the old portal's fields; misspellings kept). */
export function toApiUniform(r: UniformListRow) {
  return {
    id: r.id,
    designation_id: r.designationId,
    designation_name: designationName(r.designationId),
    empolyee_first_name: r.employeeFirstName,
    empolyee_last_name: r.employeeLastName,
    employee_name: `${r.employeeFirstName} ${r.employeeLastName}`,
    location_id: r.locationId,
    location: r.locationName,
    requestor_name: r.requestorName,
    new_hire: yesNo(r.newHire).toLowerCase(),
    new_order: yesNo(r.newOrder).toLowerCase(),
    re_order: yesNo(r.reOrder).toLowerCase(),
    wear_id: r.wearId,
    wear_name: wearName(r.wearId),
    text: r.sizes,
    quantity: r.quantity,
    shirt_quantity: r.shirtQuantity,
    pant_quantity: r.pantQuantity,
    comment: r.comment,
    routed: r.routed,
    updated_at: r.updatedAt,
    ...toApiRequestState(r),
  };
}

/** A `from_date` / `to_date`: a real YYYY-MM-DD (lib/validation/dates.ts), or empty / absent for none. */
const day = (label: string) => z.preprocess((v) => (v === "" ? undefined : v), dateOnly(label).optional());

/**
 * POST uniform/request/list: the staff-form list body plus `from_date` and `to_date` (YYYY-MM-DD,
 * both or neither; the old client sends the picker's range). They become the `range` filter.
 */
export const uniformListBody = listCallBody({
  defaultSort: UNIFORM_DEFAULT_SORT,
  aliases: {
    designation_id: "designation",
    designation_name: "designation",
    location_id: "location",
    location_name: "location",
    requestor_name: "requestor",
    wear_id: "wear",
    wear_name: "wear",
    employee_name: "employee_name",
  },
  extra: { from_date: day("The from date"), to_date: day("The to date") },
}).transform((b) => {
  const raw = b.raw as typeof b.raw & { from_date?: string; to_date?: string };
  const from = raw.from_date;
  const to = raw.to_date;
  if (from || to) b.state.filters.range = formatRange({ from: from || to!, to: to || from! });
  return b;
});

/** POST uniform/request/export: `technician_uniform_id_arr`, the selected ids; `format` csv (default) or xlsx. */
export const uniformExportBody = z.object({
  technician_uniform_id_arr: recordIds.min(1, "Select at least one record."),
  format: z.enum(["csv", "xlsx"]).optional(),
});

/**
 * POST uniform/request/add/update: the API's names (the v1 payload names) onto the form's schema, with `id`
 * for an update, which changes only the fields it names. `manager_email` and `location` (the name) are
 * read but not used: the location's own are recorded.
 */
export const uniformAddUpdateBody = apiSaveBody(
  uniformRequestSchema.and(z.object({ id: recordId })),
  { ...UNIFORM_API_NAMES, id: "id" },
  { extra: { manager_email: z.unknown().optional(), location: z.unknown().optional() } },
);

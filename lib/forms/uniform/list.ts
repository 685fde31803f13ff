import "server-only";
import { requestStateExportColumns } from "@/lib/requests/columns";
import type { ExportColumn } from "@/lib/data-table/export";
import { schema } from "@/lib/db";
import { defineList } from "@/lib/data-table/list-definition";
import { UNIFORM_FIELD_LABELS, uniformLabel, yesNo, type UniformListRow } from "./columns";
import { designationName, wearName } from "./rules";
import { UNIFORM_QUERY, listUniformRequests, uniformRowColumns } from "./queries";

/** The export's columns: those the list shows, then the sizes and the note the list does not show (every submitted field). */
export const UNIFORM_EXPORT_COLUMNS: ExportColumn<UniformListRow>[] = [
  { header: uniformLabel("designation"), value: (r) => designationName(r.designationId) },
  { header: uniformLabel("employee_name"), value: (r) => `${r.employeeFirstName} ${r.employeeLastName}` },
  { header: uniformLabel("location"), value: (r) => r.locationName },
  { header: uniformLabel("requestor"), value: (r) => r.requestorName },
  { header: uniformLabel("new_hire"), value: (r) => yesNo(r.newHire) },
  { header: uniformLabel("new_order"), value: (r) => yesNo(r.newOrder) },
  { header: uniformLabel("re_order"), value: (r) => yesNo(r.reOrder) },
  { header: uniformLabel("wear"), value: (r) => wearName(r.wearId) },
  { header: uniformLabel("quantity"), value: (r) => r.quantity },
  { header: uniformLabel("shirt_quantity"), value: (r) => r.shirtQuantity },
  { header: uniformLabel("pant_quantity"), value: (r) => r.pantQuantity },
  { header: uniformLabel("updated_at"), value: (r) => r.updatedAt },
  ...requestStateExportColumns<UniformListRow>(),
  { header: UNIFORM_FIELD_LABELS.sizes, value: (r) => r.sizes },
  { header: UNIFORM_FIELD_LABELS.comment, value: (r) => r.comment },
];

export const UNIFORM_EXPORT_PATH = "/api/export/uniform-requests";

/**
 * The uniform list on the generic staff-form list (lib/forms/list.ts); its page is its own
 * (lib/forms/uniform/queries.ts), built for a million rows: the total from a counter or an index
 * range, and the last pages read from the other end. Its exports are the generic keyset batches:
 * every sort expression is non-null, so each batch is one index range in the list's order.
 */
export const uniformList = defineList<UniformListRow>({
  kind: "uniform-requests",
  table: schema.uniformRequests,
  id: schema.uniformRequests.id,
  query: UNIFORM_QUERY,
  columns: uniformRowColumns,
  from: (db, cols) => db.select(cols as typeof uniformRowColumns).from(schema.uniformRequests),
  page: (state) => listUniformRequests(state),
  export: {
    path: UNIFORM_EXPORT_PATH,
    columns: UNIFORM_EXPORT_COLUMNS,
    sheetName: "Uniform Requests",
    filePrefix: "uniform-requests",
  },
});

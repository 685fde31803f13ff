import "server-only";
import { AppError } from "@/lib/errors";
import { contentDisposition } from "@/lib/storage/content-disposition";
import { csvStream, xlsxStream, type ExportColumn } from "@/lib/data-table/export";
import { withApi } from "@/lib/api/with-api";
import { schema } from "@/lib/db";
import { defineFormList } from "@/lib/forms/list";
import type { FormExportPayload } from "@/lib/forms/list-body";
import { uniformLabel, yesNo, type UniformListRow } from "./columns";
import { designationName, wearName } from "./rules";
import { UNIFORM_QUERY, exportUniformBatches, listUniformRequests, uniformRowColumns } from "./queries";

/** The export's columns: those the list shows (DECISIONS: exports have the list's columns). */
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
];

export const UNIFORM_EXPORT_PATH = "/api/export/uniform-requests";

/**
 * The uniform list on the generic staff-form list (lib/forms/list.ts) for its export links; the page
 * and the export's batches are this list's own (lib/forms/uniform/queries.ts), built for a million
 * rows: the last pages read from the other end, and the export's keyset compares the sort's own
 * values (not their text), so every batch is an index range in the list's order.
 */
export const uniformList = defineFormList<UniformListRow>({
  kind: "uniform-requests",
  table: schema.uniformRequests,
  id: schema.uniformRequests.id,
  query: UNIFORM_QUERY,
  columns: uniformRowColumns,
  from: (db, cols) => db.select(cols as typeof uniformRowColumns).from(schema.uniformRequests),
  export: { path: UNIFORM_EXPORT_PATH, columns: UNIFORM_EXPORT_COLUMNS, sheetName: "Uniform Requests", filePrefix: "uniform-requests" },
});

export { listUniformRequests };

export function uniformExportFile(payload: FormExportPayload): { body: ReadableStream<Uint8Array>; type: string; name: string } {
  const batches = exportUniformBatches({ filters: payload.q, sort: payload.o, ids: payload.i });
  const stamp = new Date().toISOString().slice(0, 10);
  if (payload.f === "xlsx") {
    return {
      body: xlsxStream(UNIFORM_EXPORT_COLUMNS, batches, { sheetName: "Uniform Requests" }),
      type: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
      name: `uniform-requests-${stamp}.xlsx`,
    };
  }
  return { body: csvStream(UNIFORM_EXPORT_COLUMNS, batches), type: "text/csv; charset=utf-8", name: `uniform-requests-${stamp}.csv` };
}

/** GET /api/export/uniform-requests (roles 1 and 2): the signed link's file, streamed. */
export const uniformExportRoute = () =>
  withApi({ capability: "listUniformRequests" }, {}, async ({ req, user }) => {
    const check = uniformList.verifyExport(new URL(req.url).searchParams);
    if (check.status === "expired") throw new AppError(403, "This link has expired. Please export again.");
    if (check.status !== "ok" || check.payload.u !== user.id) throw new AppError(403, "This link is not valid.");
    const file = uniformExportFile(check.payload);
    return new Response(file.body, {
      headers: { "content-type": file.type, "content-disposition": contentDisposition("attachment", file.name), "x-content-type-options": "nosniff", "cache-control": "no-store" },
    });
  });

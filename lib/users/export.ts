import "server-only";
import { csvStream, xlsxStream, type ExportColumn, type ExportFile } from "@/lib/data-table/export";
import { assertTableState } from "@/lib/data-table/query";
import { downloadTtlSeconds } from "@/lib/files/links";
import { signQuery, verifySignedQuery } from "@/lib/storage/signing";
import { USER_COLUMNS, type UserListRow } from "./columns";
import { USER_QUERY, exportUserBatches } from "./queries";
import { exportPayload, type ExportPayload } from "./schemas";

const KIND = "users-export";
export const USER_EXPORT_PATH = "/api/export/users";

/** The export's columns: those the list shows (DECISIONS: exports have the list's columns). */
const label = (id: string) => USER_COLUMNS.find((c) => c.id === id)!.label;
export const USER_EXPORT_COLUMNS: ExportColumn<UserListRow>[] = [
  { header: label("name"), value: (r) => [r.firstName, r.lastName].filter(Boolean).join(" ") },
  { header: label("email"), value: (r) => r.email },
  { header: label("emp_id"), value: (r) => r.empId },
  { header: label("role"), value: (r) => r.roleName },
  { header: label("location"), value: (r) => r.locationName },
  { header: label("department"), value: (r) => r.departmentName },
  { header: label("state"), value: (r) => r.stateName },
  { header: label("phone"), value: (r) => r.phone },
];

/**
 * A short-lived link to the export of a list state (filters and sort, or a selection), for one user:
 * the route checks the signature, the expiry, and that the signed-in user is the one it was made for.
 */
export function signUserExportUrl(input: Omit<ExportPayload, "u"> & { userId: number }, baseUrl: string): string {
  assertTableState(USER_QUERY, { page: 1, size: 25, sort: input.o, filters: input.q });
  const payload: ExportPayload = {
    u: input.userId,
    f: input.f,
    q: input.q,
    o: input.o,
    ...(input.i ? { i: input.i } : {}),
  };
  return `${baseUrl}${USER_EXPORT_PATH}?${signQuery(KIND, payload, downloadTtlSeconds())}`;
}

export function verifyUserExportUrl(
  q: URLSearchParams,
): { status: "ok"; payload: ExportPayload } | { status: "expired" | "invalid" } {
  const { status, payload } = verifySignedQuery(KIND, q);
  if (status !== "ok") return { status };
  const parsed = exportPayload.safeParse(payload);
  return parsed.success ? { status, payload: parsed.data } : { status: "invalid" };
}

/** The export file's stream, type and name. */
export function userExport(payload: ExportPayload): ExportFile {
  const batches = exportUserBatches({ filters: payload.q, sort: payload.o, ids: payload.i });
  const stamp = new Date().toISOString().slice(0, 10);
  if (payload.f === "xlsx") {
    return {
      body: xlsxStream(USER_EXPORT_COLUMNS, batches, { sheetName: "Users" }),
      type: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
      name: `users-${stamp}.xlsx`,
    };
  }
  return { body: csvStream(USER_EXPORT_COLUMNS, batches), type: "text/csv; charset=utf-8", name: `users-${stamp}.csv` };
}

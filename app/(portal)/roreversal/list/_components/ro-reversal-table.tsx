"use client";

import { deleteRoReversalsAction } from "@/lib/forms/ro-reversal/actions";
import type { DataTableColumn } from "@/components/data-table/data-table";
import { RequestFormTable, requestListColumns, type StaffListProps } from "@/components/forms/staff-form-table";
import { displayDate } from "@/lib/forms/fields";
import { PAY_TYPE_FILTER, RO_DEFAULT_SORT, roLabel, type RoReversalRow } from "@/lib/forms/ro-reversal/columns";

const columns: DataTableColumn<RoReversalRow>[] = requestListColumns(
  "ro_reversal",
  roLabel,
  (column) => [
    column.named("employee_name", (r) => r.employeeName),
    column.location(),
    column("date_of_request", (r) => displayDate(r.dateOfRequest)),
    column.text("full_ra", (r) => r.fullRa),
    column("date_ra", (r) => displayDate(r.dateRaClosed)),
    column("pay_type", (r) => r.payType, { filter: { kind: "select", options: [...PAY_TYPE_FILTER] } }),
    column("reason", (r) => <span className="line-clamp-3 whitespace-pre-line">{r.reason}</span>, {
      sortable: false,
      filter: { kind: "text" },
    }),
    column("billed_time", (r) => r.billedTime ?? ""),
    column("questions", (r) => r.questions ?? "", { sortable: false }),
    ...column.updated(),
  ],
  { label: (r) => r.employeeName, header: "Action" },
);

/** The RO reversal list's columns and actions on the shared staff-form table. */
export function RoReversalTable({ canDelete, ...list }: StaffListProps<RoReversalRow> & { canDelete: boolean }) {
  return (
    <RequestFormTable
      {...list}
      form="ro_reversal"
      title="RO Reversal Requests"
      defaultSort={RO_DEFAULT_SORT}
      columns={columns}
      rowLabel={(r) => `${r.employeeName} ${r.fullRa}`}
      decide={canDelete}
      listCall="ro-reversal-request/list"
      deleteAction={canDelete ? deleteRoReversalsAction : undefined}
    />
  );
}

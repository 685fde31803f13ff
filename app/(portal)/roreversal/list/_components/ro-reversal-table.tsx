"use client";

import { deleteRoReversalsAction } from "@/lib/forms/ro-reversal/actions";
import type { DataTableColumn } from "@/components/data-table/data-table";
import { StaffFormTable, requestListColumns, type StaffListProps } from "@/components/forms/staff-form-table";
import { displayDate } from "@/lib/forms/fields";
import { PAY_TYPE_FILTER, RO_DEFAULT_SORT, roLabel, type RoReversalRow } from "@/lib/forms/ro-reversal/columns";
import { staffFormHref } from "@/lib/forms/registry";

const columns: DataTableColumn<RoReversalRow>[] = requestListColumns(
  roLabel,
  (column) => [
    column.named("employee_name", (r) => r.employeeName),
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
  {
    view: (r) => staffFormHref("ro_reversal", "view", r.id),
    edit: (r) => staffFormHref("ro_reversal", "edit", r.id),
    label: (r) => r.employeeName,
    header: "Action",
  },
);

/** The RO reversal list's columns and actions on the shared staff-form table. */
export function RoReversalTable({ canDelete, ...list }: StaffListProps<RoReversalRow> & { canDelete: boolean }) {
  return (
    <StaffFormTable
      {...list}
      path={staffFormHref("ro_reversal", "list")}
      title="RO Reversal Requests"
      defaultSort={RO_DEFAULT_SORT}
      columns={columns}
      rowLabel={(r) => `${r.employeeName} ${r.fullRa}`}
      decideForm={canDelete ? "ro_reversal" : undefined}
      actions={{
        listCall: "ro-reversal-request/list",
        deleteAction: canDelete ? deleteRoReversalsAction : undefined,
        what: "RO Reversal Request",
      }}
    />
  );
}

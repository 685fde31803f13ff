"use client";

import { deleteRoReversalsAction } from "@/lib/forms/list-actions";
import { requestStateTableColumns } from "@/components/requests/state-columns";
import type { DataTableColumn } from "@/components/data-table/data-table";
import {
  StaffFormTable,
  nameWithBadge,
  recordActionsColumn,
  updatedColumns,
} from "@/components/forms/staff-form-table";
import type { TableState } from "@/lib/data-table/state";
import { displayDate } from "@/lib/forms/fields";
import { PAY_TYPE_FILTER, RO_DEFAULT_SORT, roLabel, type RoReversalRow } from "@/lib/forms/ro-reversal/columns";

const columns: DataTableColumn<RoReversalRow>[] = [
  {
    id: "employee_name",
    header: roLabel("employee_name"),
    sortable: true,
    filter: { kind: "text" },
    cell: nameWithBadge((r) => r.employeeName),
  },
  {
    id: "date_of_request",
    header: roLabel("date_of_request"),
    sortable: true,
    cell: (r) => displayDate(r.dateOfRequest),
  },
  { id: "full_ra", header: roLabel("full_ra"), sortable: true, filter: { kind: "text" }, cell: (r) => r.fullRa },
  { id: "date_ra", header: roLabel("date_ra"), sortable: true, cell: (r) => displayDate(r.dateRaClosed) },
  {
    id: "pay_type",
    header: roLabel("pay_type"),
    sortable: true,
    filter: { kind: "select", options: [...PAY_TYPE_FILTER] },
    cell: (r) => r.payType,
  },
  {
    id: "reason",
    header: roLabel("reason"),
    filter: { kind: "text" },
    cell: (r) => <span className="line-clamp-3 whitespace-pre-line">{r.reason}</span>,
  },
  { id: "billed_time", header: roLabel("billed_time"), sortable: true, cell: (r) => r.billedTime ?? "" },
  { id: "questions", header: roLabel("questions"), cell: (r) => r.questions ?? "" },
  ...updatedColumns<RoReversalRow>(roLabel),
  ...requestStateTableColumns<RoReversalRow>(),
  recordActionsColumn({
    view: (r) => `/roreversal/view/${r.id}`,
    edit: (r) => `/roreversal/edit/${r.id}`,
    label: (r) => r.employeeName,
    header: "Action",
  }),
];

/** The RO reversal list's columns and actions on the shared staff-form table. */
export function RoReversalTable({
  state,
  rows,
  total,
  canDelete,
}: {
  state: TableState;
  rows: RoReversalRow[];
  total: number;
  canDelete: boolean;
}) {
  return (
    <StaffFormTable
      path="/roreversal/list"
      title="RO Reversal Requests"
      state={state}
      defaultSort={RO_DEFAULT_SORT}
      rows={rows}
      total={total}
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

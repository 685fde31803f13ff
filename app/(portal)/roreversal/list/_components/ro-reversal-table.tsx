"use client";

import Link from "next/link";
import { DataTable, type DataTableColumn } from "@/components/data-table/data-table";
import { useFormListActions } from "@/components/forms/form-list-actions";
import { UnroutedBadge } from "@/components/forms/unrouted-badge";
import { DateText } from "@/components/content/date-text";
import type { TableState } from "@/lib/data-table/state";
import { displayDate } from "@/lib/forms/fields";
import { PAY_TYPE_FILTER, RO_DEFAULT_SORT, roLabel, type RoReversalRow } from "@/lib/forms/ro-reversal/columns";

/** The RO reversal list's columns and actions on the shared DataTable. */
export function RoReversalTable({ state, rows, total, canDelete }: { state: TableState; rows: RoReversalRow[]; total: number; canDelete: boolean }) {
  const { toolbar, bulkActions, dialog } = useFormListActions({
    state,
    listCall: "ro-reversal-request/list",
    deleteCall: canDelete ? "ro-reversal-request/delete" : undefined,
    what: "RO Reversal Request",
  });
  const columns: DataTableColumn<RoReversalRow>[] = [
    {
      id: "employee_name",
      header: roLabel("employee_name"),
      sortable: true,
      filter: { kind: "text" },
      cell: (r) => (
        <>
          {r.employeeName}
          <UnroutedBadge routed={r.routed} />
        </>
      ),
    },
    { id: "date_of_request", header: roLabel("date_of_request"), sortable: true, cell: (r) => displayDate(r.dateOfRequest) },
    { id: "full_ra", header: roLabel("full_ra"), sortable: true, filter: { kind: "text" }, cell: (r) => r.fullRa },
    { id: "date_ra", header: roLabel("date_ra"), sortable: true, cell: (r) => displayDate(r.dateRaClosed) },
    { id: "pay_type", header: roLabel("pay_type"), sortable: true, filter: { kind: "select", options: [...PAY_TYPE_FILTER] }, cell: (r) => r.payType },
    { id: "reason", header: roLabel("reason"), filter: { kind: "text" }, cell: (r) => <span className="line-clamp-3 whitespace-pre-line">{r.reason}</span> },
    { id: "billed_time", header: roLabel("billed_time"), sortable: true, cell: (r) => r.billedTime ?? "" },
    { id: "questions", header: roLabel("questions"), cell: (r) => r.questions ?? "" },
    { id: "updated_by", header: roLabel("updated_by"), sortable: true, cell: (r) => r.updatedByName ?? "" },
    { id: "updated_at", header: roLabel("updated_at"), sortable: true, cell: (r) => <DateText date={new Date(r.updatedAt)} kind="us" /> },
    {
      id: "actions",
      header: "Action",
      cell: (r) => (
        <Link href={`/roreversal/edit/${r.id}`} prefetch={false} className="text-brand-700 hover:underline" aria-label={`Edit ${r.employeeName}`}>
          Edit
        </Link>
      ),
    },
  ];
  return (
    <>
      <DataTable
        path="/roreversal/list"
        title="RO Reversal Requests"
        state={state}
        defaultSort={RO_DEFAULT_SORT}
        rows={rows}
        total={total}
        columns={columns}
        rowId={(r) => String(r.id)}
        rowLabel={(r) => `${r.employeeName} ${r.fullRa}`}
        bulkActions={bulkActions}
        toolbar={toolbar}
      />
      {dialog}
    </>
  );
}

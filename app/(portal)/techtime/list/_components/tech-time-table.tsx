"use client";

import Link from "next/link";
import { DataTable, type DataTableColumn } from "@/components/data-table/data-table";
import { useFormListActions } from "@/components/forms/form-list-actions";
import { UnroutedBadge } from "@/components/forms/unrouted-badge";
import { DateText } from "@/components/content/date-text";
import type { TableState } from "@/lib/data-table/state";
import { displayDate } from "@/lib/forms/fields";
import { TECH_DEFAULT_SORT, techLabel, type TechTimeRow } from "@/lib/forms/tech-time/columns";

/** The tech time list's columns and the edit action on the shared DataTable. */
export function TechTimeTable({ state, rows, total }: { state: TableState; rows: TechTimeRow[]; total: number }) {
  const { toolbar, dialog } = useFormListActions({ state, listCall: "techtime/list", what: "Tech Time" });
  const columns: DataTableColumn<TechTimeRow>[] = [
    { id: "employee_number", header: techLabel("employee_number"), sortable: true, filter: { kind: "text" }, cell: (r) => r.employeeNumber },
    {
      id: "employee_name",
      header: techLabel("employee_name"),
      sortable: true,
      filter: { kind: "text" },
      cell: (r) => (
        <>
          {r.employeeName}
          <UnroutedBadge routed={r.routed} />
        </>
      ),
    },
    { id: "employee_email", header: techLabel("employee_email"), sortable: true, filter: { kind: "text" }, cell: (r) => r.employeeEmail },
    { id: "date", header: techLabel("date"), sortable: true, cell: (r) => displayDate(r.date) },
    { id: "updated_by", header: techLabel("updated_by"), sortable: true, cell: (r) => r.updatedByName ?? "" },
    { id: "updated_at", header: techLabel("updated_at"), sortable: true, cell: (r) => <DateText date={new Date(r.updatedAt)} kind="us" /> },
    {
      id: "actions",
      header: "Action",
      cell: (r) => (
        <Link href={`/techtime/edit/${r.id}`} prefetch={false} className="text-brand-700 hover:underline" aria-label={`Edit ${r.employeeName}`}>
          Edit
        </Link>
      ),
    },
  ];
  return (
    <>
      <DataTable
        path="/techtime/list"
        title="Tech Time"
        state={state}
        defaultSort={TECH_DEFAULT_SORT}
        rows={rows}
        total={total}
        columns={columns}
        rowId={(r) => String(r.id)}
        selectable
        rowLabel={(r) => `${r.employeeName} ${r.employeeNumber}`}
        toolbar={toolbar}
      />
      {dialog}
    </>
  );
}

"use client";

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
import { TECH_DEFAULT_SORT, techLabel, type TechTimeRow } from "@/lib/forms/tech-time/columns";

const columns: DataTableColumn<TechTimeRow>[] = [
  {
    id: "employee_number",
    header: techLabel("employee_number"),
    sortable: true,
    filter: { kind: "text" },
    cell: (r) => r.employeeNumber,
  },
  {
    id: "employee_name",
    header: techLabel("employee_name"),
    sortable: true,
    filter: { kind: "text" },
    cell: nameWithBadge((r) => r.employeeName),
  },
  {
    id: "employee_email",
    header: techLabel("employee_email"),
    sortable: true,
    filter: { kind: "text" },
    cell: (r) => r.employeeEmail,
  },
  { id: "date", header: techLabel("date"), sortable: true, cell: (r) => displayDate(r.date) },
  ...updatedColumns<TechTimeRow>(techLabel),
  ...requestStateTableColumns<TechTimeRow>(),
  recordActionsColumn({
    view: (r) => `/techtime/view/${r.id}`,
    edit: (r) => `/techtime/edit/${r.id}`,
    label: (r) => r.employeeName,
    header: "Action",
  }),
];

/** The tech time list's columns and the view and edit actions on the shared staff-form table. */
export function TechTimeTable({
  state,
  rows,
  total,
  canDecide = false,
}: {
  state: TableState;
  rows: TechTimeRow[];
  total: number;
  canDecide?: boolean;
}) {
  return (
    <StaffFormTable
      decideForm={canDecide ? "tech_time" : undefined}
      path="/techtime/list"
      title="Tech Time"
      state={state}
      defaultSort={TECH_DEFAULT_SORT}
      rows={rows}
      total={total}
      columns={columns}
      rowLabel={(r) => `${r.employeeName} ${r.employeeNumber}`}
      actions={{ listCall: "techtime/list", what: "Tech Time" }}
    />
  );
}

"use client";

import type { DataTableColumn } from "@/components/data-table/data-table";
import { RequestFormTable, requestListColumns, type StaffListProps } from "@/components/forms/staff-form-table";
import { displayDate } from "@/lib/forms/fields";
import { TECH_DEFAULT_SORT, techLabel, type TechTimeRow } from "@/lib/forms/tech-time/columns";

const columns: DataTableColumn<TechTimeRow>[] = requestListColumns(
  "tech_time",
  techLabel,
  (column) => [
    column("reference", (r) => r.reference, { sortable: false }),
    column.text("employee_number", (r) => r.employeeNumber),
    column.named("employee_name", (r) => r.employeeName),
    column.location(),
    column.text("employee_email", (r) => r.employeeEmail),
    column("date", (r) => displayDate(r.date)),
    ...column.updated(),
  ],
  { label: (r) => `${r.employeeName} · ${r.reference}`, header: "Action" },
);

/** The tech time list's columns and the view and edit actions on the shared staff-form table. */
export function TechTimeTable({ canDecide = false, ...list }: StaffListProps<TechTimeRow> & { canDecide?: boolean }) {
  return (
    <RequestFormTable
      {...list}
      form="tech_time"
      decide={canDecide}
      title="Tech Time"
      defaultSort={TECH_DEFAULT_SORT}
      columns={columns}
      rowLabel={(r) => `${r.employeeName} · ${r.reference}`}
      listCall="techtime/list"
    />
  );
}

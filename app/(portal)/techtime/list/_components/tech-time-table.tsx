"use client";

import type { DataTableColumn } from "@/components/data-table/data-table";
import { StaffFormTable, requestListColumns, type StaffListProps } from "@/components/forms/staff-form-table";
import { displayDate } from "@/lib/forms/fields";
import { TECH_DEFAULT_SORT, techLabel, type TechTimeRow } from "@/lib/forms/tech-time/columns";
import { staffFormHref } from "@/lib/forms/registry";

const columns: DataTableColumn<TechTimeRow>[] = requestListColumns(
  techLabel,
  (column) => [
    column.text("employee_number", (r) => r.employeeNumber),
    column.named("employee_name", (r) => r.employeeName),
    column.text("employee_email", (r) => r.employeeEmail),
    column("date", (r) => displayDate(r.date)),
    ...column.updated(),
  ],
  {
    view: (r) => staffFormHref("tech_time", "view", r.id),
    edit: (r) => staffFormHref("tech_time", "edit", r.id),
    label: (r) => r.employeeName,
    header: "Action",
  },
);

/** The tech time list's columns and the view and edit actions on the shared staff-form table. */
export function TechTimeTable({ canDecide = false, ...list }: StaffListProps<TechTimeRow> & { canDecide?: boolean }) {
  return (
    <StaffFormTable
      {...list}
      decideForm={canDecide ? "tech_time" : undefined}
      path={staffFormHref("tech_time", "list")}
      title="Tech Time"
      defaultSort={TECH_DEFAULT_SORT}
      columns={columns}
      rowLabel={(r) => `${r.employeeName} ${r.employeeNumber}`}
      actions={{ listCall: "techtime/list", what: "Tech Time" }}
    />
  );
}

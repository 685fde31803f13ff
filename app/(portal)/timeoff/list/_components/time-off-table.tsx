"use client";

import { deleteTimeOffsAction } from "@/lib/forms/time-off/actions";
import type { DataTableColumn } from "@/components/data-table/data-table";
import { StaffFormTable, requestListColumns, type StaffListProps } from "@/components/forms/staff-form-table";
import { displayDate } from "@/lib/forms/fields";
import {
  TIME_OFF_DEFAULT_SORT,
  TIME_OFF_TYPE_FILTER,
  timeOffLabel,
  yesNo,
  type TimeOffRow,
} from "@/lib/forms/time-off/columns";
import { STAFF_FORMS, staffFormHref } from "@/lib/forms/registry";

const columns: DataTableColumn<TimeOffRow>[] = requestListColumns(
  timeOffLabel,
  (column) => [
    column.named("employee_name", (r) => r.employeeName),
    column("date_from", (r) => displayDate(r.dateFrom)),
    column("date_to", (r) => displayDate(r.dateTo)),
    column("half_day", (r) => yesNo(r.halfDay)),
    column("type", (r) => r.type, { filter: { kind: "select", options: TIME_OFF_TYPE_FILTER } }),
    column("note", (r) => <span className="line-clamp-3 whitespace-pre-line">{r.note ?? ""}</span>, {
      sortable: false,
      filter: { kind: "text" },
    }),
    ...column.updated(),
  ],
  {
    view: (r) => staffFormHref("time_off_request", "view", r.id),
    edit: (r) => staffFormHref("time_off_request", "edit", r.id),
    label: (r) => `${r.employeeName} ${displayDate(r.dateFrom)}`,
    header: "Action",
  },
);

/** The time-off list's columns and actions on the shared staff-form table (roles 1 and 2 decide and delete). */
export function TimeOffTable({ canManage, ...list }: StaffListProps<TimeOffRow> & { canManage: boolean }) {
  return (
    <StaffFormTable
      {...list}
      path={staffFormHref("time_off_request", "list")}
      title="Time-off Requests"
      defaultSort={TIME_OFF_DEFAULT_SORT}
      columns={columns}
      rowLabel={(r) => `${r.employeeName} ${displayDate(r.dateFrom)}`}
      decideForm={canManage ? STAFF_FORMS.time_off_request.apiForm : undefined}
      actions={{
        listCall: "time-off-request/list",
        deleteAction: canManage ? deleteTimeOffsAction : undefined,
        what: "Time-off Request",
      }}
    />
  );
}

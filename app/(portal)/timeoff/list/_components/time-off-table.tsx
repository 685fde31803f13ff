"use client";

import { deleteTimeOffsAction } from "@/lib/forms/time-off/actions";
import type { DataTableColumn } from "@/components/data-table/data-table";
import { RequestFormTable, requestListColumns, type StaffListProps } from "@/components/forms/staff-form-table";
import { displayDate } from "@/lib/forms/fields";
import {
  TIME_OFF_DEFAULT_SORT,
  TIME_OFF_TYPE_FILTER,
  timeOffLabel,
  yesNo,
  type TimeOffRow,
} from "@/lib/forms/time-off/columns";

const columns: DataTableColumn<TimeOffRow>[] = requestListColumns(
  "time_off_request",
  timeOffLabel,
  (column) => [
    column.named("employee_name", (r) => r.employeeName),
    column.location(),
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
  { label: (r) => `${r.employeeName} ${displayDate(r.dateFrom)}`, header: "Action" },
);

/** The time-off list's columns and actions on the shared staff-form table (roles 1 and 2 decide and delete). */
export function TimeOffTable({ canManage, ...list }: StaffListProps<TimeOffRow> & { canManage: boolean }) {
  return (
    <RequestFormTable
      {...list}
      form="time_off_request"
      title="Time-off Requests"
      defaultSort={TIME_OFF_DEFAULT_SORT}
      columns={columns}
      rowLabel={(r) => `${r.employeeName} ${displayDate(r.dateFrom)}`}
      decide={canManage}
      listCall="time-off-request/list"
      deleteAction={canManage ? deleteTimeOffsAction : undefined}
    />
  );
}

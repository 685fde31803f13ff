import "server-only";
import { eq, sql } from "drizzle-orm";
import { schema } from "@/lib/db";
import { ownColumns } from "@/lib/db/rows";
import { contains } from "@/lib/data-table/query";
import { defineList } from "@/lib/data-table/list-definition";
import { exportDay } from "@/lib/data-table/export";
import { TIME_OFF_TYPES } from "@/lib/forms/column-values";
import {
  submissionColumns,
  submissionExportColumns,
  submissionListSource,
  submissionRecords,
} from "@/lib/forms/submission-columns";
import { TIME_OFF_DEFAULT_SORT, timeOffLabel, yesNo, type TimeOffRow } from "./columns";

const r = schema.timeOffRequests;

const rowColumns = {
  ...ownColumns(r, ["id", "employeeName", "employeeEmail", "dateFrom", "dateTo", "halfDay", "type", "note"]),
  ...submissionColumns(r),
};

/** The type filter's value is a type's position (TIME_OFF_TYPE_FILTER); another number matches nothing. */
const typeFilter = (type: (typeof TIME_OFF_TYPES)[number] | undefined) => (type ? eq(r.type, type) : sql`false`);

export const TIME_OFF_EXPORT_PATH = "/api/export/timeoff";

/** The time-off list: staff see their own requests, roles 1 and 2 everyone's (and may delete). */
export const timeOffList = defineList<TimeOffRow>({
  kind: "time-off",
  ...submissionListSource(r, {
    defaultSort: TIME_OFF_DEFAULT_SORT,
    columns: {
      employee_name: { sort: [sql`lower(${r.employeeName})`], filter: contains(r.employeeName) },
      date_from: { sort: [r.dateFrom] },
      date_to: { sort: [r.dateTo] },
      half_day: { sort: [r.halfDay] },
      type: {
        sort: [r.type],
        filter: { kind: "id", where: (v) => typeFilter(TIME_OFF_TYPES[Number(v) - 1]) },
      },
      note: { filter: contains(r.note) },
    },
  }),
  columns: rowColumns,
  export: {
    path: TIME_OFF_EXPORT_PATH,
    sheetName: "Time-off Requests",
    filePrefix: "time-off-requests",
    columns: [
      { header: timeOffLabel("employee_name"), value: (x) => x.employeeName },
      { header: "Employee E-mail", value: (x) => x.employeeEmail },
      { header: timeOffLabel("date_from"), value: (x) => exportDay(x.dateFrom) },
      { header: timeOffLabel("date_to"), value: (x) => exportDay(x.dateTo) },
      { header: timeOffLabel("half_day"), value: (x) => yesNo(x.halfDay) },
      { header: timeOffLabel("type"), value: (x) => x.type },
      { header: timeOffLabel("note"), value: (x) => x.note },
      ...submissionExportColumns<TimeOffRow>(),
    ],
  },
});

export const TIME_OFF_NOT_FOUND = "No such time-off request.";
const records = submissionRecords<TimeOffRow>(r, rowColumns, TIME_OFF_NOT_FOUND);

/** One time-off request the user may see (their own unless they manage the forms), else a 404. */
export const getTimeOff = records.get;

/** One time-off request for its record page, or null for one the user may not see (as for an unknown id). */
export const findTimeOff = records.find;

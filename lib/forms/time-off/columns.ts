import type { timeOffRequests } from "@/db/schema/forms";
import type { SubmissionRow } from "@/lib/forms/submission-columns";
import { listLabelsWithUpdated, type TableSort } from "@/lib/data-table/state";
import { displayDate, recordFormKeys } from "@/lib/forms/fields";
import { TIME_OFF_TYPES } from "@/lib/forms/column-values";
import type { TimeOffInput } from "./schemas";

/** The time-off list's column labels, by id as in the URL and the list call. */
export const timeOffLabel = listLabelsWithUpdated([
  { id: "employee_name", label: "Employee Name" },
  { id: "date_from", label: "Date From" },
  { id: "date_to", label: "Date To" },
  { id: "half_day", label: "Half Day" },
  { id: "type", label: "Type" },
  { id: "note", label: "Note" },
]);

export const TIME_OFF_DEFAULT_SORT: TableSort = { id: "date_from", desc: true };
/** The type filter's select values (id filters are numbers: a type's position, from 1). */
export const TIME_OFF_TYPE_FILTER = TIME_OFF_TYPES.map((text, i) => ({ value: i + 1, text }));

/** A list row and record: the form's own columns as stored, then the ones every staff form shares. */
export type TimeOffRow = Pick<
  typeof timeOffRequests.$inferSelect,
  "id" | "employeeName" | "employeeEmail" | "dateFrom" | "dateTo" | "halfDay" | "type" | "note"
> &
  SubmissionRow;

/** 'Yes' or 'No' (the list, the record page, the mail, the export). */
export const yesNo = (v: boolean) => (v ? "Yes" : "No");

/** A request's fields as the submission mail and the record page show them, in the form's order. */
export function timeOffFields(
  v: Pick<TimeOffRow, "employeeName" | "employeeEmail" | "dateFrom" | "dateTo" | "halfDay" | "type"> & {
    note: string | null;
  },
  locationName: string | null,
): { label: string; value: string }[] {
  return [
    { label: "Employee Name", value: v.employeeName },
    { label: "Employee E-mail", value: v.employeeEmail },
    { label: "Date From", value: displayDate(v.dateFrom) },
    { label: "Date To", value: displayDate(v.dateTo) },
    { label: "Half Day", value: yesNo(v.halfDay) },
    { label: "Type", value: v.type },
    { label: "Location", value: locationName ?? "" },
    { label: "Note", value: v.note ?? "" },
  ];
}

/** A stored request as the form's values: its edit page starts from them, a v1 update lays its fields over them. */
export function timeOffFormValues(
  row: Pick<TimeOffRow, "id" | "locationId" | "dateFrom" | "dateTo" | "halfDay" | "type" | "note">,
): TimeOffInput {
  return {
    ...recordFormKeys(row),
    dateFrom: row.dateFrom,
    dateTo: row.dateTo,
    halfDay: row.halfDay,
    type: row.type,
    note: row.note ?? "",
  };
}

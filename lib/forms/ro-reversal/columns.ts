import type { roReversals } from "@/db/schema/forms";
import type { SubmissionRow } from "@/lib/forms/submission-columns";
import { listLabelsWithUpdated, type TableSort } from "@/lib/data-table/state";
import { displayDate, recordFormKeys } from "@/lib/forms/fields";
import type { RoReversalInput } from "./schemas";

/** The RO reversal list's column labels (the old portal's screens), by id as in the URL and the list call. */
export const roLabel = listLabelsWithUpdated([
  { id: "employee_name", label: "Employee Name" },
  { id: "date_of_request", label: "Date Of Request" },
  { id: "full_ra", label: "Full RA" },
  { id: "date_ra", label: "Date RA" },
  { id: "pay_type", label: "Pay Type" },
  { id: "reason", label: "Reason" },
  { id: "billed_time", label: "Billed Time" },
  { id: "questions", label: "Question" },
]);

export const RO_DEFAULT_SORT: TableSort = { id: "id", desc: true };
/** The pay type filter's select values (id filters are numbers). */
export const PAY_TYPE_FILTER = [
  { value: 1, text: "Customer Pay" },
  { value: 2, text: "Warranty" },
] as const;

/** A list row and record: the form's own columns as stored, then the ones every staff form shares. */
export type RoReversalRow = Pick<
  typeof roReversals.$inferSelect,
  | "id"
  | "employeeName"
  | "dateOfRequest"
  | "fullRa"
  | "dateRaClosed"
  | "payType"
  | "reason"
  | "billedTime"
  | "questions"
> &
  SubmissionRow;

/**
 * A request's fields as the submission mail and the record page show them, in the form's order; the
 * warranty answers only for a Warranty request.
 */
export function roReversalFields(
  v: Pick<RoReversalRow, "employeeName" | "dateOfRequest" | "fullRa" | "dateRaClosed" | "payType" | "reason"> & {
    billedTime: string | null;
    questions: string | null;
  },
  locationName: string | null,
): { label: string; value: string }[] {
  return [
    { label: "Employee Name", value: v.employeeName },
    { label: "Date of Request", value: displayDate(v.dateOfRequest) },
    { label: "Full RA#", value: v.fullRa },
    { label: "Date RA Was Originally Closed", value: displayDate(v.dateRaClosed) },
    { label: "Pay Type", value: v.payType },
    { label: "Location", value: locationName ?? "" },
    { label: "Reason Reversal Is Required", value: v.reason },
    ...(v.payType === "Warranty"
      ? [
          { label: "How much time in vs Billed?", value: v.billedTime ?? "" },
          { label: "What is the Tech's Efficiency MTD?", value: v.questions ?? "" },
        ]
      : []),
  ];
}

/** A stored request as the form's values: its edit page starts from them, a v1 update lays its fields over them. */
export function roReversalFormValues(
  row: Pick<
    RoReversalRow,
    | "id"
    | "locationId"
    | "employeeName"
    | "dateOfRequest"
    | "fullRa"
    | "dateRaClosed"
    | "payType"
    | "reason"
    | "billedTime"
    | "questions"
  >,
): RoReversalInput {
  return {
    ...recordFormKeys(row),
    employeeName: row.employeeName,
    dateOfRequest: row.dateOfRequest,
    fullRa: row.fullRa,
    dateRaClosed: row.dateRaClosed,
    payType: row.payType,
    reason: row.reason,
    billedTime: row.billedTime ?? "",
    questions: row.questions ?? "",
  };
}

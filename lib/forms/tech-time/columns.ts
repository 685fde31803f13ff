import type { techTimes } from "@/db/schema/forms";
import type { SubmissionRow } from "@/lib/forms/submission-columns";
import { listLabelsWithUpdated, type TableSort } from "@/lib/data-table/state";
import { displayDate } from "@/lib/forms/fields";

/** The tech time list's column labels (the old portal's screens), by id. */
export const techLabel = listLabelsWithUpdated([
  { id: "reference", label: "Reference" },
  { id: "employee_number", label: "Employee Number" },
  { id: "employee_name", label: "Employee Name" },
  { id: "employee_email", label: "Employee Email" },
  { id: "date", label: "Date" },
]);
export const TECH_DEFAULT_SORT: TableSort = { id: "id", desc: true };

/** A list row and record: the form's own columns as stored, then the ones every staff form shares. */
export type TechTimeRow = Pick<
  typeof techTimes.$inferSelect,
  "id" | "employeeNumber" | "employeeName" | "employeeEmail" | "date"
> &
  SubmissionRow & {
    /** What the form is called (lib/forms/references.ts: 'Tech time 11/26 RO 88231 · Sam Staff'). */
    reference: string;
  };

/** A form's own fields (its rows aside) as the submission mail and the record page show them. */
export function techTimeFields(
  v: { employeeNumber: string; employeeName: string; date: string; employeeEmail: string },
  locationName: string | null,
): { label: string; value: string }[] {
  return [
    { label: "Emp Number", value: v.employeeNumber },
    { label: "Employee's Full Name", value: v.employeeName },
    { label: "Date", value: displayDate(v.date) },
    { label: "Location", value: locationName ?? "" },
    { label: "Employee Email", value: v.employeeEmail },
  ];
}

const span = (a: string, b: string) => (a || b ? `${a || "?"}–${b || "?"}` : "");

type RowText = { date: string; reason: string; timeIn: string; timeOut: string };

/** A form's attendance and shop rows (those holding something) as the submission mail and its timeline show them. */
export function techTimeRowFields(
  attendance: RowText[],
  shop: (RowText & { customerName: string; roNumber: string; job: string })[],
): { label: string; value: string }[] {
  return [
    ...attendance.map((a, i) => ({
      label: `Attendance clock time ${i + 1}`,
      value: [displayDate(a.date), a.reason, span(a.timeIn, a.timeOut)].filter(Boolean).join(" · "),
    })),
    ...shop.map((s, i) => ({
      label: `Shop time ${i + 1}`,
      value: [
        displayDate(s.date),
        s.customerName,
        s.roNumber && `RO ${s.roNumber}`,
        s.reason,
        s.job,
        span(s.timeIn, s.timeOut),
      ]
        .filter(Boolean)
        .join(" · "),
    })),
  ];
}

/**
 * What a form's rows say, as its `rows_text` keeps it for the search vector (db/schema/forms.ts): each row's RO
 * number, customer, reason and job, attendance rows first, in their order (the migration's backfill reads them alike).
 */
export function techTimeRowsText(
  attendance: { reason: string }[],
  shop: { roNumber: string; customerName: string; reason: string; job: string }[],
): string {
  return [
    ...attendance.map((a) => a.reason),
    ...shop.map((s) => [s.roNumber, s.customerName, s.reason, s.job].filter(Boolean).join(" ")),
  ]
    .filter(Boolean)
    .join(" ");
}

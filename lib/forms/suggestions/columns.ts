import type { RequestStateRow } from "@/lib/requests/columns";
import { listLabelsWithUpdated, type TableSort } from "@/lib/data-table/state";
import { displayDate } from "@/lib/forms/fields";
import type { SuggestionValues } from "./schemas";

/** The continuous improvement list's column labels (the old portal's screens), by id as in the URL and the list call. */
export const suggestionLabel = listLabelsWithUpdated([
  { id: "name", label: "Name" },
  { id: "date", label: "Date" },
  { id: "location_name", label: "Location Name" },
  { id: "email", label: "Email" },
]);

/** The form's labels of the fields the list does not show (the old portal's screens), for the export and the detail page. */
export const SUGGESTION_FIELD_LABELS = {
  phoneNumber: "Phone",
  describeCurrentProcessAndProblem: "What Project / Process Improvement are you Proposing?",
  howWillItBenefit: "How will it Benefit the Business?",
} as const;

export const SUGGESTION_DEFAULT_SORT: TableSort = { id: "id", desc: true };

/** What a record is called in the delete question (the old portal's text, its typo fixed: docs/decisions.md). */
export const SUGGESTION_WHAT = "Continuous Improvement Suggestion";

export type SuggestionListRow = {
  id: number;
  name: string;
  date: string;
  locationId: number;
  locationName: string;
  email: string;
  updatedByName: string;
  updatedAt: Date;
  routed: boolean;
  createdBy: number | null;
} & RequestStateRow;

/** A suggestion's fields as the submission mail and the record page show them, in the form's order. */
export function suggestionFields(
  v: {
    name: string;
    date: string;
    email: string;
    phoneNumber: string | null;
    describeCurrentProcessAndProblem: string | null;
    howWillItBenefit: string | null;
  },
  locationName: string | null,
): { label: string; value: string }[] {
  return [
    { label: "Name", value: v.name },
    { label: "Date", value: displayDate(v.date) },
    { label: "Location", value: locationName ?? "" },
    { label: "Email", value: v.email },
    { label: SUGGESTION_FIELD_LABELS.phoneNumber, value: v.phoneNumber ?? "" },
    {
      label: SUGGESTION_FIELD_LABELS.describeCurrentProcessAndProblem,
      value: v.describeCurrentProcessAndProblem ?? "",
    },
    { label: SUGGESTION_FIELD_LABELS.howWillItBenefit, value: v.howWillItBenefit ?? "" },
  ];
}

/** A stored suggestion as the form's values: its edit page starts from them, a v1 update lays its fields over them. */
export function suggestionFormValues(row: {
  name: string;
  date: string;
  locationId: number;
  email: string;
  phoneNumber: string | null;
  describeCurrentProcessAndProblem: string | null;
  howWillItBenefit: string | null;
}): SuggestionValues {
  return {
    name: row.name,
    // YYYY-MM-DD, as the date picker holds it.
    date: row.date,
    locationId: String(row.locationId),
    email: row.email,
    phoneNumber: row.phoneNumber ?? "",
    describeCurrentProcessAndProblem: row.describeCurrentProcessAndProblem ?? "",
    howWillItBenefit: row.howWillItBenefit ?? "",
  };
}

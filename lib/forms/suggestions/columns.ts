import type { TableSort } from "@/lib/data-table/state";

/** The continuous improvement list's columns (spec section 2), ids as in the URL and the list call. */
export const SUGGESTION_COLUMNS = [
  { id: "name", label: "Name" },
  { id: "date", label: "Date" },
  { id: "location_name", label: "Location Name" },
  { id: "email", label: "Email" },
  { id: "updated_by", label: "Updated By" },
  { id: "updated_at", label: "Updated At" },
] as const;
export type SuggestionColumnId = (typeof SUGGESTION_COLUMNS)[number]["id"];

export function suggestionLabel(id: SuggestionColumnId): string {
  return SUGGESTION_COLUMNS.find((c) => c.id === id)!.label;
}

export const SUGGESTION_DEFAULT_SORT: TableSort = { id: "id", desc: true };

/** What a record is called in the delete question (spec section 8, the typo fixed per DECISIONS). */
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
};

import "server-only";
import { sql } from "drizzle-orm";
import { schema } from "@/lib/db";
import { contains, type TableQuerySpec } from "@/lib/data-table/query";
import { formatExportDate, type ExportColumn } from "@/lib/data-table/export";
import { defineFormList } from "@/lib/forms/list";
import { ownSubmissions } from "@/lib/forms/submission";
import { displayDate } from "@/lib/forms/fields";
import { SUGGESTION_DEFAULT_SORT, suggestionLabel, type SuggestionListRow } from "./columns";

const s = schema.improvementSuggestions;

/** Sorts and filters over the table alone, each with an index (db/schema/staff-requests.ts). */
export const SUGGESTION_QUERY: TableQuerySpec = {
  columns: {
    id: { sort: [] },
    name: { sort: [sql`lower(${s.name})`], filter: contains(s.name) },
    date: { sort: [s.date] },
    location_name: { sort: [sql`lower(${s.locationName})`], filter: contains(s.locationName) },
    email: { sort: [sql`lower(${s.email})`], filter: contains(s.email) },
    updated_by: { sort: [sql`lower(${s.updatedByName})`], filter: contains(s.updatedByName) },
    updated_at: { sort: [s.updatedAt] },
  },
  tiebreak: s.id,
  defaultSort: SUGGESTION_DEFAULT_SORT,
};

export const suggestionRowColumns = {
  id: s.id,
  name: s.name,
  date: s.date,
  locationId: s.locationId,
  locationName: s.locationName,
  email: s.email,
  updatedByName: s.updatedByName,
  updatedAt: s.updatedAt,
  routed: s.routed,
  createdBy: s.createdBy,
};

export const SUGGESTION_EXPORT_COLUMNS: ExportColumn<SuggestionListRow>[] = [
  { header: suggestionLabel("name"), value: (r) => r.name },
  { header: suggestionLabel("date"), value: (r) => displayDate(r.date) },
  { header: suggestionLabel("location_name"), value: (r) => r.locationName },
  { header: suggestionLabel("email"), value: (r) => r.email },
  { header: suggestionLabel("updated_by"), value: (r) => r.updatedByName },
  { header: suggestionLabel("updated_at"), value: (r) => formatExportDate(r.updatedAt) },
];

/** Roles 1 and 2 see, edit and delete every suggestion; everyone else only their own. */
export const suggestionScope = ownSubmissions(s.createdBy);

export const suggestionList = defineFormList<SuggestionListRow>({
  kind: "improvement-suggestions",
  table: s,
  id: s.id,
  query: SUGGESTION_QUERY,
  columns: suggestionRowColumns,
  from: (db, cols) => db.select(cols as typeof suggestionRowColumns).from(s),
  scope: suggestionScope,
  export: { path: "/api/export/improvement-suggestions", columns: SUGGESTION_EXPORT_COLUMNS, sheetName: "Suggestions", filePrefix: "improvement-suggestions" },
});

import "server-only";
import { requestStateColumns, requestStateExportColumns, requestStateQueryColumns } from "@/lib/requests/columns";
import { and, eq, sql } from "drizzle-orm";
import { getDb, schema } from "@/lib/db";
import type { SessionUser } from "@/lib/auth/session";
import { contains, type TableQuerySpec } from "@/lib/data-table/query";
import { exportDay, type ExportColumn } from "@/lib/data-table/export";
import { defineList } from "@/lib/data-table/list-definition";
import { ownSubmissions } from "@/lib/forms/submission";
import { SUGGESTION_DEFAULT_SORT, SUGGESTION_FIELD_LABELS, suggestionLabel, type SuggestionListRow } from "./columns";

const s = schema.improvementSuggestions;

/** Sorts and filters over the table alone, each with an index (db/schema/forms.ts). */
export const SUGGESTION_QUERY: TableQuerySpec = {
  columns: {
    id: { sort: [] },
    name: { sort: [sql`lower(${s.name})`], filter: contains(s.name) },
    date: { sort: [s.date] },
    location_name: { sort: [sql`lower(${s.locationName})`], filter: contains(s.locationName) },
    email: { sort: [sql`lower(${s.email})`], filter: contains(s.email) },
    updated_by: { sort: [sql`lower(${s.updatedByName})`], filter: contains(s.updatedByName) },
    updated_at: { sort: [s.updatedAt] },
    ...requestStateQueryColumns(s),
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
  ...requestStateColumns(s),
};

/** What the export reads beyond the list's row: the texts the list does not show. */
const suggestionExportSelect = {
  phoneNumber: s.phoneNumber,
  describeCurrentProcessAndProblem: s.describeCurrentProcessAndProblem,
  howWillItBenefit: s.howWillItBenefit,
};
export type SuggestionExportRow = SuggestionListRow & {
  phoneNumber: string | null;
  describeCurrentProcessAndProblem: string | null;
  howWillItBenefit: string | null;
};

/** Every submitted field: the list's columns, then the form's phone and texts (with the form's labels). */
export const SUGGESTION_EXPORT_COLUMNS: ExportColumn<SuggestionExportRow>[] = [
  { header: suggestionLabel("name"), value: (r) => r.name },
  { header: suggestionLabel("date"), value: (r) => exportDay(r.date) },
  { header: suggestionLabel("location_name"), value: (r) => r.locationName },
  { header: suggestionLabel("email"), value: (r) => r.email },
  { header: suggestionLabel("updated_by"), value: (r) => r.updatedByName },
  { header: suggestionLabel("updated_at"), value: (r) => r.updatedAt },
  ...requestStateExportColumns<SuggestionExportRow>(),
  { header: SUGGESTION_FIELD_LABELS.phoneNumber, value: (r) => r.phoneNumber },
  {
    header: SUGGESTION_FIELD_LABELS.describeCurrentProcessAndProblem,
    value: (r) => r.describeCurrentProcessAndProblem,
  },
  { header: SUGGESTION_FIELD_LABELS.howWillItBenefit, value: (r) => r.howWillItBenefit },
];

/** Roles 1 and 2 see, edit and delete every suggestion; everyone else only their own. */
export const suggestionScope = ownSubmissions(s.createdBy);

export const suggestionList = defineList<SuggestionListRow, SuggestionExportRow>({
  kind: "improvement-suggestions",
  table: s,
  id: s.id,
  query: SUGGESTION_QUERY,
  columns: suggestionRowColumns,
  from: (db, cols) => db.select(cols as typeof suggestionRowColumns).from(s),
  scope: suggestionScope,
  export: {
    path: "/api/export/improvement-suggestions",
    columns: SUGGESTION_EXPORT_COLUMNS,
    select: suggestionExportSelect,
    sheetName: "Suggestions",
    filePrefix: "improvement-suggestions",
  },
});

/** A suggestion as its form and the get call read it, or null when the user may not see it. */
export async function getSuggestion(id: number, user: SessionUser) {
  const db = await getDb();
  const [row] = await db
    .select()
    .from(s)
    .where(and(eq(s.id, id), suggestionScope(user)))
    .limit(1);
  return row ?? null;
}

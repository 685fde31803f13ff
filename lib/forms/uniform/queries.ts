import "server-only";
import { requestStateColumns, requestStateExportColumns, requestStateQueryColumns } from "@/lib/requests/columns";
import { and, eq, gte, lt, sql, type SQL } from "drizzle-orm";
import type { PgColumn } from "drizzle-orm/pg-core";
import { getDb, schema } from "@/lib/db";
import { PORTAL_TIME_ZONE, formatDay, instantOf, localDay } from "@/lib/dates/zone";
import { AppError } from "@/lib/errors";
import {
  contains,
  equalsId,
  specOf,
  tableOrder,
  tableWhere,
  type ColumnSql,
  type Page,
  type TableQuerySpec,
} from "@/lib/data-table/query";
import type { TableState } from "@/lib/data-table/state";
import type { SessionUser } from "@/lib/auth/session";
import type { ExportColumn } from "@/lib/data-table/export";
import { defineList } from "@/lib/data-table/list-definition";
import { ownSubmissions } from "@/lib/forms/submission";
import { UNIFORM_DEFAULT_SORT, UNIFORM_FIELD_LABELS, uniformLabel, yesNo, type UniformListRow } from "./columns";
import { designationName, wearName } from "./schemas";
import { ALL_DATES, defaultRange, formatRange, isoDay, parseRange } from "@/lib/forms/date-range";

const u = schema.uniformRequests;

/** Yes (1) / No (2) on a boolean column. */
function yesNoFilter(column: PgColumn): ColumnSql["filter"] {
  return { kind: "id", where: (value) => eq(column, value === "1") };
}

/** A quantity for sorting: an empty one counts as the largest, where PostgreSQL sorts NULL. */
const emptyLast = (column: PgColumn) => sql`coalesce(${column}, 2147483647)`;

/**
 * `from..to` (YYYY-MM-DD, inclusive) as an `updated_at` range: from midnight of `from` to midnight
 * after `to` in the dealerships' time zone. `all` is no condition. Anything else is a 422.
 */
export function rangeWhere(value: string, timeZone = PORTAL_TIME_ZONE): SQL {
  const range = parseRange(value);
  if (!range)
    throw new AppError(422, "The date range must be YYYY-MM-DD..YYYY-MM-DD.", {
      range: ["The date range must be YYYY-MM-DD..YYYY-MM-DD."],
    });
  if (range === ALL_DATES) return sql`true`;
  const start = new Date(instantOf(timeZone, isoDay(range.from)!, 0));
  const end = new Date(instantOf(timeZone, isoDay(range.to)! + 1, 0));
  return and(gte(u.updatedAt, start), lt(u.updatedAt, end))!;
}

/**
 * The uniform list over its allow-list of columns. Every filter is on the table itself, each served by
 * an index (db/schema/forms.ts): the select filters and their sorts by (column, updated_at,
 * id), so a filter, the date range and that column's sort are one index range; names by trigram
 * ('contains') and lower(...) b-trees (sorts).
 */
export const UNIFORM_QUERY: TableQuerySpec = {
  columns: {
    id: { sort: [] },
    designation: { sort: [u.designationId, u.updatedAt], filter: equalsId(u.designationId) },
    employee_name: {
      sort: [sql`lower(${u.employeeFirstName})`, sql`lower(${u.employeeLastName})`],
      notNull: true,
      filter: contains(sql`(${u.employeeFirstName} || ' ' || ${u.employeeLastName})`),
    },
    location: { sort: [sql`lower(${u.locationName})`], notNull: true, filter: equalsId(u.locationId) },
    requestor: { sort: [sql`lower(${u.requestorName})`], notNull: true, filter: contains(u.requestorName) },
    new_hire: { sort: [u.newHire, u.updatedAt], filter: yesNoFilter(u.newHire) },
    new_order: { sort: [u.newOrder, u.updatedAt], filter: yesNoFilter(u.newOrder) },
    re_order: { sort: [u.reOrder, u.updatedAt], filter: yesNoFilter(u.reOrder) },
    wear: { sort: [u.wearId, u.updatedAt], filter: equalsId(u.wearId) },
    quantity: { sort: [emptyLast(u.quantity)], notNull: true },
    shirt_quantity: { sort: [emptyLast(u.shirtQuantity)], notNull: true },
    pant_quantity: { sort: [emptyLast(u.pantQuantity)], notNull: true },
    updated_at: { sort: [u.updatedAt] },
    ...requestStateQueryColumns(u),
    range: { filter: { kind: "text", where: (value) => rangeWhere(value) } },
  },
  tiebreak: u.id,
  defaultSort: UNIFORM_DEFAULT_SORT,
};
export const UNIFORM_TABLE = specOf(UNIFORM_QUERY);

export const uniformRowColumns = {
  id: u.id,
  designationId: u.designationId,
  employeeFirstName: u.employeeFirstName,
  employeeLastName: u.employeeLastName,
  locationId: u.locationId,
  locationName: u.locationName,
  requestorName: u.requestorName,
  newHire: u.newHire,
  newOrder: u.newOrder,
  reOrder: u.reOrder,
  wearId: u.wearId,
  sizes: u.sizes,
  quantity: u.quantity,
  shirtQuantity: u.shirtQuantity,
  pantQuantity: u.pantQuantity,
  comment: u.comment,
  routed: u.routed,
  updatedAt: u.updatedAt,
  ...requestStateColumns(u),
};

/**
 * One page of the uniform list and the total. The total comes first: with a filter it is counted (an
 * index range), without one it is the trigger-kept counter row (exact, one row read); a page in the second half of
 * the list is then read from the other end (the reversed order, a small offset) and turned around, so the last page of a million rows
 * walks 25 index entries instead of a million.
 */
/** Whether a filter leaves requests out (an empty value and the range 'all' do not). */
function narrows(filters: Record<string, string>): boolean {
  return Object.entries(filters).some(
    ([id, v]) => v.trim() !== "" && !(id === "range" && parseRange(v.trim()) === ALL_DATES),
  );
}

async function countWhere(where: SQL | undefined): Promise<number> {
  const db = await getDb();
  const [{ total }] = await db
    .select({ total: sql<number>`count(*)::int` })
    .from(u)
    .where(where);
  return total;
}

/** Every request: the trigger-kept counter (db/schema/forms.ts rowCounts), else a count. */
async function countAll(): Promise<number> {
  const db = await getDb();
  const [row] = await db
    .select({ n: schema.rowCounts.n })
    .from(schema.rowCounts)
    .where(eq(schema.rowCounts.tableName, "uniform_requests"));
  return row ? Number(row.n) : countWhere(undefined);
}

export async function listUniformRequests(state: TableState): Promise<Page<UniformListRow>> {
  const db = await getDb();
  const where = tableWhere(UNIFORM_QUERY, state.filters);
  const total = narrows(state.filters) ? await countWhere(where) : await countAll();
  const offset = (state.page - 1) * state.size;
  if (offset >= total) return { rows: [], total, page: state.page, size: state.size };
  const fromEnd = offset + state.size / 2 > total / 2;
  const limit = Math.min(state.size, total - offset);
  const order = tableOrder(UNIFORM_QUERY, fromEnd ? { ...state.sort, desc: !state.sort.desc } : state.sort);
  // A deferred join: the page's ids come from an index alone (the sort indexes carry the filter
  // columns), then only those rows are read.
  const ids = db
    .select({ id: u.id })
    .from(u)
    .where(where)
    .orderBy(...order)
    .limit(limit)
    .offset(fromEnd ? total - offset - limit : offset)
    .as("page");
  const rows = (await db
    .select(uniformRowColumns)
    .from(u)
    .innerJoin(ids, eq(ids.id, u.id))
    .orderBy(...order)) as UniformListRow[];
  return { rows: fromEnd ? rows.reverse() : rows, total, page: state.page, size: state.size };
}

/**
 * One uniform request for its detail page: any for roles 1 and 2 (who have the list), the user's own
 * for everyone else (the copy of the submission mail links to it); null for one they may not see, as
 * for an unknown id.
 */
export async function getUniformRequest(
  id: number,
  user: SessionUser,
): Promise<(UniformListRow & { updatedByName: string; createdBy: number | null }) | null> {
  const db = await getDb();
  const [row] = await db
    .select({ ...uniformRowColumns, updatedByName: u.updatedByName, createdBy: u.createdBy })
    .from(u)
    .where(and(eq(u.id, id), ownSubmissions(u.createdBy)(user)))
    .limit(1);
  return (row as UniformListRow & { updatedByName: string; createdBy: number | null }) ?? null;
}

/** The list's default range, the last 6 days through today, as a `range` filter value (dealerships' zone). */
export function defaultRangeFilter(now = Date.now(), timeZone = PORTAL_TIME_ZONE): string {
  return formatRange(defaultRange(formatDay(localDay(timeZone, now))));
}

/** The export's columns: those the list shows, then the sizes and the note the list does not show (every submitted field). */
export const UNIFORM_EXPORT_COLUMNS: ExportColumn<UniformListRow>[] = [
  { header: uniformLabel("designation"), value: (r) => designationName(r.designationId) },
  { header: uniformLabel("employee_name"), value: (r) => `${r.employeeFirstName} ${r.employeeLastName}` },
  { header: uniformLabel("location"), value: (r) => r.locationName },
  { header: uniformLabel("requestor"), value: (r) => r.requestorName },
  { header: uniformLabel("new_hire"), value: (r) => yesNo(r.newHire) },
  { header: uniformLabel("new_order"), value: (r) => yesNo(r.newOrder) },
  { header: uniformLabel("re_order"), value: (r) => yesNo(r.reOrder) },
  { header: uniformLabel("wear"), value: (r) => wearName(r.wearId) },
  { header: uniformLabel("quantity"), value: (r) => r.quantity },
  { header: uniformLabel("shirt_quantity"), value: (r) => r.shirtQuantity },
  { header: uniformLabel("pant_quantity"), value: (r) => r.pantQuantity },
  { header: uniformLabel("updated_at"), value: (r) => r.updatedAt },
  ...requestStateExportColumns<UniformListRow>(),
  { header: UNIFORM_FIELD_LABELS.sizes, value: (r) => r.sizes },
  { header: UNIFORM_FIELD_LABELS.comment, value: (r) => r.comment },
];

export const UNIFORM_EXPORT_PATH = "/api/export/uniform-requests";

/**
 * The uniform list on the generic staff-form list (lib/forms/list.ts); its page is its own
 * (listUniformRequests above), built for a million rows: the total from a counter or an index
 * range, and the last pages read from the other end. Its exports are the generic keyset batches:
 * every sort expression is non-null, so each batch is one index range in the list's order.
 */
export const uniformList = defineList<UniformListRow>({
  kind: "uniform-requests",
  table: schema.uniformRequests,
  id: schema.uniformRequests.id,
  query: UNIFORM_QUERY,
  columns: uniformRowColumns,
  from: (db, cols) => db.select(cols as typeof uniformRowColumns).from(schema.uniformRequests),
  page: (state) => listUniformRequests(state),
  export: {
    path: UNIFORM_EXPORT_PATH,
    columns: UNIFORM_EXPORT_COLUMNS,
    sheetName: "Uniform Requests",
    filePrefix: "uniform-requests",
  },
});

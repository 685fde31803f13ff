import { and, eq, sql, type SQL } from "drizzle-orm";
import type { PgColumn, PgTable } from "drizzle-orm/pg-core";
import type { Db } from "@/lib/db";
import { AppError } from "@/lib/errors";
import { FILTER_MAX, PAGE_MAX, PAGE_SIZES, type TableSort, type TableSpec, type TableState } from "./state";

/**
 * Turns a table state (lib/data-table/state.ts) into the parts of a Drizzle query, over an allow-list
 * of columns: a column id from the URL or an API body only ever selects one of the SQL expressions
 * written here, so no user text reaches SQL as an identifier (filter values travel as parameters).
 */

/** How one column sorts (expressions in ascending order; the helper applies the direction) and filters. */
export type ColumnSql = {
  sort?: (SQL | PgColumn)[];
  /**
   * None of the sort expressions is ever NULL (NOT NULL columns are recognised without it): an export's
   * keyset (lib/data-table/keyset.ts) is then one row comparison, an index range, instead of a
   * NULL-aware disjunction.
   */
  notNull?: boolean;
  filter?: { kind: "text" | "id"; where: (value: string) => SQL };
};

export type TableQuerySpec = {
  columns: Readonly<Record<string, ColumnSql>>;
  /** A unique column that ends every ordering, so pages never overlap or skip rows. */
  tiebreak: PgColumn;
  defaultSort: TableSort;
  /** A condition every query applies (e.g. `deleted_at is null`). */
  base?: SQL;
};

/** `%term%` for ILIKE with the term's own wildcard characters escaped. */
export function likePattern(term: string): string {
  return `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * A case-insensitive 'contains' filter on an expression: `lower(expr) like lower('%term%')`. Pair it
 * with a pg_trgm index on `lower(expr)` (gin_trgm_ops); ILIKE would match the same rows but the planner
 * underprices its scan and may skip the index.
 */
export function contains(expr: SQL | PgColumn): ColumnSql["filter"] {
  return { kind: "text", where: (value) => sql`lower(${expr}) like lower(${likePattern(value)})` };
}

/** An equality filter on an integer column (a select's value). */
export function equalsId(column: PgColumn): ColumnSql["filter"] {
  return { kind: "id", where: (value) => eq(column, Number(value)) };
}

/** The URL-side description of a query spec: what parseTableState needs. */
export function specOf(q: TableQuerySpec): TableSpec {
  const sortable = Object.keys(q.columns).filter((id) => q.columns[id].sort);
  const filters: Record<string, "text" | "id"> = {};
  for (const [id, c] of Object.entries(q.columns)) if (c.filter) filters[id] = c.filter.kind;
  return { sortable, filters, defaultSort: q.defaultSort };
}

function column(q: TableQuerySpec, id: string): ColumnSql | undefined {
  return Object.hasOwn(q.columns, id) ? q.columns[id] : undefined;
}

/**
 * Checks a state that did not come through parseTableState (an API body): unknown sort or filter
 * columns, a page or size out of range, a malformed id filter are a 422 naming the field.
 */
export function assertTableState(q: TableQuerySpec, state: TableState): void {
  const bad = (field: string, message: string) => {
    throw new AppError(422, message, { [field]: [message] });
  };
  if (!Number.isInteger(state.page) || state.page < 1 || state.page > PAGE_MAX)
    bad("page", "The page must be a whole number of 1 or more.");
  if (!(PAGE_SIZES as readonly number[]).includes(state.size))
    bad("perPage", `The page size must be one of ${PAGE_SIZES.join(", ")}.`);
  if (!column(q, state.sort.id)?.sort) bad("sort", `The list cannot be sorted by '${state.sort.id.slice(0, 40)}'.`);
  for (const [id, value] of Object.entries(state.filters)) {
    const c = column(q, id);
    if (!c?.filter) bad(`filters.${id.slice(0, 40)}`, `The list cannot be filtered by '${id.slice(0, 40)}'.`);
    if (value.length > FILTER_MAX) bad(`filters.${id}`, `A filter can be at most ${FILTER_MAX} characters.`);
    if (c!.filter!.kind === "id" && !/^[1-9]\d{0,9}$/.test(value))
      bad(`filters.${id}`, `The ${id} filter must be an id.`);
  }
}

/** The WHERE of a state: the base condition and every non-empty filter (AND). */
export function tableWhere(q: TableQuerySpec, filters: Record<string, string>): SQL | undefined {
  const parts: SQL[] = q.base ? [q.base] : [];
  for (const [id, value] of Object.entries(filters)) {
    const f = column(q, id)?.filter;
    if (!f) throw new AppError(422, `The list cannot be filtered by '${id.slice(0, 40)}'.`);
    if (value.trim() !== "") parts.push(f.where(value.trim()));
  }
  return parts.length ? and(...parts) : undefined;
}

/** The ORDER BY of a sort: the column's expressions in its direction, then the tiebreak. */
export function tableOrder(q: TableQuerySpec, sort: TableSort): SQL[] {
  const c = column(q, sort.id);
  if (!c?.sort) throw new AppError(422, `The list cannot be sorted by '${sort.id.slice(0, 40)}'.`);
  const dir = sort.desc ? sql.raw("desc") : sql.raw("asc");
  return [...c.sort.map((e) => sql`${e} ${dir}`), sql`${q.tiebreak} ${dir}`];
}

/** `(select count(*) from table where ...)`: the total as a column of the page's own statement. */
export function totalOf(table: PgTable, where: SQL | undefined): SQL<number> {
  return sql<number>`(select count(*) from ${table}${where ? sql` where ${where}` : sql``})`.mapWith(Number);
}

export type Page<T> = { rows: T[]; total: number; page: number; size: number };

/**
 * Runs one page of a list: `select` receives the where, order, limit, offset and a `total` expression
 * to add to its columns (an uncorrelated sub-select PostgreSQL computes once), so rows and total come
 * back in one round trip. Only a page past the end (no row to carry the total) costs a second count.
 * The filters' SQL must only reference `table` (the count runs over it alone).
 */
export async function queryPage<T extends { total: number }>(
  db: Db,
  q: TableQuerySpec,
  table: PgTable,
  state: Pick<TableState, "page" | "size" | "sort" | "filters">,
  select: (parts: {
    where: SQL | undefined;
    orderBy: SQL[];
    limit: number;
    offset: number;
    total: SQL<number>;
  }) => PromiseLike<T[]>,
): Promise<Page<Omit<T, "total">>> {
  const where = tableWhere(q, state.filters);
  const orderBy = tableOrder(q, state.sort);
  const total = totalOf(table, where);
  const rows = await select({ where, orderBy, limit: state.size, offset: (state.page - 1) * state.size, total });
  const n = rows.length
    ? Number(rows[0].total)
    : Number((await db.select({ total }).from(table).limit(1))[0]?.total ?? 0);
  return { rows: rows.map(({ total: _t, ...r }) => r), total: n, page: state.page, size: state.size };
}

import { and, inArray, sql, type SQL } from "drizzle-orm";
import { PgColumn } from "drizzle-orm/pg-core";
import { tableOrder, tableWhere, type ColumnSql, type TableQuerySpec } from "./query";
import type { TableSort } from "./state";

/** Rows a batch of an export reads: small enough that one batch (and its CSV text) stays a few hundred KB. */
export const EXPORT_BATCH = 1000;

/** A query builder after `.from(...)` and its joins (Drizzle's select types are too deep to name). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Selection = any;

/**
 * Every row of a list's state, in the list's own order (tableOrder), as keyset batches: each batch
 * starts after the sort's values and the id of the last row sent, so it is an index range however deep
 * the export goes, and only one batch is in memory. `select` receives the columns to add (the sort's
 * values as text, `k0`, `k1`, ...) and returns `db.select(...).from(...)` with the joins its columns
 * need. `ids` limits the export to a selection.
 */
export async function* keysetBatches<Row extends { id: number }>(input: {
  query: TableQuerySpec;
  filters: Record<string, string>;
  sort: TableSort;
  ids?: number[];
  select: (keyColumns: Record<string, SQL>) => Selection;
  batchSize?: number;
}): AsyncGenerator<Row[]> {
  const { query: q, sort } = input;
  const size = input.batchSize ?? EXPORT_BATCH;
  const order = tableOrder(q, sort); // throws the 422 for a column that does not sort
  const column = q.columns[sort.id];
  const keys = (column.sort ?? []).map((e) => sql`${e}`);
  const base = and(
    tableWhere(q, input.filters),
    input.ids ? inArray(q.tiebreak, input.ids.length ? input.ids : [0]) : undefined,
  );
  // A key travels back as its text (a timestamp keeps its microseconds) and is read as the
  // expression's own type by the comparison, so numbers and dates compare by value.
  const keyColumns = Object.fromEntries(keys.map((k, i) => [`k${i}`, sql<string | null>`(${k})::text`]));
  const after = sortNeverNull(column) ? rowAfter : keysetAfter;
  let last: { keys: (string | null)[]; id: number } | null = null;
  for (;;) {
    const rows = (await input
      .select(keyColumns)
      .where(and(base, last ? after(keys, last.keys, q.tiebreak, last.id, sort.desc) : undefined))
      .orderBy(...order)
      .limit(size)) as (Row & Record<string, string | null>)[];
    if (rows.length === 0) return;
    const tail = rows[rows.length - 1];
    last = { keys: keys.map((_, i) => tail[`k${i}`]), id: tail.id };
    yield rows;
    if (rows.length < size) return;
  }
}

/** Whether none of a column's sort expressions can be NULL: declared (`notNull`) or NOT NULL columns. */
function sortNeverNull(column: ColumnSql): boolean {
  return column.notNull === true || (column.sort ?? []).every((e) => e instanceof PgColumn && e.notNull);
}

/**
 * The rows after (`keys`, `id`) = (`values`, `lastId`) when no key is NULL: one row comparison, which
 * PostgreSQL reads as the start of an index range on (keys..., id).
 */
function rowAfter(keys: SQL[], values: (string | null)[], id: PgColumn, lastId: number, desc: boolean): SQL {
  const lhs = sql.join([...keys, sql`${id}`], sql`, `);
  const rhs = sql.join([...values.map((v) => sql`${v}`), sql`${lastId}`], sql`, `);
  return desc ? sql`(${lhs}) < (${rhs})` : sql`(${lhs}) > (${rhs})`;
}

/**
 * The rows after (`keys`, `id`) = (`values`, `lastId`) in the order `keys... id` ascending (NULLs last)
 * or descending (NULLs first), as ORDER BY puts them: the first key that differs decides. Correct for
 * any key, but a disjunction no index range serves: sorts whose keys can be NULL only.
 */
export function keysetAfter(keys: SQL[], values: (string | null)[], id: PgColumn, lastId: number, desc: boolean): SQL {
  const same = (k: SQL, v: string | null) => (v === null ? sql`${k} is null` : sql`${k} = ${v}`);
  const beyond = (k: SQL, v: string | null): SQL | undefined => {
    if (desc) return v === null ? sql`${k} is not null` : sql`${k} < ${v}`;
    return v === null ? undefined : sql`(${k} > ${v} or ${k} is null)`;
  };
  const options: SQL[] = [];
  keys.forEach((k, i) => {
    const b = beyond(k, values[i]);
    if (b) options.push(and(...keys.slice(0, i).map((kj, j) => same(kj, values[j])), b)!);
  });
  options.push(and(...keys.map((k, i) => same(k, values[i])), desc ? sql`${id} < ${lastId}` : sql`${id} > ${lastId}`)!);
  return sql`(${sql.join(
    options.map((o) => sql`(${o})`),
    sql` or `,
  )})`;
}

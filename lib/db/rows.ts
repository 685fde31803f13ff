import type { PgTable } from "drizzle-orm/pg-core";

/** The rows of a raw `db.execute` (postgres.js answers the rows as an array). */
export function rowsOf<T>(result: unknown): T[] {
  return result as T[];
}

/** A table's own columns `keys` under their names, to select (a list row's form fields, a stored event's). */
export function ownColumns<T extends PgTable, K extends keyof T & string>(t: T, keys: readonly K[]): Pick<T, K> {
  return Object.fromEntries(keys.map((k) => [k, t[k]])) as Pick<T, K>;
}

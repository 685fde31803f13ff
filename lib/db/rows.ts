/** The rows of a raw `db.execute` (postgres.js answers the rows as an array). */
export function rowsOf<T>(result: unknown): T[] {
  return result as T[];
}

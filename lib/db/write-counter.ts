import type { PGlite } from "@electric-sql/pglite";

/** Counts the statements that may have changed data, through one PGlite client. */
export type WriteCounter = { readonly value: number };

// Only a plain SELECT is taken as a read; anything else (INSERT, UPDATE, DELETE, WITH ..., DDL, a
// comment before the SELECT, every transaction and exec) counts as a write. Counting a read as a
// write only costs a cache reload; the reverse would serve stale data, hence the narrow test.
// (A SELECT calling a function that writes tables would go unnoticed; the portal has none.)
const PLAIN_SELECT = /^\s*select\b/i;

/**
 * The embedded database is single-process (lib/db/pglite-lock.ts refuses a second one), so every
 * change goes through this client. Counting writes here, before and after each one, lets in-memory
 * copies (lib/db/config-cache.ts, the session lookup in lib/auth/session.ts) be exact: a copy read at
 * count N is used only while the count is still N, so a sign-out, a role change or a menu edit shows
 * on the next request. PostgreSQL, which several processes may share, is checked per request instead.
 */
export function trackWrites(client: PGlite): WriteCounter {
  const counter = { value: 0 };
  const around = async <T>(writes: boolean, run: () => Promise<T>): Promise<T> => {
    if (!writes) return run();
    counter.value++;
    try {
      return await run();
    } finally {
      counter.value++;
    }
  };
  const query = client.query.bind(client);
  const exec = client.exec.bind(client);
  const transaction = client.transaction.bind(client);
  Object.assign(client, {
    query: ((text, params, options) => around(!PLAIN_SELECT.test(text), () => query(text, params, options))) as PGlite["query"],
    exec: ((text, options) => around(true, () => exec(text, options))) as PGlite["exec"],
    transaction: ((callback) => around(true, () => transaction(callback))) as PGlite["transaction"],
  });
  return counter;
}

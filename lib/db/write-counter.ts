import type { PGlite, Transaction } from "@electric-sql/pglite";
import { KEPT_PREFIX } from "./prepared";

/** Counts the statements that may have changed data, through one PGlite client. */
export type WriteCounter = { readonly value: number };

// Only a plain SELECT is taken as a read, and the statements that run a kept read (lib/db/prepared.ts:
// PREPARE of a select, EXECUTE and DEALLOCATE of one, by their names); anything else (INSERT, UPDATE,
// DELETE, WITH ..., DDL, a comment before the SELECT, every exec) counts as a write. Counting a read as
// a write only costs a cache reload; the reverse would serve stale data, hence the narrow test.
// (A SELECT calling a function that writes tables would go unnoticed; the portal has none.)
const READ = new RegExp(`^\\s*(select\\b|execute ${KEPT_PREFIX}\\w+(\\(|$)|deallocate ${KEPT_PREFIX}\\w+$|prepare ${KEPT_PREFIX}\\w+ as [\\s(]*select\\b)`, "i");

/** A statement that may change data (see READ). */
const mayWrite = (text: string) => !READ.test(text);

/**
 * The embedded database is single-process (lib/db/pglite-lock.ts refuses a second one), so every
 * change goes through this client. Counting writes here, before and after each one, lets in-memory
 * copies (lib/db/config-cache.ts, the session lookup in lib/auth/session.ts) be exact: a copy read at
 * count N is used only while the count is still N, so a sign-out, a role change or a menu edit shows
 * on the next request. PostgreSQL, which several processes may share, is checked per request instead.
 *
 * A transaction counts from its first statement that may write to its end (commit or rollback): one
 * that only reads (a search's, lib/db/prepared.ts) leaves the copies valid.
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
    query: ((text, params, options) => around(mayWrite(text), () => query(text, params, options))) as PGlite["query"],
    exec: ((text, options) => around(true, () => exec(text, options))) as PGlite["exec"],
    transaction: (async (callback) => {
      let wrote = false;
      const writing = (yes: boolean) => {
        if (yes && !wrote) {
          wrote = true;
          counter.value++;
        }
      };
      try {
        return await transaction((tx) => callback(watchTransaction(tx, writing)));
      } finally {
        if (wrote) counter.value++;
      }
    }) as PGlite["transaction"],
  });
  return counter;
}

/** The transaction `tx` with each statement reported to `writing` (true for one that may write) before it runs. */
function watchTransaction(tx: Transaction, writing: (yes: boolean) => void): Transaction {
  const query = tx.query.bind(tx);
  const exec = tx.exec.bind(tx);
  const tag = tx.sql.bind(tx);
  return Object.assign(tx, {
    query: ((text, params, options) => {
      writing(mayWrite(text));
      return query(text, params, options);
    }) as Transaction["query"],
    exec: ((text, options) => {
      writing(true);
      return exec(text, options);
    }) as Transaction["exec"],
    sql: ((strings, ...params) => {
      writing(mayWrite(strings.join("$")));
      return tag(strings, ...params);
    }) as Transaction["sql"],
  });
}

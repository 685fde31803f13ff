import { createHash } from "node:crypto";
import type { PGlite, Transaction } from "@electric-sql/pglite";
import type { Sql } from "postgres";
import type { SQL } from "drizzle-orm";
import { PgDialect } from "drizzle-orm/pg-core";
import type { Db } from "./index";
import { rowsOf } from "./rows";

/**
 * Reads whose plans PostgreSQL keeps. A large statement (the search's union of every kind is 18 KB)
 * costs more to parse and plan than to run: 15 to 30 ms of planning against 2 to 6 ms of running on
 * the embedded database. Prepared once per connection and planned once (a generic plan:
 * `plan_cache_mode = force_generic_plan`), each later run only binds its values and executes.
 *
 * A generic plan is made without the values, so it fits only statements whose plan does not depend
 * on them: the caller fixes the plan's shape in the statement's text (subqueries fenced with
 * `offset 0`, the choices made by the caller itself, as lib/search/plan.ts does for the search) and
 * passes values already of their type (`$1::tsquery`, not `to_tsquery($1)`, which a generic plan
 * would evaluate for every row).
 *
 * Both drivers:
 * - PostgreSQL (postgres.js): named statements of the extended protocol, which postgres.js prepares
 *   once per connection and keeps while the connection lives (postgres.js replaces each connection
 *   after 30 to 60 minutes, so their number stays that of the texts a caller makes in that time: the
 *   search makes a few per kind, one per way of reading its sources);
 * - the embedded database (PGlite, one connection): SQL `PREPARE` once, then `EXECUTE` with the values
 *   as literals (PGlite's query sends only unnamed statements, and `EXECUTE` takes no bound
 *   parameters). At most KEPT_EMBEDDED statements are kept; the least recently used is deallocated.
 *
 * Each call is one transaction with `settings` (planner settings, local to it) on one connection;
 * the statements run in order and each one's rows come back in the same order.
 */
export async function readWithKeptPlans<T>(db: Db, embedded: boolean, settings: Record<string, string>, statements: SQL[]): Promise<T[][]> {
  if (!statements.length) return [];
  const queries = statements.map((s) => dialect.sqlToQuery(s));
  for (const q of queries) {
    if (!PLAIN_SELECT.test(q.sql)) throw new Error("readWithKeptPlans: only plain selects are kept");
  }
  const setup = settingsStatement({ ...settings, plan_cache_mode: "force_generic_plan" });
  if (!embedded) {
    const client = (db as unknown as { $client: Sql }).$client;
    return (await client.begin(async (tx) => {
      await tx.unsafe(setup);
      return Promise.all(queries.map((q) => tx.unsafe(q.sql, q.params as never[], { prepare: true })));
    })) as unknown as T[][];
  }
  const client = (db as unknown as { $client: PGlite }).$client;
  try {
    return await readEmbedded<T>(client, setup, queries);
  } catch (err) {
    // Statements deallocated behind our back (DISCARD ALL, DEALLOCATE ALL): prepared again, once.
    if ((err as { code?: string }).code !== "26000") throw err;
    keptOf(client).clear();
    return readEmbedded<T>(client, setup, queries);
  }
}

/** The embedded database keeps at most this many statements prepared (each holds its plan in memory). */
export const KEPT_EMBEDDED = 64;

/** Names of kept statements: what lib/db/write-counter.ts knows to be reads. */
export const KEPT_PREFIX = "read_";

const PLAIN_SELECT = /^[\s(]*select\b/i;

// The statements' text as Drizzle makes it for the portal's databases (lib/db openDatabase).
const dialect = new PgDialect({ casing: "snake_case" });

type Query = { sql: string; params: unknown[] };

function settingsStatement(settings: Record<string, string>): string {
  const valid = /^[a-z_]+$/;
  return `select ${Object.entries(settings)
    .map(([name, value]) => {
      if (!valid.test(name) || !valid.test(value)) throw new Error(`readWithKeptPlans: bad setting ${name}=${value}`);
      return `set_config('${name}', '${value}', true)`;
    })
    .join(", ")}`;
}

/**
 * Per PGlite client: the kept statements' names, least recently used first. Kept on the client itself
 * (a global symbol), as Next bundles this module once per route while they share one client.
 */
const KEPT = Symbol.for("portal.keptStatements");
function keptOf(client: PGlite): Map<string, true> {
  const holder = client as unknown as { [KEPT]?: Map<string, true> };
  return (holder[KEPT] ??= new Map());
}

/** Tests: forget which statements are kept while they stay prepared (as after a statement went missing). */
export function forgetKeptForTesting(db: Db) {
  keptOf((db as unknown as { $client: PGlite }).$client).clear();
}

async function readEmbedded<T>(client: PGlite, setup: string, queries: Query[]): Promise<T[][]> {
  const names = keptOf(client);
  return client.transaction(async (tx) => {
    await tx.query(setup);
    const out: T[][] = [];
    for (const q of queries) {
      const name = await prepareOnce(tx, names, q.sql);
      const values = q.params.length ? `(${q.params.map(literal).join(", ")})` : "";
      out.push(rowsOf<T>(await tx.query(`execute ${name}${values}`)));
    }
    return out;
  });
}

/** The statement's name, preparing it (and deallocating the least recently used one) when it is new. */
async function prepareOnce(tx: Transaction, names: Map<string, true>, text: string): Promise<string> {
  const name = KEPT_PREFIX + createHash("sha1").update(text).digest("hex").slice(0, 24);
  if (names.delete(name)) {
    names.set(name, true);
    return name;
  }
  // Not in the list, yet maybe prepared: the list is cleared when a kept statement went missing
  // (readWithKeptPlans), while the others stay prepared.
  const known = await tx.query<{ name: string }>("select name from pg_prepared_statements where name = $1", [name]);
  if (!known.rows.length) await tx.query(`prepare ${name} as ${text}`);
  names.set(name, true);
  while (names.size > KEPT_EMBEDDED) {
    const [oldest] = names.keys();
    names.delete(oldest);
    await tx.query(`deallocate ${oldest}`);
  }
  return name;
}

/**
 * A value as an SQL literal for `EXECUTE`, of the type the prepared statement gave its parameter.
 * Strings are quoted with their quotes doubled: with standard_conforming_strings (on since PostgreSQL
 * 9.1, and PGlite) a backslash is an ordinary character. NUL cannot be in a PostgreSQL text at all.
 */
export function literal(value: unknown): string {
  if (value === null || value === undefined) return "null";
  if (typeof value === "number") {
    if (!Number.isFinite(value)) throw new Error(`readWithKeptPlans: ${value} is not a finite number`);
    return String(value);
  }
  if (typeof value === "boolean") return value ? "true" : "false";
  if (typeof value === "string") {
    if (value.includes("\0")) throw new Error("readWithKeptPlans: a text cannot hold NUL");
    return `'${value.replaceAll("'", "''")}'`;
  }
  throw new Error(`readWithKeptPlans: no literal for a ${typeof value}`);
}

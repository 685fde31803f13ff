import type { Sql } from "postgres";
import type { SQL } from "drizzle-orm";
import { PgDialect } from "drizzle-orm/pg-core";
import type { Db } from "./index";

/**
 * Reads whose plans PostgreSQL keeps. A large statement (the search's select of a kind is several KB)
 * can cost more to parse and plan than to run. Prepared once per connection and planned once (a
 * generic plan: `plan_cache_mode = force_generic_plan`), each later run only binds its values and
 * executes.
 *
 * A generic plan is made without the values, so it fits only statements whose plan does not depend
 * on them: the caller fixes the plan's shape in the statement's text (subqueries fenced with
 * `offset 0`, the choices made by the caller itself, as lib/search/plan.ts does for the search) and
 * passes values already of their type (`$1::tsquery`, not `to_tsquery($1)`, which a generic plan
 * would evaluate for every row).
 *
 * The statements are named statements of the extended protocol, which postgres.js prepares once per
 * connection and keeps while the connection lives (postgres.js replaces each connection after 30 to 60
 * minutes, so their number stays that of the texts a caller makes in that time: the search makes a
 * few per kind, one per way of reading its sources).
 *
 * Each call is one transaction with `settings` (planner settings, local to it) on one connection;
 * each statement's rows come back in the order of `statements`.
 */
export async function readWithKeptPlans<T>(
  db: Db,
  settings: Record<string, string>,
  statements: SQL[],
): Promise<T[][]> {
  if (!statements.length) return [];
  const queries = statements.map((s) => dialect.sqlToQuery(s));
  for (const q of queries) {
    if (!PLAIN_SELECT.test(q.sql)) throw new Error("readWithKeptPlans: only plain selects are kept");
  }
  const setup = settingsStatement({ ...settings, plan_cache_mode: "force_generic_plan" });
  const client = (db as unknown as { $client: Sql }).$client;
  return (await client.begin(async (tx) => {
    await tx.unsafe(setup);
    return Promise.all(queries.map((q) => tx.unsafe(q.sql, q.params as never[], { prepare: true })));
  })) as unknown as T[][];
}

const PLAIN_SELECT = /^[\s(]*select\b/i;

// The statements' text as Drizzle makes it for the portal's databases (lib/db openDatabase).
const dialect = new PgDialect({ casing: "snake_case" });

function settingsStatement(settings: Record<string, string>): string {
  const valid = /^[a-z_]+$/;
  return `select ${Object.entries(settings)
    .map(([name, value]) => {
      if (!valid.test(name) || !valid.test(value)) throw new Error(`readWithKeptPlans: bad setting ${name}=${value}`);
      return `set_config('${name}', '${value}', true)`;
    })
    .join(", ")}`;
}

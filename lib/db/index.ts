import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import * as schema from "@/db/schema";
import { config } from "@/lib/config";
import { asDatabaseUnavailable, readTypesOnce, retryReadsOnLostConnection } from "./retry";
import { boundPoolWait, CONNECT_TIMEOUT_S, reconnectDelay, SESSION_SETTINGS } from "./bounds";

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
export type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];
export { schema };

type Handle = {
  db: Db;
  close: () => Promise<void>;
};

// Kept on globalThis so dev reloads and separately bundled routes share one handle per process.
const g = globalThis as unknown as { __portalDb?: Promise<Handle> };

/**
 * Opens the PostgreSQL database at DATABASE_URL, applying migrations (under the prepare lock,
 * lib/db/migrate.ts: processes that start together never migrate at once). `npm start` sets DATABASE_URL to
 * its own server in DATA_DIR when none is configured (scripts/embedded-db.mjs), so a server process
 * always has one.
 */
export async function openDatabase(opts: { url?: string; migrate?: boolean } = {}): Promise<Handle> {
  const url = opts.url ?? config.databaseUrl;
  if (!url) {
    throw new Error(
      "No database: DATABASE_URL is not set. Start the portal with `npm start` (which starts its own PostgreSQL in DATA_DIR), or set DATABASE_URL to a PostgreSQL 15+ server.",
    );
  }
  const { default: postgres } = await import("postgres");
  const { drizzle } = await import("drizzle-orm/postgres-js");
  // A read whose connection was dropped (a restart, pg_terminate_backend) runs once more on a fresh one;
  // every wait for the database is bounded (lib/db/bounds.ts).
  const poolSize = Number(process.env.DATABASE_POOL ?? 10);
  const client = retryReadsOnLostConnection(
    boundPoolWait(
      postgres(url, {
        max: poolSize,
        onnotice: () => {},
        connect_timeout: CONNECT_TIMEOUT_S,
        backoff: reconnectDelay,
        connection: SESSION_SETTINGS,
      }),
    ),
    poolSize,
  );
  await readTypesOnce(client);
  classifyDatabaseFailures(await import("drizzle-orm/pg-core"));
  const handle: Handle = {
    db: drizzle(client, { schema, casing: "snake_case" }) as unknown as Db,
    // Queries in flight get 5 s, then the connections are ended: without a limit close() waits for every
    // connection to go idle, and after the restart test's pg_terminate_backend one did not (its file's
    // clean-up timed out at 60 s once in CI, session 15).
    close: () => client.end({ timeout: 5 }),
  };
  if (opts.migrate !== false) {
    const { migrateDatabase } = await import("./migrate");
    await migrateDatabase(url);
  }
  return handle;
}

const CLASSIFIED = Symbol.for("portal.classifiedDatabaseFailures");
type Patchable = Record<string, unknown> & { [CLASSIFIED]?: true };

/**
 * Makes every query that fails because the database could not answer reject with DatabaseUnavailableError
 * (lib/db/retry.ts asDatabaseUnavailable), however it was sent: Drizzle wraps the driver's error in a
 * DrizzleQueryError, and a page's error boundary sees only the digest of what was thrown, so a page whose
 * session lookup succeeded but whose later query met the outage showed the generic error screen instead
 * of 'Temporarily unavailable'. Every Drizzle query (builders, relational queries, `execute`, prepared
 * statements, inside a transaction or not) runs through PgPreparedQuery's `queryWithCache`; a transaction
 * that cannot begin fails in `transaction`. Both are wrapped once per process.
 */
function classifyDatabaseFailures(pg: { PgPreparedQuery: { prototype: object }; PgDatabase: { prototype: object } }) {
  for (const [proto, method] of [
    [pg.PgPreparedQuery.prototype, "queryWithCache"],
    [pg.PgDatabase.prototype, "transaction"],
  ] as const) {
    const target = proto as Patchable;
    if (Object.hasOwn(target, CLASSIFIED)) continue;
    const original = target[method] as (...args: unknown[]) => Promise<unknown>;
    target[method] = function (this: unknown, ...args: unknown[]) {
      return original.apply(this, args).catch((err: unknown) => {
        throw asDatabaseUnavailable(err);
      });
    };
    target[CLASSIFIED] = true;
  }
}

/** The process-wide database handle (opened and migrated on first use). */
export function getDbHandle(): Promise<Handle> {
  if (!g.__portalDb) {
    g.__portalDb = openDatabase().catch((err) => {
      g.__portalDb = undefined;
      throw err;
    });
  }
  return g.__portalDb;
}

export async function getDb(): Promise<Db> {
  return (await getDbHandle()).db;
}

/** Tests install their own database (a private PostgreSQL database cloned from a template, test/db.ts). */
export function setDbForTesting(handle: Handle | undefined) {
  g.__portalDb = handle ? Promise.resolve(handle) : undefined;
}

import path from "node:path";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import * as schema from "@/db/schema";
import { config } from "@/lib/config";
import { acquirePgliteLock } from "./pglite-lock";
import { trackWrites, type WriteCounter } from "./write-counter";
import { readTypesOnce, retryReadsOnLostConnection } from "./retry";

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
export type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];
export { schema };

type Handle = {
  db: Db;
  kind: "pglite" | "postgres";
  close: () => Promise<void>;
  /** Embedded database only: counts writes so in-memory copies stay exact (lib/db/write-counter.ts). */
  writes?: WriteCounter;
};

const MIGRATIONS = path.join(/*turbopackIgnore: true*/ process.cwd(), "db", "migrations");

// Kept on globalThis so dev reloads and separately bundled routes share one handle per process.
const g = globalThis as unknown as { __portalDb?: Promise<Handle> };

/** Opens PostgreSQL (DATABASE_URL) or the embedded PGlite in DATA_DIR/pgdata, applying migrations. */
export async function openDatabase(opts: { url?: string; dataDir?: string; migrate?: boolean } = {}): Promise<Handle> {
  const url = opts.url ?? config.databaseUrl;
  let handle: Handle;
  if (url) {
    const { default: postgres } = await import("postgres");
    const { drizzle } = await import("drizzle-orm/postgres-js");
    // A read whose connection was dropped (a restart, pg_terminate_backend) runs once more on a fresh one.
    const poolSize = Number(process.env.DATABASE_POOL ?? 10);
    const client = retryReadsOnLostConnection(postgres(url, { max: poolSize, onnotice: () => {} }), poolSize);
    await readTypesOnce(client);
    handle = {
      db: drizzle(client, { schema, casing: "snake_case" }) as unknown as Db,
      kind: "postgres",
      // Queries in flight get 5 s, then the connections are ended: without a limit close() waits for every
      // connection to go idle, and after the restart test's pg_terminate_backend one did not (its file's
      // clean-up timed out at 60 s once in CI, session 15).
      close: () => client.end({ timeout: 5 }),
    };
    if (opts.migrate !== false) {
      const { migrate } = await import("drizzle-orm/postgres-js/migrator");
      await migrate(handle.db as never, { migrationsFolder: MIGRATIONS });
    }
  } else {
    const dir = path.join(opts.dataDir ?? config.dataDir, "pgdata");
    const release = acquirePgliteLock(path.dirname(dir));
    const { PGlite } = await import("@electric-sql/pglite");
    const { pg_trgm } = await import("@electric-sql/pglite/contrib/pg_trgm");
    const { drizzle } = await import("drizzle-orm/pglite");
    const client = await PGlite.create(dir, { extensions: { pg_trgm }, startParams: pgliteStartParams(PGlite.defaultStartParams) });
    const writes = trackWrites(client);
    handle = {
      db: drizzle(client, { schema, casing: "snake_case" }) as unknown as Db,
      kind: "pglite",
      writes,
      close: async () => {
        await client.close();
        release();
      },
    };
    if (opts.migrate !== false) {
      const { migrate } = await import("drizzle-orm/pglite/migrator");
      await migrate(handle.db as never, { migrationsFolder: MIGRATIONS });
    }
  }
  return handle;
}

/**
 * PGlite's postgres settings. Its buffer cache (shared_buffers) lives in the WebAssembly heap, which
 * postgres touches whole at start and which never shrinks, so PostgreSQL's default of 128 MB adds
 * that much to the server's resident memory for good. PGlite reads its files through the operating
 * system, whose page cache keeps the hot ones anyway, so a smaller cache costs a system call on a
 * miss rather than a disk read. PGLITE_SHARED_BUFFERS changes it (a postgres size, e.g. "128MB").
 */
export function pgliteStartParams(defaults: string[], env: Record<string, string | undefined> = process.env): string[] {
  const sharedBuffers = env.PGLITE_SHARED_BUFFERS || PGLITE_SHARED_BUFFERS;
  return [...defaults, "-c", `shared_buffers=${sharedBuffers}`];
}
const PGLITE_SHARED_BUFFERS = "32MB";

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

/** Tests install their own database (an in-memory PGlite or a private PostgreSQL database). */
export function setDbForTesting(handle: Handle | undefined) {
  g.__portalDb = handle ? Promise.resolve(handle) : undefined;
}

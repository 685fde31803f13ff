import path from "node:path";
import * as schema from "@/db/schema";
import { logger } from "@/lib/log";
import type { Db } from "./index";

const MIGRATIONS = path.join(/*turbopackIgnore: true*/ process.cwd(), "db", "migrations");

/**
 * The key of the PostgreSQL advisory lock under which the migrations and the first-start seed run (per
 * database: pg_advisory locks belong to the database they are taken in). Fixed for every version of the
 * portal, so a release started on several hosts at once, or next to an older one, takes the same lock.
 */
export const PREPARE_LOCK_KEY = 4_404_202_611;
/** How often a process waiting for the lock asks again. */
const LOCK_POLL_MS = 200;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Applies the migrations still missing from the database at `url`, then `then` (the first-start seed,
 * `npm run db:seed`'s), all under the portal's prepare lock, on a connection of its own that holds the
 * lock (a session advisory lock: released when the work is done, or by the server when the process
 * dies). A second process (another server process, a launcher on another host) waits for the lock and
 * then finds the work done: the migrations applied, the database no longer empty. Waiting polls
 * pg_try_advisory_lock, so no statement timeout cuts the wait short while another process migrates.
 * Everything that migrates or seeds comes through here (lib/db openDatabase, lib/db/bootstrap.ts,
 * scripts/db-migrate.ts, scripts/db-seed.ts).
 */
export async function migrateDatabase(url: string): Promise<void>;
export async function migrateDatabase<T>(url: string, then: (db: Db) => Promise<T>): Promise<T>;
export async function migrateDatabase<T>(url: string, then?: (db: Db) => Promise<T>): Promise<T | void> {
  const { default: postgres } = await import("postgres");
  const { drizzle } = await import("drizzle-orm/postgres-js");
  const { migrate } = await import("drizzle-orm/postgres-js/migrator");
  // One connection: the lock is its session's. Were it to close, a later query would open another
  // without the lock; `lost` makes the work fail then instead of passing as done.
  let lost = false;
  const client = postgres(url, { max: 1, max_lifetime: null, onnotice: () => {}, onclose: () => void (lost = true) });
  try {
    for (let waited = 0; ; waited++) {
      const [{ locked }] = await client<
        { locked: boolean }[]
      >`select pg_try_advisory_lock(${PREPARE_LOCK_KEY}) as locked`;
      if (locked) break;
      if (waited === 0) logger.info("database: waiting for another process's migrations and first-start seed");
      await sleep(LOCK_POLL_MS);
    }
    const db = drizzle(client, { schema, casing: "snake_case" }) as unknown as Db;
    await migrate(db as never, { migrationsFolder: MIGRATIONS });
    const result = then ? await then(db) : undefined;
    if (lost)
      throw new Error("The connection holding the database's prepare lock closed during the migrations or the seed");
    await client`select pg_advisory_unlock(${PREPARE_LOCK_KEY})`;
    return result;
  } finally {
    await client.end({ timeout: 5 });
  }
}

import { sql } from "drizzle-orm";
import { config } from "@/lib/config";
import { logger } from "@/lib/log";
import { publicOrigin } from "@/lib/http/forwarded";
import { getDbHandle, schema, type Db } from "./index";
import { migrateDatabase } from "./migrate";
import { seedDatabase, SEED_USERS } from "./seed";

/** Seeds the demo data into a database with no users (unless SEED_ON_START=0) and prints the logins. */
async function seedIfEmpty(db: Db): Promise<boolean> {
  const [{ n }] = await db.select({ n: sql<number>`count(*)::int` }).from(schema.users);
  if (n !== 0 || process.env.SEED_ON_START === "0") return false;
  await seedDatabase(db, { password: config.seedPassword });
  console.log(demoLoginsNotice());
  return true;
}

/**
 * `npm start` runs this in a short-lived process before the server processes start
 * (scripts/db-prepare.ts): applies the migrations and seeds an empty database, under the prepare lock
 * (lib/db/migrate.ts), so that no server process keeps the memory the seed needed, and launchers started
 * together (hosts sharing one database) migrate and seed once: the second waits, then finds it done.
 */
export async function prepareDatabase(opts: { url?: string } = {}): Promise<{ seeded: boolean }> {
  const url = opts.url ?? config.databaseUrl;
  if (!url) throw new Error("No database: DATABASE_URL is not set (npm start sets it).");
  return migrateDatabase(url, async (db) => ({ seeded: await seedIfEmpty(db) }));
}

/**
 * Runs once when the server starts (instrumentation.ts): opens the process's database handle, applying
 * any migration still missing, and seeds an empty database (quick checks when `npm start` prepared it;
 * the seed only happens when the server was started without `npm start`: `next start`, `next dev`).
 */
export async function bootstrapDatabase() {
  await getDbHandle();
  await prepareDatabase();
  logger.info("database ready");
}

/**
 * What the first start prints after seeding: where to sign in and with what. The address is the
 * portal's public one (APP_URL, else AUTH_URL, lib/http/forwarded.ts publicOrigin), not this
 * instance's own port: behind a load balancer the instances' ports are not where people sign in.
 */
export function demoLoginsNotice(env: Record<string, string | undefined> = process.env): string {
  const lines = SEED_USERS.map((u) => `  ${u.username.padEnd(8)} / ${config.seedPassword}   (role ${u.roleId})`).join(
    "\n",
  );
  return `\nDemo data seeded. Sign in at ${publicOrigin(env)}/login with:\n${lines}\n`;
}

import { sql } from "drizzle-orm";
import { config } from "@/lib/config";
import { logger } from "@/lib/log";
import { getDbHandle, openDatabase, schema, type Db } from "./index";
import { seedDatabase, SEED_USERS } from "./seed";

/** Seeds the demo data into a database with no users (unless SEED_ON_START=0) and prints the logins. */
async function seedIfEmpty(db: Db): Promise<boolean> {
  const [{ n }] = await db.select({ n: sql<number>`count(*)::int` }).from(schema.users);
  if (n !== 0 || process.env.SEED_ON_START === "0") return false;
  await seedDatabase(db, { password: config.seedPassword });
  const lines = SEED_USERS.map((u) => `  ${u.username.padEnd(8)} / ${config.seedPassword}   (role ${u.roleId})`).join(
    "\n",
  );
  console.log(`\nDemo data seeded. Sign in at http://localhost:${config.port}/login with:\n${lines}\n`);
  return true;
}

/**
 * `npm start` runs this in a short-lived process before the server processes start
 * (scripts/db-prepare.ts): applies the migrations and seeds an empty database, then closes it, so that
 * no server process keeps the memory the seed needed and no two of them migrate at once.
 */
export async function prepareDatabase(): Promise<{ seeded: boolean }> {
  const handle = await openDatabase();
  try {
    return { seeded: await seedIfEmpty(handle.db) };
  } finally {
    await handle.close();
  }
}

/**
 * Runs once when the server starts (instrumentation.ts): opens the database, applying any migration
 * still missing (a quick check when `npm start` prepared it), and seeds an empty database. The latter
 * only happens when the server was started without `npm start` (`next start`, `next dev`).
 */
export async function bootstrapDatabase() {
  const { db } = await getDbHandle();
  await seedIfEmpty(db);
  logger.info("database ready");
}

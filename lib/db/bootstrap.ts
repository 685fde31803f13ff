import { sql } from "drizzle-orm";
import { config } from "@/lib/config";
import { logger } from "@/lib/log";
import { getDbHandle, schema } from "./index";
import { seedDatabase, SEED_USERS } from "./seed";

/**
 * Runs once when the server starts (instrumentation.ts): opens the database (applying migrations) and,
 * on a database with no users, seeds the demo data and prints the demo logins.
 */
export async function bootstrapDatabase() {
  const { db, kind } = await getDbHandle();
  const [{ n }] = await db.select({ n: sql<number>`count(*)::int` }).from(schema.users);
  if (n === 0 && process.env.SEED_ON_START !== "0") {
    await seedDatabase(db, { password: config.seedPassword });
    const lines = SEED_USERS.map((u) => `  ${u.username.padEnd(8)} / ${config.seedPassword}   (role ${u.roleId})`).join("\n");
    console.log(`\nDemo data seeded. Sign in at http://localhost:${config.port}/login with:\n${lines}\n`);
  }
  logger.info({ database: kind }, "database ready");
}

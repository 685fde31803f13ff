import { config } from "@/lib/config";
import { migrateDatabase } from "@/lib/db/migrate";
import { seedDatabase, SEED_USERS } from "@/lib/db/seed";
import { databaseForScript } from "./embedded-db.mjs";

// Idempotent demo seed, on DATABASE_URL or the portal's own PostgreSQL in DATA_DIR (the running
// portal's, or one started for this script), after the migrations and under the prepare lock
// (lib/db/migrate.ts), so it never runs beside a starting server's first seed.
const { url, stop } = await databaseForScript(config.dataDir);
try {
  await migrateDatabase(url, (db) => seedDatabase(db, { password: config.seedPassword }));
  console.log(`Seeded. Logins: ${SEED_USERS.map((u) => u.username).join(", ")} / ${config.seedPassword}`);
} finally {
  await stop();
}

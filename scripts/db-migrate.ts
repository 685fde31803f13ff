import { config } from "@/lib/config";
import { migrateDatabase } from "@/lib/db/migrate";
import { databaseForScript } from "./embedded-db.mjs";

// Applies db/migrations to DATABASE_URL, or to the portal's own PostgreSQL in DATA_DIR (the running
// portal's, or one started for this script), under the prepare lock (lib/db/migrate.ts).
const { url, stop } = await databaseForScript(config.dataDir);
try {
  await migrateDatabase(url);
  console.log("Migrations applied.");
} finally {
  await stop();
}

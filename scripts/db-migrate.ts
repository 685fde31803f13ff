import { config } from "@/lib/config";
import { openDatabase } from "@/lib/db";
import { databaseForScript } from "./embedded-db.mjs";

// Applies db/migrations to DATABASE_URL, or to the portal's own PostgreSQL in DATA_DIR (the running
// portal's, or one started for this script).
const { url, stop } = await databaseForScript(config.dataDir);
try {
  const handle = await openDatabase({ url });
  await handle.close();
  console.log("Migrations applied.");
} finally {
  await stop();
}

import { config } from "@/lib/config";
import { openDatabase } from "@/lib/db";
import { seedDatabase, SEED_USERS } from "@/lib/db/seed";
import { databaseForScript } from "./embedded-db.mjs";

// Idempotent demo seed, on DATABASE_URL or the portal's own PostgreSQL in DATA_DIR (the running
// portal's, or one started for this script).
const { url, stop } = await databaseForScript(config.dataDir);
try {
  const handle = await openDatabase({ url });
  await seedDatabase(handle.db, { password: config.seedPassword });
  await handle.close();
  console.log(`Seeded. Logins: ${SEED_USERS.map((u) => u.username).join(", ")} / ${config.seedPassword}`);
} finally {
  await stop();
}

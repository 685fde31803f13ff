import { openDatabase } from "@/lib/db";
import { seedDatabase, SEED_USERS } from "@/lib/db/seed";
import { config } from "@/lib/config";

// Idempotent demo seed; refused while a server holds the embedded database.
const handle = await openDatabase();
await seedDatabase(handle.db, { password: config.seedPassword });
await handle.close();
console.log(`Seeded (${handle.kind}). Logins: ${SEED_USERS.map((u) => u.username).join(", ")} / ${config.seedPassword}`);

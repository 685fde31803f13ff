import { openDatabase } from "@/lib/db";

// Applies db/migrations to DATABASE_URL or the embedded database (refused while a server holds it).
const handle = await openDatabase();
await handle.close();
console.log(`Migrations applied (${handle.kind}).`);

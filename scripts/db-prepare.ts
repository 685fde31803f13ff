import { prepareDatabase } from "@/lib/db/bootstrap";

// `npm start` runs this before the server processes: migrations and, on an empty database, the demo
// seed, in a process of its own (see prepareDatabase), on the DATABASE_URL the launcher gives it (its
// own PostgreSQL in DATA_DIR, or the configured one).
await prepareDatabase();
console.log("Database ready.");

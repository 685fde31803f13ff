import path from "node:path";
import { config } from "@/lib/config";
import { prepareDatabase } from "@/lib/db/bootstrap";
import { markPrepared } from "./prepared-marker.mjs";

// `npm start` runs this before the server: migrations and, on an empty database, the demo seed, in a
// process of its own (see prepareDatabase). Refused while a server holds the embedded database. The
// embedded database is then marked prepared for these migrations, so that the next start can skip
// this process (scripts/prepared-marker.mjs).
const { kind } = await prepareDatabase();
if (kind === "pglite") markPrepared(path.resolve(import.meta.dirname, ".."), config.dataDir);
console.log(`Database ready (${kind}).`);

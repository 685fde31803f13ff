import { prepareDatabase } from "@/lib/db/bootstrap";

// `npm start` runs this before the server: migrations and, on an empty database, the demo seed, in a
// process of its own (see prepareDatabase). Refused while a server holds the embedded database.
const { kind } = await prepareDatabase();
console.log(`Database ready (${kind}).`);

import { startEmbeddedDatabase } from "/work/wt/i32/scripts/embedded-db.mjs";
import postgres from "postgres";
const t = Date.now();
const s = await startEmbeddedDatabase({ dataDir: process.argv[2] });
console.log("started in", Date.now() - t, s.url, s.pid);
const sql = postgres(s.url);
console.log(await sql`select version(), current_setting('listen_addresses') la, lower('ÄÖÜ') l`);
await sql`create extension if not exists pg_trgm`; await sql`create extension if not exists unaccent`;
await sql.end();
if (process.argv[3] !== "keep") { await s.stop(); console.log("stopped"); }

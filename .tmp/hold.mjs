import { startEmbeddedDatabase } from "/work/wt/i32/scripts/embedded-db.mjs";
const s = await startEmbeddedDatabase({ dataDir: process.argv[2] });
console.log("up", s.pid);
setInterval(() => {}, 1000);

// `npx tsx scripts/sweep-uploads.ts [--hours=24]`: deletes uploads nobody saved (rows and bytes).
// The running server does the same every hour. Runs on DATABASE_URL, or on the portal's own PostgreSQL
// in DATA_DIR (the running portal's, or one started for this script).
import { config } from "@/lib/config";
import { getDbHandle } from "@/lib/db";
import { sweepUploads } from "@/lib/files/sweep";
import { databaseForScript } from "./embedded-db.mjs";

const hoursArg = process.argv.find((a) => a.startsWith("--hours="));
const hours = hoursArg ? Number(hoursArg.split("=")[1]) : 24;
if (!Number.isFinite(hours) || hours < 0) {
  console.error("--hours must be a number of hours (default 24)");
  process.exit(2);
}
const database = await databaseForScript(config.dataDir);
process.env.DATABASE_URL = database.url;
const handle = await getDbHandle();
try {
  const r = await sweepUploads({ olderThanMs: hours * 3600_000 });
  console.log(
    `Swept ${r.temporary} temporary upload(s), ${r.orphaned} orphaned file(s), ${r.partials} partial write(s) older than ${hours} h.`,
  );
} finally {
  await handle.close();
  await database.stop();
}

// `npx tsx scripts/sweep-uploads.ts [--hours=24]`: deletes uploads nobody saved (rows and bytes).
// The running server does the same every hour; with the embedded database stop the server first
// (PGlite allows one process per data folder; the lock refuses otherwise).
import { getDbHandle } from "@/lib/db";
import { sweepUploads } from "@/lib/files/sweep";

const hoursArg = process.argv.find((a) => a.startsWith("--hours="));
const hours = hoursArg ? Number(hoursArg.split("=")[1]) : 24;
if (!Number.isFinite(hours) || hours < 0) {
  console.error("--hours must be a number of hours (default 24)");
  process.exit(2);
}
const handle = await getDbHandle();
try {
  const r = await sweepUploads({ olderThanMs: hours * 3600_000 });
  console.log(`Swept ${r.temporary} temporary upload(s), ${r.orphaned} orphaned file(s), ${r.partials} partial write(s) older than ${hours} h.`);
} finally {
  await handle.close();
}

import fs from "node:fs";
import path from "node:path";
import { schema } from "@/lib/db";
import { cachedForStamp } from "@/lib/db/config-cache";

/** Every settings row, kept in memory while unchanged (lib/db/config-cache.ts). */
function settingsSnapshot(stamp: string | undefined): Promise<ReadonlyMap<string, string>> {
  return cachedForStamp("settings", stamp, async (db) => {
    const rows = await db.select({ key: schema.settings.key, value: schema.settings.value }).from(schema.settings);
    return new Map(rows.map((r) => [r.key, r.value]));
  });
}

/**
 * The server's system year (settings.system_year, else the current year) for the footer. Pass the
 * session's `configStamp` to skip the change check.
 */
export async function getSystemYear({ stamp }: { stamp?: string } = {}): Promise<number> {
  const year = Number((await settingsSnapshot(stamp)).get("system_year"));
  return Number.isInteger(year) && year > 1900 ? year : new Date().getFullYear();
}

let buildId: string | undefined;

/** The build version: Next's BUILD_ID of the running build (a new deploy changes it). */
export function getBuildVersion(): string {
  if (buildId) return buildId;
  try {
    buildId = fs.readFileSync(path.join(/*turbopackIgnore: true*/ process.cwd(), ".next", "BUILD_ID"), "utf8").trim();
  } catch {
    buildId = "development";
  }
  return buildId;
}

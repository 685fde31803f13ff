import fs from "node:fs";
import path from "node:path";
import { eq } from "drizzle-orm";
import { getDb, schema } from "@/lib/db";

/** The server's system year (settings.system_year, else the current year) for the footer. */
export async function getSystemYear(): Promise<number> {
  const db = await getDb();
  const [row] = await db.select().from(schema.settings).where(eq(schema.settings.key, "system_year"));
  const year = Number(row?.value);
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

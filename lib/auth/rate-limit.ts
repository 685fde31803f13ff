import { and, gt, inArray, lt, sql } from "drizzle-orm";
import { getDb, schema } from "@/lib/db";
import { AppError } from "@/lib/errors";

export const MAX_FAILED_PER_MINUTE = 10;

export function attemptKeys(username: string, ip: string | null | undefined): string[] {
  const keys = [`user:${username.trim().toLowerCase().slice(0, 190)}`];
  if (ip) keys.push(`ip:${ip.slice(0, 64)}`);
  return keys;
}

/**
 * Refuses (429) when the account or the address had MAX_FAILED_PER_MINUTE failed attempts in the last
 * minute. Counted in the database so it holds across server processes.
 */
export async function assertNotRateLimited(keys: string[]) {
  const db = await getDb();
  const since = new Date(Date.now() - 60_000);
  const rows = await db
    .select({ key: schema.loginAttempts.key, n: sql<number>`count(*)::int` })
    .from(schema.loginAttempts)
    .where(and(inArray(schema.loginAttempts.key, keys), gt(schema.loginAttempts.createdAt, since)))
    .groupBy(schema.loginAttempts.key);
  if (rows.some((r) => r.n >= MAX_FAILED_PER_MINUTE)) {
    throw new AppError(429, "Too many failed sign-in attempts. Please wait a minute and try again.");
  }
}

export async function recordFailedAttempt(keys: string[]) {
  const db = await getDb();
  await db.insert(schema.loginAttempts).values(keys.map((key) => ({ key })));
  // Keep the table small: attempts older than a day no longer matter.
  if (Math.random() < 0.05) {
    await db.delete(schema.loginAttempts).where(lt(schema.loginAttempts.createdAt, new Date(Date.now() - 86_400_000)));
  }
}

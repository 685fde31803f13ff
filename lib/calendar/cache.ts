import "server-only";
import crypto from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { getDb, schema, type Db, type Tx } from "@/lib/db";
import { setRecent } from "@/lib/lru";

/**
 * A small per-process cache of what the calendar computes from its events (the recurring series with
 * their plans, getevents bodies of the months everyone looks at), made safe across processes by a
 * stamp row in `settings` that every event write changes in its own transaction: a request reads the
 * stamp (one primary-key lookup) and reuses an entry only if it was computed under the same stamp, and
 * never for longer than a minute (a safety net for writes made outside this code).
 */

const STAMP_KEY = "calendar_stamp";
const TTL_MS = 60_000;
const MAX_ENTRIES = 48;

type Entry<T> = { stamp: string; at: number; value: T };
const entries = new Map<string, Entry<unknown>>();

/** Marks every cached window stale (call inside the write's transaction). */
export async function bumpCalendarStamp(db: Db | Tx) {
  const value = `${Date.now()}-${crypto.randomBytes(6).toString("hex")}`;
  await db
    .insert(schema.settings)
    .values({ key: STAMP_KEY, value })
    .onConflictDoUpdate({ target: schema.settings.key, set: { value, updatedAt: sql`now()` } });
}

/** The current stamp; read it once per request and pass it to `cachedWindow`. */
export async function readCalendarStamp(): Promise<string> {
  const db = await getDb();
  const [row] = await db
    .select({ value: schema.settings.value })
    .from(schema.settings)
    .where(eq(schema.settings.key, STAMP_KEY));
  return row?.value ?? "none";
}

/** `compute()` unless an entry for `key` made under `stamp` (default: the current one) is younger than a minute. */
export async function cachedWindow<T>(key: string, compute: () => Promise<T>, stamp?: string): Promise<T> {
  stamp ??= await readCalendarStamp();
  const hit = entries.get(key);
  const now = Date.now();
  if (hit && hit.stamp === stamp && now - hit.at < TTL_MS) {
    setRecent(entries, key, hit, MAX_ENTRIES);
    return hit.value as T;
  }
  const value = await compute();
  setRecent(entries, key, { stamp, at: now, value }, MAX_ENTRIES);
  return value;
}

/** Tests: forget everything. */
export function clearCalendarCache() {
  entries.clear();
}

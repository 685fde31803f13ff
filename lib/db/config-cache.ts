import { sql, type SQL } from "drizzle-orm";
import { setRecent } from "@/lib/lru";
import { getDbHandle, type Db } from "./index";

/**
 * The shell reads the same small, rarely changed tables on every page and v1 call: menus (with their
 * icons), settings (system year) and banners (at most one per menu; a banner's file row never
 * changes). Each process keeps them in memory instead of querying them each time, and checks on every
 * request, at no extra round trip, that they are unchanged: the session lookup also returns
 * CONFIG_STAMP_SQL, the config version (db/schema/system.ts configVersion), which triggers move on in
 * the transaction of every insert, update, delete or truncate of those tables, whoever makes it: this
 * process, another server process, another host, a migration, psql.
 *
 * So a change shows on the next request in every process, as the session check does, and no writer
 * has to remember to invalidate anything.
 */
export const CONFIG_STAMP_SQL = sql<string>`(select version::text from config_version where id = 1)`;

/** The content version (db/schema/content.ts contentVersion), moved on by every committed content change. */
export const CONTENT_STAMP_SQL = sql<string>`(select version::text from content_version where id = 1)`;

/** The content version alone, for callers with no session at hand (scripts, tests): one small query. */
export function readContentStamp(db: Db): Promise<string> {
  return readStamp(db, CONTENT_STAMP_SQL);
}

type Entry = { version: string; value: Promise<unknown>; until?: number | null };

// Per database handle (tests install several), shared by every bundle of the process.
const g = globalThis as unknown as { __portalConfigCache?: WeakMap<Db, Map<string, Entry>> };
const caches = (g.__portalConfigCache ??= new WeakMap());

/** The fingerprint alone, for callers with no session at hand (sign-in, scripts): one small query. */
export function readConfigStamp(db: Db): Promise<string> {
  return readStamp(db, CONFIG_STAMP_SQL);
}

async function readStamp(db: Db, stamp: SQL<string>): Promise<string> {
  const rows = await db.execute<{ stamp: string }>(sql`select ${stamp} as stamp`);
  return (rows as unknown as { stamp: string }[])[0].stamp;
}

/**
 * `load(db)`'s value for `key`, reused while menus, icons and settings are unchanged. Pass the
 * request's SessionUser.configStamp as `stamp`: without it, the fingerprint costs a query of its own. The value is
 * shared by every request: never mutate it (freeze it in `load`).
 */
export async function cachedForStamp<T>(
  key: string,
  stamp: string | undefined,
  load: (db: Db) => Promise<T>,
): Promise<T> {
  const { db } = await getDbHandle();
  const version = stamp ?? (await readConfigStamp(db));
  return remember(db, key, version, load);
}

/**
 * A read of content (a page of posts, attachments, dates) kept while that content is unchanged: while
 * the content version is the `stamp` given, the request's SessionUser.contentStamp. Triggers move the
 * version on in the transaction of every change to what the lists show (migrations 0005 and 0006), so a
 * change by any process or tool shows on the next request. The stamp is read before the list, so a
 * copy can only be newer than its stamp, never older. Without a stamp every call reads.
 * `key` must name everything the read depends on; the value is shared by every request (freeze it in
 * `load`).
 */
export async function cachedRead<T>(key: string, stamp: string | undefined, load: (db: Db) => Promise<T>): Promise<T> {
  const { db } = await getDbHandle();
  const version = stamp && `c${stamp}`;
  if (!version) return load(db);
  return remember(db, key, version, load);
}

/**
 * cachedRead for a read whose answer also changes with the clock (posts and attachments shown from
 * publish_at until expires_at, lib/content/visibility.ts): `load` says until when (ms) its value holds
 * (null: until the content changes); after that moment the next call reads again.
 */
export async function cachedReadUntil<T>(
  key: string,
  stamp: string | undefined,
  load: (db: Db) => Promise<{ value: T; until: number | null }>,
): Promise<T> {
  const { db } = await getDbHandle();
  const version = stamp && `c${stamp}`;
  if (!version) return (await load(db)).value;
  let cache = caches.get(db);
  if (!cache) caches.set(db, (cache = new Map()));
  const hit = cache.get(key);
  if (hit && hit.version === version && (hit.until == null || Date.now() < hit.until)) {
    setRecent(cache, key, hit, CACHE_MAX);
    return hit.value as Promise<T>;
  }
  const entry: Entry = { version, value: Promise.resolve(), until: null };
  const loaded = load(db);
  entry.value = loaded.then((r) => r.value);
  loaded.then(
    (r) => (entry.until = r.until),
    () => {
      if (cache.get(key) === entry) cache.delete(key);
    },
  );
  setRecent(cache, key, entry, CACHE_MAX);
  return entry.value as Promise<T>;
}

/** The most recently used CACHE_MAX values are kept (config entries, used on every request, stay). */
const CACHE_MAX = 500;

/** The cached value of `key` when it was read at `version`, else `load(db)`'s (a failed load is not kept). */
function remember<T>(db: Db, key: string, version: string, load: (db: Db) => Promise<T>): Promise<T> {
  let cache = caches.get(db);
  if (!cache) caches.set(db, (cache = new Map()));
  const hit = cache.get(key);
  if (hit && hit.version === version) {
    setRecent(cache, key, hit, CACHE_MAX);
    return hit.value as Promise<T>;
  }
  const value = load(db);
  const entry = { version, value };
  setRecent(cache, key, entry, CACHE_MAX);
  value.catch(() => {
    if (cache.get(key) === entry) cache.delete(key);
  });
  return value;
}

/** Freezes a value and everything reachable from it (cached values are shared by every request). */
export function deepFreeze<T>(value: T): T {
  if (value && typeof value === "object" && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const v of Object.values(value)) deepFreeze(v);
  }
  return value;
}

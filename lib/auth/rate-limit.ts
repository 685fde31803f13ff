import { and, eq, gt, inArray, lt, sql } from "drizzle-orm";
import { getDb, schema } from "@/lib/db";
import { AppError } from "@/lib/errors";

/**
 * Failed sign-ins, counted in the database so the limits hold across server processes. Staff of a
 * dealership share one office address, and anyone may type anyone's username, so:
 * - failures are limited per account *and address pair*: after PAIR_FREE_FAILURES the pair waits a
 *   growing time before its next try (1 s, 2 s, 4 s, ... up to 15 minutes);
 * - an account failing from many addresses is slowed (a growing delay before the answer), never locked;
 * - an address past ADDRESS_MAX_FAILURES failures (any mix of known and unknown usernames: password
 *   spraying) is slowed for every attempt it makes, by a delay that grows with its failures, and refused
 *   for the accounts it has failed for.
 * A correct password from an address that has not failed for this account is never refused (it may be
 * slowed), so an office behind one address is not locked out by one person or one attacker. A browser
 * that has signed in to the account before (a device cookie, lib/auth/device-cookie.ts) is judged by
 * its own failures instead: below LIMITS.deviceMaxFailures in a day, neither slowed nor refused.
 * The old portal's SSO sign-in link counts its failures under keys of its own (`link:`), so a token it
 * refuses is never a failed password of the account it names.
 */
export const LIMITS = {
  windowMs: 15 * 60_000,
  pairFreeFailures: 5,
  pairMaxWaitMs: 15 * 60_000,
  accountFreeFailures: 10,
  accountMaxDelayMs: 3_000,
  addressMaxFailures: 100,
  addressMaxDelayMs: 10_000,
  deviceMaxFailures: 5,
  deviceWindowMs: 24 * 60 * 60_000,
} as const;

export const TOO_MANY_ATTEMPTS = "Too many failed sign-in attempts. Please wait a minute and try again.";

export type AttemptKeys = { pair: string; account: string; address: string };

/**
 * What is being tried: a password, the old portal's SSO sign-in link (its token), or a 'Forgot
 * password?' request (each request counts, so one address cannot mail an inbox full of links).
 */
export type AttemptKind = "password" | "sso-link" | "reset";

/**
 * The keys one attempt is counted under. `account` is `account:<id>` for a known account (so its
 * username and e-mail count together), else the typed name; an unknown address counts as `unknown`.
 * The SSO link's attempts have keys of their own (`link:`): they are limited the same way, apart.
 */
export function attemptKeys(
  account: { id: number } | string,
  ip: string | null | undefined,
  kind: AttemptKind = "password",
): AttemptKeys {
  const acc =
    typeof account === "string" ? `user:${account.trim().toLowerCase().slice(0, 190)}` : `account:${account.id}`;
  const address = `ip:${(ip || "unknown").slice(0, 45)}`;
  const keys = { pair: `pair:${acc}|${address.slice(3)}`, account: acc, address };
  if (kind === "password") return keys;
  const prefix = kind === "sso-link" ? "link" : kind;
  return { pair: `${prefix}:${keys.pair}`, account: `${prefix}:${keys.account}`, address: `${prefix}:${keys.address}` };
}

/** How long a pair with `failures` failures waits after its last one (0 below the free failures). */
export function pairWaitMs(failures: number): number {
  if (failures < LIMITS.pairFreeFailures) return 0;
  return Math.min(LIMITS.pairMaxWaitMs, 1000 * 2 ** (failures - LIMITS.pairFreeFailures));
}

/** The delay before answering for an account with `failures` recent failures from any address. */
export function accountDelayMs(failures: number): number {
  if (failures < LIMITS.accountFreeFailures) return 0;
  return Math.min(LIMITS.accountMaxDelayMs, 100 * 2 ** (failures - LIMITS.accountFreeFailures));
}

/**
 * The delay before answering any attempt from an address with `failures` recent failures: none up to
 * the limit, then 500 ms, doubling every 10 failures more (1 s at 110, 2 s at 120, ...), at most 10 s.
 * Applied before the password is checked, so a fast answer never tells a right password from a wrong one.
 */
export function addressDelayMs(failures: number): number {
  if (failures < LIMITS.addressMaxFailures) return 0;
  return Math.min(LIMITS.addressMaxDelayMs, 500 * 2 ** Math.floor((failures - LIMITS.addressMaxFailures) / 10));
}

type Counts = Record<keyof AttemptKeys, { n: number; last: number }>;

async function recentFailures(keys: AttemptKeys): Promise<Counts> {
  const db = await getDb();
  const since = new Date(Date.now() - LIMITS.windowMs);
  const rows = await db
    .select({
      key: schema.loginAttempts.key,
      n: sql<number>`count(*)::int`,
      last: sql<string>`max(${schema.loginAttempts.createdAt})`,
    })
    .from(schema.loginAttempts)
    .where(and(inArray(schema.loginAttempts.key, Object.values(keys)), gt(schema.loginAttempts.createdAt, since)))
    .groupBy(schema.loginAttempts.key);
  const of = (key: string) => {
    const r = rows.find((row) => row.key === key);
    return { n: r?.n ?? 0, last: r ? new Date(r.last).getTime() : 0 };
  };
  return { pair: of(keys.pair), account: of(keys.account), address: of(keys.address) };
}

/**
 * Before checking a password: refuses (429) a pair still waiting after its failures, or an address
 * over the high-volume limit for an account it has failed for; returns how long to delay the answer
 * (an account failing from many addresses, an address failing for many accounts).
 */
export async function checkLoginThrottle(keys: AttemptKeys): Promise<{ delayMs: number }> {
  const c = await recentFailures(keys);
  const wait = pairWaitMs(c.pair.n);
  if (wait > 0 && Date.now() - c.pair.last < wait) throw new AppError(429, TOO_MANY_ATTEMPTS);
  if (c.address.n >= LIMITS.addressMaxFailures && c.pair.n > 0) throw new AppError(429, TOO_MANY_ATTEMPTS);
  return { delayMs: Math.max(accountDelayMs(c.account.n), addressDelayMs(c.address.n)) };
}

export async function recordFailedAttempt(keys: AttemptKeys) {
  await recordFailures([keys.pair, keys.account, keys.address]);
}

/** A device's failures within LIMITS.deviceWindowMs (lib/auth/device-cookie.ts). */
export async function deviceFailures(deviceKey: string): Promise<number> {
  const db = await getDb();
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(schema.loginAttempts)
    .where(
      and(
        eq(schema.loginAttempts.key, deviceKey),
        gt(schema.loginAttempts.createdAt, new Date(Date.now() - LIMITS.deviceWindowMs)),
      ),
    );
  return row?.n ?? 0;
}

/** A failed password from a trusted device: counted against that device only. */
export async function recordDeviceFailure(deviceKey: string) {
  await recordFailures([deviceKey]);
}

async function recordFailures(keys: string[]) {
  const db = await getDb();
  await db.insert(schema.loginAttempts).values(keys.map((key) => ({ key })));
  // Keep the table small: attempts older than the longest window (a device's day) no longer matter.
  if (Math.random() < 0.05) {
    await db
      .delete(schema.loginAttempts)
      .where(lt(schema.loginAttempts.createdAt, new Date(Date.now() - LIMITS.deviceWindowMs)));
  }
}

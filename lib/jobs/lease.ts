/**
 * The one lease of the background jobs that claim rows (the mail outbox, lib/mail/sender.ts; the text
 * extraction jobs, lib/search/extract-jobs.ts): a worker claims due rows under a short lease, renews it
 * while it works on them, stops starting work on a row whose lease it could not keep, and writes each
 * row's outcome until it is recorded. A row is claimed again only when its worker stopped renewing (died,
 * or lost the database for longer than the lease): a dead instance's jobs are due again within LEASE_MS
 * of its last renewal, and a live long job (a slow mail server, a big PDF) is never taken over.
 */
import { and, inArray, sql, type SQL } from "drizzle-orm";
import type { AnyPgColumn, PgTable } from "drizzle-orm/pg-core";
import { getDb, type Db } from "@/lib/db";
import { isDatabaseUnavailable } from "@/lib/db/retry";
import { logger } from "@/lib/log";

/**
 * How long a claim holds a row without news from its worker. A live worker renews the lease of every row
 * it holds every LEASE_MS / 3, however long its work takes. With the workers' polls (lib/mail/worker.ts,
 * lib/search/extract-worker.ts) a dead worker's rows move on within a minute.
 */
export const LEASE_MS = 45_000;

/** Retry delays: `baseMs × 2^(n − 1)`, at most `maxMs`. */
export type Backoff = { baseMs: number; maxMs: number };

/** The delay before try `n + 1`. */
export function backoffMs(n: number, backoff: Backoff): number {
  return Math.min(backoff.maxMs, backoff.baseMs * 2 ** Math.max(0, n - 1));
}

/** Between tries of recording an outcome while the database is away: 250 ms, doubling, at most 5 s. */
export const RECORD_BACKOFF: Backoff = { baseMs: 250, maxMs: 5_000 };

/** `now() + ms`, as the database sees it (one clock for every worker). */
export const fromNow = (ms: number) => sql`now() + ${ms} * interval '1 millisecond'`;

/**
 * The columns a table of leased jobs keeps: a row waits as `pending`, is claimed as the table's working
 * status, and is given up as `failed`.
 */
type LeasedTable = PgTable & {
  status: AnyPgColumn;
  attempts: AnyPgColumn;
  lastError: AnyPgColumn;
  nextAttemptAt: AnyPgColumn;
  lockedUntil: AnyPgColumn;
  updatedAt: AnyPgColumn;
};

/** A property of both the table's columns and its rows. */
type KeyOf<T extends LeasedTable> = keyof T & keyof T["$inferSelect"];

export type LeasedJobs<T extends LeasedTable, K extends KeyOf<T>> = {
  /** Names the jobs in logs. */
  name: string;
  table: T;
  /** The property of the row's key (an integer column). */
  key: K;
  /** The status of a claimed row; the table's partial index of due rows is on `status in ('pending', working)`. */
  working: string;
};

type Row<T extends LeasedTable> = T["$inferSelect"] & { attempts: number };

/** Rows that are due: waiting, or claimed by a worker whose lease has lapsed. */
function dueOf({ table, working }: { table: LeasedTable; working: string }): SQL {
  // The statuses as literals, as the partial index states them, so the planner can use it.
  return sql`${table.status} in ('pending', ${sql.raw(`'${working}'`)}) and ${table.nextAttemptAt} <= now()`;
}

/**
 * The rows of one claim, while it still holds them: working, with the attempt the claim counted (a row
 * claimed again since has one more), so a write of a claim that lapsed and was taken over matches nothing.
 */
export function heldBy<T extends LeasedTable, K extends KeyOf<T>>(
  jobs: LeasedJobs<T, K>,
  rows: readonly Row<T>[],
): SQL {
  const t = jobs.table;
  const key = t[jobs.key] as AnyPgColumn;
  return and(
    sql`${t.status} = ${jobs.working}`,
    sql`(${key}, ${t.attempts}) in (${sql.join(
      rows.map((r) => sql`(${r[jobs.key]}, ${r.attempts})`),
      sql`, `,
    )})`,
  )!;
}

/**
 * What becomes of a row whose outcome the database refused (anything but being unavailable: a constraint,
 * a value it does not take): as a failed attempt of the job, `pending` again after `retryDelayMs(attempts)`
 * and `failed` once `maxAttempts` attempts were made.
 */
export type HandBack = { maxAttempts: number; retryDelayMs: (attempts: number) => number };

/**
 * `handedBack`: the database refused the outcome, and the row was handed back as a failed attempt
 * (`retry`: pending again, after the job's backoff; `failed`: given up). Without it, the outcome is not
 * recorded and the row's lease lapses (the worker stopped, or even the hand-back was refused).
 */
export type Recorded<V> = { recorded: true; value: V } | { recorded: false; handedBack?: "retry" | "failed" };

/** The renewing claim of a round's rows: what its work may start, and the recording of its outcomes. */
export type Claim<R> = {
  rows: R[];
  /** Whether work may start on the row: still held, with at least half a lease left by the last renewal that got through. */
  usable(row: R): boolean;
  /**
   * Writes the row's outcome until it is recorded while the database is unavailable (lib/db/retry.ts
   * isDatabaseUnavailable; waited for 250 ms doubling to 5 s), then stops renewing the row. Once the worker
   * is stopping, it is tried once more, then left: the row's lease then lapses and another worker takes it.
   * Any other error is not tried again (it would fail the same way and hold the round forever): it is
   * logged, and the row is handed back as a failed attempt (HandBack), or at once as `failed` with
   * `giveUp` (an outcome that must not be attempted again: a mail that went out).
   */
  record<V>(row: R, write: () => Promise<V>, options?: { giveUp?: boolean }): Promise<Recorded<V>>;
};

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Renews the lease of the claimed rows not yet recorded every `leaseMs / 3` (`now() + leaseMs`, where
 * the claim still holds them). A worker cut off from the database stops starting work on its rows before
 * their lease can lapse under it: `usable` asks for half a lease left by the last renewal that got
 * through.
 */
function holdLeases<T extends LeasedTable, K extends KeyOf<T>>(
  db: Db,
  jobs: LeasedJobs<T, K>,
  rows: readonly Row<T>[],
  leaseMs: number,
  claimedAt: number,
) {
  const held = new Map(rows.map((r) => [r[jobs.key], r]));
  let validUntil = claimedAt + leaseMs;
  let renewing: Promise<void> | null = null;
  const renew = async () => {
    const claims = [...held.values()];
    if (!claims.length) return;
    const started = Date.now();
    try {
      const lease = fromNow(leaseMs);
      const renewed = (await db
        .update(jobs.table)
        .set({ lockedUntil: lease, nextAttemptAt: lease, updatedAt: sql`now()` } as never)
        .where(heldBy(jobs, claims))
        .returning({ key: jobs.table[jobs.key] as AnyPgColumn })) as { key: unknown }[];
      validUntil = started + leaseMs;
      // Recorded meanwhile, or claimed by another worker after this claim lapsed: no longer ours.
      const still = new Set(renewed.map((r) => r.key));
      for (const r of claims) if (!still.has(r[jobs.key])) held.delete(r[jobs.key]);
    } catch (err) {
      logger.warn({ err, jobs: claims.length }, `${jobs.name}: lease not renewed; retrying`);
    }
  };
  const timer = setInterval(() => void (renewing ??= renew().finally(() => (renewing = null))), leaseMs / 3);
  timer.unref();
  return {
    usable: (row: Row<T>) => held.has(row[jobs.key]) && validUntil - Date.now() >= leaseMs / 2,
    release: (row: Row<T>) => void held.delete(row[jobs.key]),
    stop: async () => {
      clearInterval(timer);
      await renewing;
    },
  };
}

/**
 * Claims up to `limit` due rows of `jobs` in one short transaction (`SELECT ... FOR UPDATE SKIP LOCKED`,
 * then `working`, one more attempt and the lease), so workers in other processes skip them, and runs
 * `work` on them while their lease is renewed. Resolves to `work`'s result, or null when nothing was due.
 */
export async function workLeased<T extends LeasedTable, K extends KeyOf<T>, V>(
  jobs: LeasedJobs<T, K>,
  options: { limit: number; leaseMs: number; handBack: HandBack; stopped?: () => boolean },
  work: (claim: Claim<Row<T>>) => Promise<V>,
): Promise<V | null> {
  const { limit, leaseMs } = options;
  const stopped = options.stopped ?? (() => false);
  const t = jobs.table;
  const key = t[jobs.key] as AnyPgColumn;
  const due = dueOf(jobs);
  const db = await getDb();
  const claimedAt = Date.now();
  // A plain read first: an idle queue costs one index probe and no transaction (every server process polls it).
  const [any] = await db
    .select({ key })
    .from(t as PgTable)
    .where(due)
    .limit(1);
  if (!any) return null;
  const rows = await db.transaction(async (tx) => {
    const ids = await tx
      .select({ key })
      .from(t as PgTable)
      .where(due)
      .orderBy(t.nextAttemptAt, key)
      .limit(limit)
      .for("update", { skipLocked: true });
    if (!ids.length) return [];
    const lease = fromNow(leaseMs);
    const claimed = (await tx
      .update(t)
      .set({
        status: jobs.working,
        attempts: sql`${t.attempts} + 1`,
        lockedUntil: lease,
        nextAttemptAt: lease,
        updatedAt: sql`now()`,
      } as never)
      .where(
        inArray(
          key,
          ids.map((r) => r.key),
        ),
      )
      .returning()) as Row<T>[];
    return claimed.sort((a, b) => Number(a[jobs.key]) - Number(b[jobs.key]));
  });
  if (!rows.length) return null;
  const leases = holdLeases(db, jobs, rows, leaseMs, claimedAt);
  /** Writes `write` until it gets through while the database is unavailable; resolves to its value, or the error that refused it. */
  const recordOnce = async <V>(
    row: Row<T>,
    write: () => Promise<V>,
  ): Promise<{ ok: true; value: V } | { ok: false; refused?: unknown }> => {
    for (let tries = 1; ; tries++) {
      try {
        return { ok: true, value: await write() };
      } catch (err) {
        if (!isDatabaseUnavailable(err)) return { ok: false, refused: err };
        if (stopped() && tries > 1) {
          logger.error({ err, id: row[jobs.key] }, `${jobs.name}: outcome not recorded before the worker stopped`);
          return { ok: false };
        }
        logger.warn({ err, id: row[jobs.key], tries }, `${jobs.name}: outcome not recorded yet; retrying`);
        await sleep(backoffMs(tries, RECORD_BACKOFF));
      }
    }
  };
  const record: Claim<Row<T>>["record"] = async (row, write, { giveUp = false } = {}) => {
    const outcome = await recordOnce(row, write);
    if (outcome.ok) {
      leases.release(row);
      return { recorded: true, value: outcome.value };
    }
    if (!("refused" in outcome)) return { recorded: false };
    const err = outcome.refused;
    const failed = giveUp || row.attempts >= options.handBack.maxAttempts;
    logger.error(
      { err, id: row[jobs.key], attempts: row.attempts },
      `${jobs.name}: the database refused the outcome; the row is handed back as ${failed ? "failed" : "a failed attempt"}`,
    );
    // The database's own words: Drizzle's wrapper repeats the query and its values.
    let cause = err;
    while (cause instanceof Error && cause.cause) cause = cause.cause;
    const message = cause instanceof Error ? cause.message : String(cause);
    // Only while this claim still holds the row, as every outcome of a failed attempt is written.
    const handedBack = await recordOnce(row, () =>
      db
        .update(t)
        .set({
          status: failed ? "failed" : "pending",
          lastError: `Outcome not recorded: ${message}`.slice(0, 1000),
          lockedUntil: null,
          nextAttemptAt: fromNow(failed ? 0 : options.handBack.retryDelayMs(row.attempts)),
          updatedAt: sql`now()`,
        } as never)
        .where(heldBy(jobs, [row]))
        .returning({ key }),
    );
    leases.release(row);
    if (!handedBack.ok || !handedBack.value.length) {
      if (!handedBack.ok && "refused" in handedBack)
        logger.error({ err: handedBack.refused, id: row[jobs.key] }, `${jobs.name}: the row could not be handed back`);
      return { recorded: false };
    }
    return { recorded: false, handedBack: failed ? "failed" : "retry" };
  };
  try {
    return await work({ rows, usable: leases.usable, record });
  } finally {
    await leases.stop();
  }
}

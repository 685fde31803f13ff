import { DatabaseUnavailableError } from "@/lib/errors";

/**
 * PostgreSQL restarts, failovers and an administrator's pg_terminate_backend close pooled connections
 * under the app. postgres.js opens fresh ones by itself, but the query that was on (or next sent to)
 * a dropped connection fails. A read is safe to send again: it is retried on a fresh connection.
 * A write is never retried (it may have been applied before the connection dropped), and
 * nothing inside a transaction is (postgres.js's `begin` hands out its own connection object).
 */

/** postgres.js's and PostgreSQL's codes for a connection that went away. */
const CONNECTION_LOST = new Set([
  "CONNECTION_CLOSED",
  "CONNECTION_ENDED",
  "CONNECTION_DESTROYED",
  "ECONNRESET",
  "ECONNREFUSED",
  "EPIPE",
  "57P01", // admin_shutdown: pg_terminate_backend, a fast shutdown
  "57P02", // crash_shutdown
  "57P03", // cannot_connect_now: starting up
  "08000",
  "08003",
  "08006",
]);

/** Whether `err` (or what it wraps: Drizzle passes the driver's error as `cause`) is a lost or refused connection. */
export function isConnectionLost(err: unknown): boolean {
  for (let e = err, depth = 0; e && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === "string" && CONNECTION_LOST.has(code)) return true;
  }
  return false;
}

/**
 * Codes that say the database could not answer, beyond a lost connection: a connection that could not
 * be opened in time (postgres.js's CONNECT_TIMEOUT, lib/db/bounds.ts's POOL_WAIT_TIMEOUT), a host
 * that cannot be reached, a server refusing more connections, and the server's own bounds
 * (statement_timeout, idle_in_transaction_session_timeout). Not retried: each already took its time.
 */
const UNAVAILABLE = new Set([
  ...CONNECTION_LOST,
  "CONNECT_TIMEOUT",
  "POOL_WAIT_TIMEOUT",
  "ETIMEDOUT",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "ENOTFOUND",
  "EAI_AGAIN",
  "53300", // too_many_connections
  "57014", // query_canceled: statement_timeout
  "25P03", // idle_in_transaction_session_timeout
]);

/**
 * Whether `err` (or what it wraps) means the database could not answer: a 503 worth retrying, never
 * 'no session' or 'not found' (lib/errors.ts DatabaseUnavailableError is one too).
 */
export function isDatabaseUnavailable(err: unknown): boolean {
  for (let e = err, depth = 0; e && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    if (e instanceof DatabaseUnavailableError) return true;
    const code = (e as { code?: unknown }).code;
    if (typeof code === "string" && UNAVAILABLE.has(code)) return true;
  }
  return false;
}

/**
 * The DatabaseUnavailableError for an error that means the database could not answer (the one in its
 * `cause` chain, or a new one around the driver's error); any other error unchanged. The driver's error
 * is kept as the cause, not Drizzle's DrizzleQueryError: that one's message carries the SQL and its
 * parameters, which do not belong in the log.
 */
export function asDatabaseUnavailable(err: unknown): unknown {
  if (!isDatabaseUnavailable(err)) return err;
  let driver: unknown;
  for (let e = err, depth = 0; e && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    if (e instanceof DatabaseUnavailableError) return e;
    const code = (e as { code?: unknown }).code;
    if (driver === undefined && typeof code === "string" && UNAVAILABLE.has(code)) driver = e;
  }
  return new DatabaseUnavailableError(driver);
}

/** A plain SELECT (no locking, no sequence, no function known to write): safe to send twice. */
export function isRetryableRead(query: string): boolean {
  const q = query.trimStart().toLowerCase();
  if (!q.startsWith("select")) return false;
  return !/\bfor\s+(update|share|no\s+key\s+update|key\s+share)\b|\bnextval\s*\(|\bsetval\s*\(|pg_advisory|\binsert\b|\bupdate\b|\bdelete\b/.test(
    q,
  );
}

/** How long a read waits before its one retry (see retryReadsOnLostConnection). */
const RETRY_DELAY_MS = 100;

/**
 * A read is sent again only within this time of its first failure: a restart's dropped connections
 * fail at once, and a database that stays away must not make one read wait for the pool
 * (lib/db/bounds.ts) again and again (every answer within 5 s, docs/security.md). Not from its first attempt:
 * a read that ran a while before its connection was dropped under it (every read, on a loaded machine)
 * was not waiting for an absent database, and was answered 503 after one retry.
 */
export const RETRY_WINDOW_MS = 1_000;

type Pending = PromiseLike<unknown> & { values(): PromiseLike<unknown> };
type Unsafe = (query: string, params?: unknown[], options?: unknown) => Pending;

/**
 * Wraps a postgres.js client's `unsafe` (what Drizzle sends every query through) so a read that fails
 * because its connection was lost is sent again on a fresh connection. A restart drops every pooled
 * connection, and postgres.js finds out about each one only when a query fails on it (each fails at
 * most one query, then it is replaced), so the read is sent again until it runs on a connection
 * opened after the drop: at most `poolSize` more times, after a short pause. The client is changed in
 * place and returned.
 */
export function retryReadsOnLostConnection<T extends { unsafe: unknown }>(
  client: T,
  poolSize = 10,
  onRetry?: (err: unknown) => void,
): T {
  const unsafe = (client.unsafe as Unsafe).bind(client);
  const wrapped: Unsafe = (query, params, options) => {
    if (!isRetryableRead(query)) return unsafe(query, params, options);
    const run = (values: boolean): Promise<unknown> => {
      const once = () => {
        const q = unsafe(query, params, options);
        return Promise.resolve(values ? q.values() : q);
      };
      let until: number | undefined; // RETRY_WINDOW_MS from the first failure
      const attempt = (left: number, paused: boolean): Promise<unknown> =>
        once().catch(async (err: unknown) => {
          until ??= Date.now() + RETRY_WINDOW_MS;
          if (!isConnectionLost(err) || left <= 0 || Date.now() > until) throw err;
          onRetry?.(err);
          if (!paused) await new Promise((resolve) => setTimeout(resolve, RETRY_DELAY_MS));
          return attempt(left - 1, true);
        });
      return attempt(poolSize, false);
    };
    // Lazy like postgres.js's own query: nothing is sent until it is awaited, once.
    let rows: Promise<unknown> | undefined;
    return {
      then: (onFulfilled, onRejected) => (rows ??= run(false)).then(onFulfilled, onRejected),
      values: () => run(true),
    } as Pending;
  };
  (client as { unsafe: Unsafe }).unsafe = wrapped;
  return client;
}

/**
 * postgres.js reads the array types on every new connection (fetch_types) in a promise nobody
 * awaits: a connection dropped during that read (a restart) surfaced as an unhandledRejection. The
 * types are the same for every connection and kept in the client's shared options once read, so after
 * the first connection has read them, later connections skip the read.
 */
export async function readTypesOnce(
  client: { options: { fetch_types?: boolean } } & ((strings: TemplateStringsArray) => PromiseLike<unknown>),
) {
  await client`select 1`;
  client.options.fetch_types = false;
}

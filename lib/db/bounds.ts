/**
 * How long anything waits for the database, so that while it is stopped, restarting or unreachable
 * every request answers (a 503) within 5 s instead of hanging (docs/security.md).
 *
 * - Opening a connection (TCP and PostgreSQL's start-up) gives up after CONNECT_TIMEOUT_S.
 * - A query that has no connection of the pool after POOL_WAIT_MS (all of them busy opening while the
 *   server does not answer, each after the other) fails with POOL_WAIT_TIMEOUT instead of queueing on.
 * - A statement runs at most STATEMENT_TIMEOUT_MS and a transaction may sit idle at most
 *   IDLE_IN_TRANSACTION_MS (PostgreSQL's own bounds, set on every connection of the app's pool), so a
 *   lock held by a request that went away is released. Migrations and the first seed run without them,
 *   on a connection of their own (lib/db/migrate.ts): building an index on a large table may take longer.
 */
export const CONNECT_TIMEOUT_S = 2;
export const POOL_WAIT_MS = 3_000;
export const STATEMENT_TIMEOUT_MS = 30_000;
export const IDLE_IN_TRANSACTION_MS = 60_000;

/**
 * How long a connection of the pool waits before it tries to open again after failing, in seconds
 * (postgres.js's `backoff`): growing, but at most RECONNECT_MAX_S. postgres.js's own grows to 20 s, so
 * after an outage of a few seconds the pool kept waiting long after the database was back, and the
 * queries queued on it ran out of POOL_WAIT_MS (503s after the restart).
 */
export const RECONNECT_MAX_S = 0.5;
export function reconnectDelay(failures: number): number {
  return Math.min(0.05 * 2 ** failures, RECONNECT_MAX_S) * (0.5 + Math.random() / 2);
}

/** The server settings of every connection of the app's pool (postgres.js `connection`). */
export const SESSION_SETTINGS = {
  statement_timeout: STATEMENT_TIMEOUT_MS,
  idle_in_transaction_session_timeout: IDLE_IN_TRANSACTION_MS,
};

/** postgres.js's query as far as the bound needs it: `state` stays null until a connection takes it. */
type PendingQuery = { state?: unknown; cancel?: () => unknown; reject?: (err: unknown) => void };
type Unsafe = (query: string, params?: unknown[], options?: unknown) => PendingQuery;

/** The error of a query that found no connection in time (lib/db/retry.ts counts it as 'unavailable'). */
export function poolWaitTimeout(ms: number): Error {
  return Object.assign(new Error(`no database connection within ${ms} ms`), { code: "POOL_WAIT_TIMEOUT" });
}

/**
 * Wraps a postgres.js client's `unsafe` (every query Drizzle sends, and `begin`) so a query still
 * waiting for a connection after `ms` is taken out of the pool's queue and fails with
 * POOL_WAIT_TIMEOUT. postgres.js has no such bound: with the server unreachable its queued queries
 * waited for one connection attempt after another (a page took 90 s). A query that a connection has
 * taken (`state` set) is left to the statement bounds. The client is changed in place and returned.
 */
export function boundPoolWait<T extends { unsafe: unknown }>(client: T, ms = POOL_WAIT_MS): T {
  const unsafe = (client.unsafe as Unsafe).bind(client);
  const wrapped: Unsafe = (query, params, options) => {
    const q = unsafe(query, params, options);
    // Held weakly: the timer must not keep a finished query's rows in memory for its few seconds.
    const ref = new WeakRef(q);
    const timer = setTimeout(() => {
      const pending = ref.deref();
      if (!pending || pending.state != null || typeof pending.reject !== "function") return;
      pending.reject(poolWaitTimeout(ms)); // first, so the cancel's own error (57014) is not the one seen
      pending.cancel?.(); // out of the pool's queue; a connection that opens later skips it
    }, ms);
    timer.unref?.();
    return q;
  };
  (client as { unsafe: Unsafe }).unsafe = wrapped;
  return client;
}

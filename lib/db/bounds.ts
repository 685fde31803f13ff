/**
 * How long anything waits for the database, so that while it is stopped, restarting or unreachable
 * every request answers (a 503) within 5 s instead of hanging (docs/security.md).
 *
 * - Opening a connection (TCP and PostgreSQL's start-up) gives up after CONNECT_TIMEOUT_S.
 * - A query that has no connection of the pool after POOL_WAIT_MS in which the pool answered nothing
 *   (all of its connections opening while the server does not answer, each after the other) fails with
 *   POOL_WAIT_TIMEOUT instead of queueing on. While the pool answers other queries it is only busy, and
 *   the query waits on (boundPoolWait).
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

/**
 * postgres.js's query as far as the bound needs it: `state` stays null until a connection takes it;
 * `resolve` is called with its result; `strings`, `args` and `options` are what a connection builds it from.
 */
type PendingQuery = {
  state?: unknown;
  cancel?: () => unknown;
  cancelled?: unknown;
  resolve?: (rows: unknown) => void;
  reject?: (err: unknown) => void;
  strings?: unknown;
  args?: unknown[];
  options?: Record<string, unknown>;
};
type Unsafe = (query: string, params?: unknown[], options?: unknown) => PendingQuery;

/** The error of a query that found no connection in time (lib/db/retry.ts counts it as 'unavailable'). */
export function poolWaitTimeout(ms: number): Error {
  return Object.assign(new Error(`no database connection within ${ms} ms`), { code: "POOL_WAIT_TIMEOUT" });
}

/**
 * Takes a query that no connection has taken out of postgres.js's hands, so it never runs.
 *
 * postgres.js's own `cancel()` does so for a query in the pool's queue, but a query may instead be the
 * first of a connection that is opening (its `initial`): cancelled, the connection skips it once open and
 * then never tells the pool it is free, so it stays 'connecting' for the life of the process. A few such
 * connections after a restart left the pool one connection or none, and queries ran out of their wait
 * (the 503s seen after the database was back). So after `cancel()` (which takes it out of the
 * queue), the query is made a harmless `select 1` and un-cancelled: an opening connection runs that and
 * goes on serving the pool.
 */
function withdraw(q: PendingQuery): void {
  q.cancel?.();
  Object.assign(q, { cancelled: null, strings: ["select 1"], args: [], options: { simple: true, prepare: false } });
}

/**
 * Wraps a postgres.js client's `unsafe` (every query Drizzle sends, and `begin`) so a query that waits for
 * a connection of the pool while the pool answers nothing gives up: after `ms` in which no query of the
 * client was answered, it fails with POOL_WAIT_TIMEOUT and is withdrawn. postgres.js has no such bound:
 * with the server unreachable its queued queries waited for one connection attempt after another (a page
 * took 90 s). A pool that is only busy (its connections run other queries, which are answered) is not an
 * unavailable database: the query waits on, up to STATEMENT_TIMEOUT_MS in all (a fixed 3 s bound turned
 * a busy moment on a loaded machine into a 503). A query that a connection has taken (`state` set) is left
 * to the statement bounds. The client is changed in place and returned.
 */
export function boundPoolWait<T extends { unsafe: unknown }>(client: T, ms = POOL_WAIT_MS): T {
  const unsafe = (client.unsafe as Unsafe).bind(client);
  let lastAnswer = 0;
  const wrapped: Unsafe = (query, params, options) => {
    const q = unsafe(query, params, options);
    const resolve = q.resolve;
    if (typeof resolve === "function")
      q.resolve = (rows) => {
        lastAnswer = performance.now();
        resolve(rows);
      };
    // Held weakly: the timer must not keep a finished query's rows in memory for its few seconds.
    const ref = new WeakRef(q);
    const queued = performance.now();
    const check = (since: number) => {
      const pending = ref.deref();
      if (!pending || pending.state != null || typeof pending.reject !== "function") return;
      const now = performance.now();
      if (lastAnswer > since && now - queued < STATEMENT_TIMEOUT_MS) {
        // The pool is busy, not gone: wait on, until `ms` after its latest answer (not after this check:
        // a query queued as the database went away gives up `ms` after the last answer, not twice that).
        setTimeout(check, lastAnswer + ms - now, lastAnswer).unref?.();
        return;
      }
      pending.reject(poolWaitTimeout(ms)); // first, so the cancel's own error (57014) is not the one seen
      withdraw(pending);
    };
    setTimeout(check, ms, queued).unref?.();
    return q;
  };
  (client as { unsafe: Unsafe }).unsafe = wrapped;
  return client;
}

import { AsyncLocalStorage } from "node:async_hooks";

/**
 * What went wrong for the request being served, where the code that answers cannot see the error
 * itself: Next.js answers a page that failed with 500 whatever the cause, and Auth.js takes any error
 * of its callbacks for 'no session' (and clears the cookie). The server in front of each
 * (scripts/portal-server.mjs, the Auth.js route in lib/auth/auth.ts) runs the request inside
 * `requestFaults.run(...)` and turns its answer into a 503 when the database could not answer.
 *
 * One store per process, shared through a global symbol by Next's bundles and the plain Node server
 * (scripts/portal-server.mjs reads the same symbol).
 */
export type RequestFaults = { databaseUnavailable: boolean };

const KEY = Symbol.for("portal.requestFaults");
const g = globalThis as unknown as Record<symbol, AsyncLocalStorage<RequestFaults> | undefined>;

export const requestFaults: AsyncLocalStorage<RequestFaults> = (g[KEY] ??= new AsyncLocalStorage<RequestFaults>());

/** Records that the current request met a database that could not answer (no-op outside a watched request). */
export function noteDatabaseUnavailable(): void {
  const faults = requestFaults.getStore();
  if (faults) faults.databaseUnavailable = true;
}

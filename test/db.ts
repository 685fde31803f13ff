import { afterAll, beforeAll } from "vitest";
import postgres from "postgres";
import { NextRequest } from "next/server";
import { eq, sql, TransactionRollbackError, type SQL } from "drizzle-orm";
import { openDatabase, setDbForTesting, schema, type Db } from "@/lib/db";
import { rowsOf } from "@/lib/db/rows";
import { issueToken } from "@/lib/auth/session";
import { withDatabase } from "./global-setup";

type Handle = Awaited<ReturnType<typeof openDatabase>>;

/**
 * A private database for one test file, cloned from the run's migrated and seeded template
 * (test/global-setup.ts) on the run's PostgreSQL server.
 */
export async function createTestDatabase(): Promise<Handle> {
  const url = process.env.TEST_DATABASE_URL!;
  const name = `portal_t_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
  const admin = postgres(url, { max: 1, onnotice: () => {} });
  await admin.unsafe(`CREATE DATABASE ${name} TEMPLATE ${process.env.TEST_TEMPLATE_DB}`);
  const handle = await openDatabase({ url: withDatabase(url, name), migrate: false });
  return {
    ...handle,
    close: async () => {
      await handle.close();
      await admin.unsafe(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    },
  };
}

/** Installs a private test database for the whole file (as the app's getDb()), closed afterwards. */
export function setupTestDatabase(): { db: () => Db } {
  let handle: Handle | undefined;
  beforeAll(async () => {
    handle = await createTestDatabase();
    setDbForTesting(handle);
  });
  afterAll(async () => {
    setDbForTesting(undefined);
    await handle?.close();
  });
  return { db: () => handle!.db };
}

/** A fresh v1 API token for a seeded user (admin, manager, staff). */
export async function tokenFor(db: Db, username: string): Promise<string> {
  const [user] = await db.select().from(schema.users).where(eq(schema.users.username, username));
  if (!user) throw new Error(`no user ${username}`);
  return (await issueToken({ userId: user.id, kind: "api" })).token;
}

/**
 * The plan PostgreSQL chooses for `query` (EXPLAIN's text), in a transaction that is rolled back after `before` (a
 * `set local` planner setting, or DDL such as dropping a competing index, undone with it). The test tables are small
 * enough to scan: forbidding that shows whether an index fits the query.
 */
export async function planOf(db: Db, query: SQL, before: SQL[] = []): Promise<string> {
  let plan = "";
  await db
    .transaction(async (tx) => {
      for (const statement of before) await tx.execute(statement);
      const rows = rowsOf<{ "QUERY PLAN": string }>(await tx.execute(sql`explain ${query}`));
      plan = rows.map((r) => r["QUERY PLAN"]).join("\n");
      tx.rollback();
    })
    .catch((err: unknown) => {
      if (!(err instanceof TransactionRollbackError)) throw err;
    });
  return plan;
}

/** Waits until `n` sessions of the test's database are waiting for a lock (saves queued behind a held row lock). */
export async function lockWaiters(db: Db, n: number): Promise<void> {
  for (let i = 0; i < 250; i++) {
    const [{ waiting }] = (await db.execute(
      sql`select count(*)::int as waiting from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`,
    )) as unknown as { waiting: number }[];
    if (waiting >= n) return;
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error(`fewer than ${n} sessions ever waited for the row's lock`);
}

/** Builds a NextRequest for calling a route handler directly. */
export function apiRequest(
  path: string,
  init: { method?: string; token?: string; body?: unknown; headers?: Record<string, string> } = {},
): NextRequest {
  const headers = new Headers(init.headers);
  if (init.token) headers.set("authorization", `Bearer ${init.token}`);
  let body: BodyInit | undefined;
  if (init.body !== undefined) {
    headers.set("content-type", "application/json");
    body = JSON.stringify(init.body);
  }
  return new NextRequest(new URL(path, "http://localhost"), { method: init.method ?? "GET", headers, body });
}

/** Calls a route handler module's method with optional dynamic params. */
export async function callRoute(
  handler: (req: NextRequest, ctx: { params: Promise<Record<string, string>> }) => Promise<Response>,
  req: NextRequest,
  params: Record<string, string> = {},
) {
  const res = await handler(req, { params: Promise.resolve(params) });
  const json = await res.json().catch(() => null);
  return { status: res.status, json };
}

/**
 * A database restart under traffic (docs/security.md): every pooled connection is killed from a second
 * connection (pg_terminate_backend) while reads run. A read that fails on a dropped connection is
 * retried once on a fresh one, so no request answers 500, and no database error escapes as an
 * unhandled rejection.
 *
 * A database blip signs nobody out (docs/security.md): with the database stopped or unreachable (the app's
 * connections go through a small TCP relay that the test closes or makes silent), every entry point
 * answers 503 within 5 s, never 401, and the session row is not revoked.
 */
import net from "node:net";
import { inspect } from "node:util";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import postgres from "postgres";
import { DrizzleQueryError, eq, sql } from "drizzle-orm";
import { createReactServerErrorHandler } from "next/dist/server/app-render/create-error-handler";
import { z } from "zod";

vi.mock("next/headers", () => import("@/test/mock-next-headers"));

import { cookieJar } from "@/test/mock-next-headers";
import { apiRequest, callRoute, tokenFor, setupTestDatabase } from "@/test/db";
import { SESSION_COOKIE, sessionFor } from "@/test/auth";
import {
  asDatabaseUnavailable,
  isConnectionLost,
  isDatabaseUnavailable,
  isRetryableRead,
  retryReadsOnLostConnection,
  RETRY_WINDOW_MS,
} from "@/lib/db/retry";
import { boundPoolWait, reconnectDelay, RECONNECT_MAX_S } from "@/lib/db/bounds";
import { requestFaults } from "@/lib/db/faults";
import { getDb, getDbHandle, openDatabase, schema, setDbForTesting } from "@/lib/db";
import { hashToken } from "@/lib/auth/tokens";
import { pageGuard, requireUser } from "@/lib/auth/guards";
import { createAction } from "@/lib/actions/action";
import { DATABASE_UNAVAILABLE, DATABASE_UNAVAILABLE_DIGEST, DatabaseUnavailableError } from "@/lib/errors";
import { GET as displayPosts } from "@/app/api/v1/display_sales_post/route";
import { GET as firstMenu } from "@/app/api/v1/get_first_menu/route";

const url = process.env.TEST_DATABASE_URL;

describe("which queries are retried", () => {
  it("plain reads only: never a write, a lock or a sequence", () => {
    expect(isRetryableRead(' select "id" from "posts" where "id" = $1')).toBe(true);
    for (const q of [
      "insert into posts values (1)",
      'update "posts" set x = 1',
      "delete from posts",
      "select * from posts for update",
      "select nextval('s')",
      "with x as (delete from t returning *) select * from x",
      "begin",
    ]) {
      expect(isRetryableRead(q), q).toBe(false);
    }
    expect(isConnectionLost({ code: "CONNECTION_CLOSED" })).toBe(true);
    expect(isConnectionLost({ code: "57P01" })).toBe(true);
    expect(isConnectionLost({ code: "23505" })).toBe(false);
  });

  it("a read is sent again after a lost connection (at most the pool's size); a write and other errors are not", async () => {
    let calls = 0;
    const fail = (code: string) => Object.assign(new Error(code), { code });
    const fake = {
      unsafe(query: string) {
        calls++;
        const p =
          calls === 1
            ? Promise.reject(fail("CONNECTION_CLOSED"))
            : query.startsWith("select")
              ? Promise.resolve([[1]])
              : Promise.reject(fail("CONNECTION_CLOSED"));
        p.catch(() => {});
        return Object.assign(p, { values: () => p });
      },
    };
    const client = retryReadsOnLostConnection(fake, 3);
    expect(await client.unsafe("select 1").values()).toEqual([[1]]);
    expect(calls).toBe(2);
    calls = 0;
    await expect(client.unsafe("insert into t values (1)")).rejects.toMatchObject({ code: "CONNECTION_CLOSED" });
    expect(calls).toBe(1);
    calls = 0;
    const dead = retryReadsOnLostConnection(
      {
        unsafe: (_query: string) => {
          calls++;
          const p = Promise.reject(fail("57P01"));
          p.catch(() => {});
          return Object.assign(p, { values: () => p });
        },
      },
      3,
    );
    await expect(dead.unsafe("select 1")).rejects.toMatchObject({ code: "57P01" });
    expect(calls).toBe(4);
  });
});

describe.skipIf(!url)("pg_terminate_backend of the pool's connections while reads run", () => {
  const t = setupTestDatabase();
  const unhandled: unknown[] = [];
  const onUnhandled = (err: unknown) => unhandled.push(err);
  let killer: ReturnType<typeof postgres>;

  beforeAll(() => {
    process.on("unhandledRejection", onUnhandled);
  });
  afterAll(async () => {
    process.off("unhandledRejection", onUnhandled);
    await killer?.end();
  });

  it("answers every request, and nothing escapes as an unhandled rejection", async () => {
    const token = await tokenFor(t.db(), "staff");
    const { db } = await getDbHandle();
    const [{ name }] = (await db.execute(sql`select current_database() as name`)) as unknown as { name: string }[];
    killer = postgres(url!.replace(/\/[^/]*$/, `/${name}`), { max: 1, onnotice: () => {} });
    const statuses: number[] = [];
    let running = true;
    const load = async () => {
      while (running) {
        const [a, b] = await Promise.all([
          callRoute(displayPosts, apiRequest("/api/v1/display_sales_post?slug=company-news&page=1", { token })),
          callRoute(firstMenu, apiRequest("/api/v1/get_first_menu", { token })),
        ]);
        statuses.push(a.status, b.status);
      }
    };
    const workers = Array.from({ length: 6 }, load);
    let killed = 0;
    // Two restarts, a second apart: every connection of the pool is killed each time.
    for (let round = 0; round < 2; round++) {
      await new Promise((r) => setTimeout(r, 1000));
      const rows =
        await killer`select pg_terminate_backend(pid) as ok from pg_stat_activity where datname = ${name} and pid <> pg_backend_pid()`;
      killed += rows.filter((r) => r.ok).length;
    }
    await new Promise((r) => setTimeout(r, 1000));
    running = false;
    await Promise.all(workers);
    await new Promise((r) => setTimeout(r, 100));
    expect(killed).toBeGreaterThan(0);
    expect(statuses.length).toBeGreaterThan(10);
    expect(statuses.filter((s) => s !== 200)).toEqual([]);
    expect(unhandled).toEqual([]);
  });
});

describe("'the database could not answer' is told from 'no session'", () => {
  const coded = (code: string) => Object.assign(new Error(code), { code });

  it.each([
    "CONNECTION_CLOSED",
    "CONNECTION_ENDED",
    "ECONNREFUSED",
    "ECONNRESET",
    "CONNECT_TIMEOUT",
    "POOL_WAIT_TIMEOUT",
    "ETIMEDOUT",
    "EHOSTUNREACH",
    "57P01", // admin_shutdown
    "57P03", // cannot_connect_now
    "57014", // statement_timeout
    "25P03", // idle_in_transaction_session_timeout
    "53300", // too_many_connections
  ])("%s is the database being unavailable, also wrapped as Drizzle wraps it", (code) => {
    expect(isDatabaseUnavailable(coded(code))).toBe(true);
    expect(isDatabaseUnavailable(new Error("Failed query: select 1", { cause: coded(code) }))).toBe(true);
  });

  it("a refusal, a constraint, a bad query or a tampered cookie's error is not", () => {
    for (const err of [coded("23505"), coded("42P01"), coded("22P02"), new Error("Invalid JWT"), null, undefined, "x"])
      expect(isDatabaseUnavailable(err), String(err)).toBe(false);
  });

  it("DatabaseUnavailableError is one, and carries the digest the page's error boundary reads", () => {
    const err = new DatabaseUnavailableError(coded("ECONNREFUSED"));
    expect(isDatabaseUnavailable(err)).toBe(true);
    expect(err).toMatchObject({ status: 503, digest: DATABASE_UNAVAILABLE_DIGEST, message: DATABASE_UNAVAILABLE });
  });

  it("through Drizzle's DrizzleQueryError: the DatabaseUnavailableError around the driver's error, without the SQL or its parameters", () => {
    const driver = coded("ECONNREFUSED");
    const wrapped = new DrizzleQueryError(
      'select "secret" from "users" where "email" = $1',
      ["who@example.com"],
      driver,
    );
    const err = asDatabaseUnavailable(wrapped);
    expect(err).toBeInstanceOf(DatabaseUnavailableError);
    expect(err).toMatchObject({ digest: DATABASE_UNAVAILABLE_DIGEST, message: DATABASE_UNAVAILABLE, cause: driver });
    expect(inspect(err, { depth: 5 })).not.toMatch(/secret|who@example/);
    // One already made (the session lookup's) is kept; anything else is left as it is.
    const made = new DatabaseUnavailableError(driver);
    expect(asDatabaseUnavailable(new DrizzleQueryError("select 1", [], made))).toBe(made);
    const constraint = new DrizzleQueryError("insert into t values ($1)", [1], coded("23505"));
    expect(asDatabaseUnavailable(constraint)).toBe(constraint);
  });

  it("timeouts are not sent again: only a lost connection makes a read retry", () => {
    expect(isConnectionLost(coded("CONNECT_TIMEOUT"))).toBe(false);
    expect(isConnectionLost(coded("POOL_WAIT_TIMEOUT"))).toBe(false);
    expect(isConnectionLost(coded("57014"))).toBe(false);
  });
});

describe("a query waits for a connection of the pool at most POOL_WAIT_MS", () => {
  type FakeQuery = Promise<unknown> & { state: unknown; cancel: () => void; reject: (e: unknown) => void };
  const fakeClient = (queries: FakeQuery[]) => ({
    unsafe() {
      let reject!: (e: unknown) => void;
      const p = new Promise((_, r) => (reject = r)) as FakeQuery;
      p.catch(() => {});
      Object.assign(p, { state: null, reject, cancel: vi.fn() });
      queries.push(p);
      return p;
    },
  });

  it("one still waiting is taken out of the queue with POOL_WAIT_TIMEOUT; one a connection took is left alone", async () => {
    const queries: FakeQuery[] = [];
    const client = boundPoolWait(fakeClient(queries), 30);
    const waiting = client.unsafe() as FakeQuery;
    const running = client.unsafe() as FakeQuery;
    running.state = { pid: 1 }; // postgres.js sets it when a connection executes the query
    await expect(waiting).rejects.toMatchObject({ code: "POOL_WAIT_TIMEOUT" });
    expect(waiting.cancel).toHaveBeenCalledTimes(1);
    await new Promise((r) => setTimeout(r, 20));
    expect(running.cancel).not.toHaveBeenCalled();
  });
});

describe("a query waits on while the pool answers others, and gives up POOL_WAIT_MS after its last answer", () => {
  type Fake = { state: unknown; resolve: (rows: unknown) => void; reject: (e: unknown) => void; cancel: () => void };
  const fakeClient = (queries: (Promise<unknown> & Fake)[]) => ({
    unsafe() {
      let resolve!: (rows: unknown) => void;
      let reject!: (e: unknown) => void;
      const p = new Promise((a, b) => ((resolve = a), (reject = b))) as Promise<unknown> & Fake;
      p.catch(() => {});
      Object.assign(p, { state: null, resolve, reject, cancel: vi.fn() });
      queries.push(p);
      return p;
    },
  });
  afterEach(() => vi.useRealTimers());

  it("answered at 1 s, the waiting query gives up at 1 s + POOL_WAIT_MS, not later", async () => {
    vi.useFakeTimers({ toFake: ["setTimeout", "performance"] });
    const queries: (Promise<unknown> & Fake)[] = [];
    const start = performance.now();
    const client = boundPoolWait(fakeClient(queries), 3_000);
    const running = client.unsafe() as Promise<unknown> & Fake;
    running.state = { pid: 1 };
    const waiting = client.unsafe() as Promise<unknown> & Fake;
    let failedAt: number | null = null;
    waiting.catch(() => (failedAt = performance.now()));
    await vi.advanceTimersByTimeAsync(1_000);
    running.resolve([]); // the last answer before the database went away
    await vi.advanceTimersByTimeAsync(2_500); // 3.5 s: answered during its first 3 s, so it waits on
    expect(failedAt).toBeNull();
    await vi.advanceTimersByTimeAsync(600); // 4.1 s: 3 s after the last answer
    await expect(waiting).rejects.toMatchObject({ code: "POOL_WAIT_TIMEOUT" });
    expect(failedAt! - start).toBeLessThanOrEqual(4_050); // before: at 6 s (3 s after the check that saw the answer)
  });
});

describe.skipIf(!url)("the pool-wait bound with postgres.js's own pool", () => {
  const clients: ReturnType<typeof postgres>[] = [];
  const relays: Awaited<ReturnType<typeof startRelay>>[] = [];
  afterAll(async () => {
    await Promise.all(clients.map((c) => c.end({ timeout: 1 })));
    await Promise.all(relays.map((r) => r.close()));
  });
  const pool = (target: string, max: number, waitMs: number) => {
    const client = postgres(target, { max, fetch_types: false, onnotice: () => {} });
    clients.push(client);
    return boundPoolWait(client, waitMs);
  };

  it("a busy pool whose connections keep answering is not an unavailable database: no query gives up", async () => {
    const client = pool(url!, 1, 1_000);
    await client`select 1`; // its connection open (the tagged query is not bounded)
    // Ten queries of 250 ms on one connection: the last waits about 2.3 s, each second of it with answers.
    // With parameters, as Drizzle sends them: postgres.js runs one at a time on a connection, the others queue.
    const rows = await Promise.all(
      Array.from({ length: 10 }, (_, i) => client.unsafe("select pg_sleep(0.25), $1::int as i", [i])),
    );
    expect(rows.map((r) => (r as unknown as { i: number }[])[0].i)).toEqual([...Array(10).keys()]);
  });

  it("a query that gave up while its connection was opening does not take the connection with it", async () => {
    const target = new URL(url!);
    const relay = await startRelay({ host: target.hostname, port: Number(target.port || 5432) });
    relays.push(relay);
    const through = new URL(url!);
    through.hostname = "127.0.0.1";
    through.port = String(relay.port);
    const client = pool(through.href, 1, 100);
    relay.set("slow"); // the server takes 400 ms to accept: a restart's first connections
    await expect(client.unsafe("select 1")).rejects.toMatchObject({ code: "POOL_WAIT_TIMEOUT" });
    relay.set("up");
    await new Promise((r) => setTimeout(r, 500)); // the connection opened meanwhile
    // Before: the opened connection skipped the withdrawn query and was never handed out again.
    expect(await client.unsafe("select 2 as n")).toEqual([{ n: 2 }]);
  });

  it("a withdrawn write is never applied once a connection opens", async () => {
    const target = new URL(url!);
    const relay = await startRelay({ host: target.hostname, port: Number(target.port || 5432) });
    relays.push(relay);
    const through = new URL(url!);
    through.hostname = "127.0.0.1";
    through.port = String(relay.port);
    const direct = postgres(url!, { max: 1, onnotice: () => {} });
    clients.push(direct);
    const table = `withdrawn_${process.pid}`;
    await direct.unsafe(`create table if not exists ${table} (n int)`);
    try {
      const client = pool(through.href, 1, 100);
      relay.set("slow");
      await expect(client.unsafe(`insert into ${table} values (1)`)).rejects.toMatchObject({
        code: "POOL_WAIT_TIMEOUT",
      });
      relay.set("up");
      await new Promise((r) => setTimeout(r, 500)); // the connection opened meanwhile
      expect(await client.unsafe("select 3 as n")).toEqual([{ n: 3 }]);
      expect(await direct.unsafe(`select count(*)::int as n from ${table}`)).toEqual([{ n: 0 }]);
    } finally {
      await direct.unsafe(`drop table ${table}`);
    }
  });
});

describe("the pool tries again soon after an outage, and a request waits for the database once", () => {
  it("a read is sent again within RETRY_WINDOW_MS of its first failure, however long it ran before that", async () => {
    const lost = () => Object.assign(new Error("closed"), { code: "CONNECTION_CLOSED" });
    const fake = (failAfter: (call: number) => number | null) => {
      let calls = 0;
      const client = {
        unsafe: (_query: string) => {
          const after = failAfter(++calls);
          const p = new Promise((resolve, reject) =>
            after === null ? resolve([[1]]) : setTimeout(() => reject(lost()), after),
          );
          p.catch(() => {});
          return Object.assign(p, { values: () => p });
        },
      };
      return { client: retryReadsOnLostConnection(client, 10), calls: () => calls };
    };
    // Ran past the window before its connection dropped: still sent again (a restart under load).
    const slow = fake((call) => (call === 1 ? RETRY_WINDOW_MS + 50 : null));
    expect(await slow.client.unsafe("select 1").values()).toEqual([[1]]);
    expect(slow.calls()).toBe(2);
    // Failing again only after the window: not sent a third time.
    const away = fake((call) => (call === 1 ? 0 : RETRY_WINDOW_MS + 50));
    await expect(away.client.unsafe("select 1")).rejects.toMatchObject({ code: "CONNECTION_CLOSED" });
    expect(away.calls()).toBe(2);
  });

  it("a connection's wait before opening again grows but stays under RECONNECT_MAX_S (postgres.js's own grows to 20 s)", () => {
    for (const failures of [0, 1, 5, 10, 30]) {
      const delay = reconnectDelay(failures);
      expect(delay).toBeGreaterThan(0);
      expect(delay).toBeLessThanOrEqual(RECONNECT_MAX_S);
    }
    expect(reconnectDelay(0)).toBeLessThan(0.06);
  });

  it("a session lookup in a request that already met the database unavailable fails at once, without a query", async () => {
    const { resolveToken } = await import("@/lib/auth/session");
    const started = Date.now();
    const err = await requestFaults
      .run({ databaseUnavailable: true }, () => resolveToken("a".repeat(70)))
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(DatabaseUnavailableError);
    expect(Date.now() - started).toBeLessThan(100);
  });
});

/**
 * A TCP relay between the app's pool and the test's PostgreSQL, which the test can make refuse new
 * connections and drop the open ones (PostgreSQL stopped or restarting), accept them and never answer
 * (a host that cannot be reached), or pass new ones on only after SLOW_ACCEPT_MS (a server starting up).
 */
const SLOW_ACCEPT_MS = 400;
async function startRelay(target: { host: string; port: number }) {
  let mode: "up" | "refuse" | "silent" | "slow" = "up";
  const sockets = new Set<net.Socket>();
  const server = net.createServer((client) => {
    sockets.add(client);
    client.on("close", () => sockets.delete(client));
    client.on("error", () => {});
    if (mode === "refuse") return client.destroy();
    if (mode === "silent") return;
    if (mode === "slow") return void setTimeout(() => pipe(client), SLOW_ACCEPT_MS);
    pipe(client);
  });
  const pipe = (client: net.Socket) => {
    if (client.destroyed) return;
    const upstream = net.connect(target.port, target.host);
    sockets.add(upstream);
    upstream.on("close", () => (sockets.delete(upstream), client.destroy()));
    upstream.on("error", () => client.destroy());
    client.on("close", () => upstream.destroy());
    client.pipe(upstream).pipe(client);
  };
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    port: (server.address() as net.AddressInfo).port,
    set(next: typeof mode) {
      mode = next;
      if (next === "refuse" || next === "silent") for (const s of sockets) s.destroy();
    },
    close: () => {
      for (const s of sockets) s.destroy();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

describe.skipIf(!url)("a database blip signs nobody out", () => {
  const t = setupTestDatabase();
  let relay: Awaited<ReturnType<typeof startRelay>>;
  let relayed: Awaited<ReturnType<typeof openDatabase>>;
  let session: Awaited<ReturnType<typeof sessionFor>>;
  let bearer: string;

  beforeAll(async () => {
    const [{ name }] = (await t.db().execute(sql`select current_database() as name`)) as unknown as { name: string }[];
    const target = new URL(url!);
    relay = await startRelay({ host: target.hostname, port: Number(target.port || 5432) });
    const through = new URL(url!);
    through.hostname = "127.0.0.1";
    through.port = String(relay.port);
    through.pathname = `/${name}`;
    relayed = await openDatabase({ url: through.href, migrate: false });
    setDbForTesting(relayed); // the app's queries go through the relay; t.db() stays direct, for the checks
    session = await sessionFor(t.db(), "staff");
    bearer = await tokenFor(t.db(), "staff");
  });
  afterAll(async () => {
    await relayed?.close();
    await relay?.close();
  });
  beforeEach(() => {
    relay.set("up");
    cookieJar.clear();
  });

  const cookieCall = () =>
    callRoute(firstMenu, apiRequest("/api/v1/get_first_menu", { headers: { cookie: session.header } }));
  const bearerCall = () => callRoute(firstMenu, apiRequest("/api/v1/get_first_menu", { token: bearer }));
  const probe = createAction({}, z.object({}), async () => "ran");
  const timed = async <T>(fn: () => Promise<T>) => {
    const started = Date.now();
    const value = await fn();
    return { value, ms: Date.now() - started };
  };
  const revokedAt = async () => {
    const [row] = await t
      .db()
      .select({ revokedAt: schema.apiTokens.revokedAt })
      .from(schema.apiTokens)
      .where(eq(schema.apiTokens.tokenHash, hashToken(session.sid)));
    return row.revokedAt;
  };

  it.each(["refuse", "silent"] as const)(
    "database %s: cookie and bearer calls are a 503 in the envelope within 5 s, never a 401",
    async (mode) => {
      expect((await cookieCall()).status).toBe(200);
      relay.set(mode);
      for (const call of [cookieCall, bearerCall]) {
        const { value, ms } = await timed(call);
        expect(value).toEqual({
          status: 503,
          json: { code: 503, status: "error", message: DATABASE_UNAVAILABLE, content: null },
        });
        expect(ms).toBeLessThan(5000);
      }
    },
  );

  it.each(["refuse", "silent"] as const)(
    "database %s: an action answers 'try again' (503), not the session-ended result; a page throws the digest, not a redirect to /login",
    async (mode) => {
      cookieJar.set(SESSION_COOKIE, session.cookie);
      expect(await probe({})).toEqual({ ok: true, data: "ran" });
      relay.set(mode);
      const { value, ms } = await timed(() => probe({}));
      expect(value).toEqual({ ok: false, status: 503, message: DATABASE_UNAVAILABLE });
      expect(value).not.toHaveProperty("sessionEnded");
      expect(ms).toBeLessThan(5000);
      // The shell's guard (app/(portal)/layout.tsx): a redirect() would reject with NEXT_REDIRECT's digest.
      const page = await timed(() => pageGuard(requireUser()).catch((err: unknown) => err));
      expect(page.value).toBeInstanceOf(DatabaseUnavailableError);
      expect((page.value as { digest?: string }).digest).toBe(DATABASE_UNAVAILABLE_DIGEST);
      expect(page.ms).toBeLessThan(5000);
    },
  );

  it("Auth.js's /api/auth/session answers 503 and leaves the cookie alone (it would clear it: a sign-out)", async () => {
    const { GET } = await import("@/app/api/auth/[...nextauth]/route");
    const { NextRequest } = await import("next/server");
    const ask = () =>
      GET(new NextRequest("http://localhost/api/auth/session", { headers: { cookie: session.header } }));
    const up = await ask();
    expect(up.status).toBe(200);
    expect(await up.json()).not.toBeNull();
    relay.set("refuse");
    const down = await ask();
    expect(down.status).toBe(503);
    expect(down.headers.getSetCookie()).toEqual([]);
    expect(await down.json()).toMatchObject({ code: 503, message: DATABASE_UNAVAILABLE });
  });

  it("Auth.js's sign-out answers 503 and keeps the cookie while the database is down; once back, it revokes the row", async () => {
    const { GET, POST } = await import("@/app/api/auth/[...nextauth]/route");
    const { NextRequest } = await import("next/server");
    const own = await sessionFor(t.db(), "staff");
    const csrfRes = await GET(new NextRequest("http://localhost/api/auth/csrf", { headers: { cookie: own.header } }));
    const { csrfToken } = (await csrfRes.json()) as { csrfToken: string };
    const csrfCookie = csrfRes.headers
      .getSetCookie()
      .map((c) => c.split(";")[0])
      .find((c) => c.includes("csrf-token"))!;
    const signOut = () =>
      POST(
        new NextRequest("http://localhost/api/auth/signout", {
          method: "POST",
          headers: {
            cookie: `${own.header}; ${csrfCookie}`,
            "content-type": "application/x-www-form-urlencoded",
            "x-auth-return-redirect": "1",
          },
          body: new URLSearchParams({ csrfToken, callbackUrl: "/login" }).toString(),
        }),
      );
    const revoked = async () =>
      (
        await t
          .db()
          .select({ revokedAt: schema.apiTokens.revokedAt })
          .from(schema.apiTokens)
          .where(eq(schema.apiTokens.tokenHash, hashToken(own.sid)))
      )[0].revokedAt;

    relay.set("refuse");
    const { value: down, ms } = await timed(signOut);
    expect(down.status).toBe(503);
    expect(down.headers.get("retry-after")).toBe("5");
    expect(down.headers.getSetCookie()).toEqual([]);
    expect(await down.json()).toMatchObject({ code: 503, message: DATABASE_UNAVAILABLE });
    expect(ms).toBeLessThan(5000);
    expect(await revoked()).toBeNull();

    relay.set("up");
    const up = await signOut();
    expect(up.status).toBe(200);
    expect(up.headers.getSetCookie().some((c) => c.startsWith(`${SESSION_COOKIE}=;`))).toBe(true);
    expect(await revoked()).not.toBeNull();
  });

  it("the portal's own sign-out answers 'try again' (503) and keeps the cookie while the database is down", async () => {
    const { logoutAction } = await import("@/lib/auth/actions");
    const own = await sessionFor(t.db(), "staff");
    cookieJar.set(SESSION_COOKIE, own.cookie);
    relay.set("refuse");
    expect(await logoutAction({})).toEqual({ ok: false, status: 503, message: DATABASE_UNAVAILABLE });
    expect(cookieJar.get(SESSION_COOKIE)).toBe(own.cookie);
    const [row] = await t
      .db()
      .select({ revokedAt: schema.apiTokens.revokedAt })
      .from(schema.apiTokens)
      .where(eq(schema.apiTokens.tokenHash, hashToken(own.sid)));
    expect(row.revokedAt).toBeNull();
  });

  it("a page's later query (its session lookup succeeded) throws the digest of 'Temporarily unavailable', its SQL not in the log", async () => {
    cookieJar.set(SESSION_COOKIE, session.cookie);
    expect(await pageGuard(requireUser())).toHaveProperty("tokenId");
    relay.set("refuse");
    const db = await getDb();
    const secret = "who-asked-for-this-slug";
    const failures = [
      await db
        .select()
        .from(schema.menus)
        .where(eq(schema.menus.slug, secret))
        .catch((e: unknown) => e),
      await db.query.menus.findFirst({ where: eq(schema.menus.slug, secret) }).catch((e: unknown) => e),
      await db.transaction((tx) => tx.select().from(schema.menus)).catch((e: unknown) => e),
      await db.transaction(async () => "never begun").catch((e: unknown) => e),
    ];
    for (const err of failures) {
      expect(err).toBeInstanceOf(DatabaseUnavailableError);
      // What Next does with an error a page threw: the digest it hands to the error boundary (the
      // 'Temporarily unavailable' screen, components/shell/status-screen.test.tsx), and the error it logs.
      const logged: unknown[] = [];
      const onError = createReactServerErrorHandler(false, false, new Map(), (e) => logged.push(e));
      expect(onError(err)).toBe(DATABASE_UNAVAILABLE_DIGEST);
      expect(inspect(logged, { depth: 5 })).not.toMatch(new RegExp(`${secret}|"menus"`));
    }
  });

  it("afterwards the session row is not revoked, and the same cookie works as soon as the database is back", async () => {
    relay.set("refuse");
    expect((await cookieCall()).status).toBe(503);
    relay.set("up");
    expect((await cookieCall()).status).toBe(200);
    expect((await bearerCall()).status).toBe(200);
    cookieJar.set(SESSION_COOKIE, session.cookie);
    expect(await probe({})).toEqual({ ok: true, data: "ran" });
    expect(await revokedAt()).toBeNull();
  });
});

/**
 * A database restart under traffic (issue 19): every pooled connection is killed from a second
 * connection (pg_terminate_backend) while reads run. A read that fails on a dropped connection is
 * retried once on a fresh one, so no request answers 500, and no database error escapes as an
 * unhandled rejection.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import postgres from "postgres";
import { sql } from "drizzle-orm";
import { apiRequest, callRoute, tokenFor, setupTestDatabase } from "@/test/db";
import { isConnectionLost, isRetryableRead, retryReadsOnLostConnection } from "@/lib/db/retry";
import { getDbHandle } from "@/lib/db";
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

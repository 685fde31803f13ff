/**
 * Reads from kept plans (lib/db/prepared.ts) on the real database: values arrive intact whatever they
 * hold, the plan is a generic one made once and used again, the planner settings stay inside the read,
 * and only selects are accepted.
 */
import { describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { setupTestDatabase } from "@/test/db";
import { schema } from "@/lib/db";
import { readWithKeptPlans } from "@/lib/db/prepared";
import { rowsOf } from "@/lib/db/rows";

const t = setupTestDatabase();

describe("readWithKeptPlans", () => {
  it("passes every value intact: quotes, backslashes, SQL, other scripts, arrays, numbers, null", async () => {
    const texts = [
      "it's",
      "back\\slash \\' and \\\\",
      "'); delete from users; --",
      "Ωmega 漢字 😀",
      "$1 and $$dollar$$",
      "line\nbreak\ttab",
      "",
    ];
    for (const text of texts) {
      for (let run = 0; run < 2; run++) {
        const [[row]] = await readWithKeptPlans<{
          text: string;
          n: number;
          ids: string;
          nothing: string | null;
          yes: boolean;
        }>(t.db(), {}, [
          sql`select ${text}::text as text, ${-12.5}::float8 as n, ${"{3,1,2}"}::int[]::text as ids, ${null}::text as nothing, ${true}::boolean as yes`,
        ]);
        expect(row).toEqual({ text, n: -12.5, ids: "{3,1,2}", nothing: null, yes: true });
      }
    }
    const [[users]] = await readWithKeptPlans<{ n: number }>(t.db(), {}, [sql`select count(*)::int as n from users`]);
    expect(users.n).toBeGreaterThan(0);
  });

  it("runs each statement from one generic plan, made once and used again on its connection", async () => {
    // The probe reads the prepared statements of the connection it runs on, right after the statement.
    const marker = `kept_probe_${Date.now()}`;
    const probe = sql`select generic_plans::int as generic, custom_plans::int as custom from pg_prepared_statements
      where statement like ${"%" + marker + "%"} and statement not like '%pg_prepared_statements%'`;
    const statement = sql`select id from users where id = any(${"{1,2}"}::int[]) and ${sql.raw(`'${marker}'`)}::text is not null`;
    const seen: { generic: number; custom: number }[] = [];
    // PostgreSQL's pool holds at most 10 connections: of 11 reads, two share one.
    for (let i = 0; i < 11; i++) {
      const [, rows] = await readWithKeptPlans<{ generic: number; custom: number }>(t.db(), {}, [statement, probe]);
      expect(rows).toHaveLength(1);
      seen.push(rows[0]);
    }
    expect(seen.every((r) => r.custom === 0 && r.generic >= 1)).toBe(true);
    expect(Math.max(...seen.map((r) => r.generic))).toBeGreaterThanOrEqual(2);
  });

  it("keeps the planner settings inside the read", async () => {
    const [[inside]] = await readWithKeptPlans<{ seq: string; mode: string }>(t.db(), { enable_seqscan: "off" }, [
      sql`select current_setting('enable_seqscan') as seq, current_setting('plan_cache_mode') as mode`,
    ]);
    expect(inside).toEqual({ seq: "off", mode: "force_generic_plan" });
    const [after] = rowsOf<{ seq: string; mode: string }>(
      await t
        .db()
        .execute(sql`select current_setting('enable_seqscan') as seq, current_setting('plan_cache_mode') as mode`),
    );
    expect(after).toEqual({ seq: "on", mode: "auto" });
  });

  it("refuses anything but a select, and bad settings, before sending anything", async () => {
    const before = await t.db().$count(schema.menus);
    await expect(readWithKeptPlans(t.db(), {}, [sql`delete from menus`])).rejects.toThrow(/only plain selects/);
    await expect(
      readWithKeptPlans(t.db(), {}, [sql`with x as (delete from menus returning id) select * from x`]),
    ).rejects.toThrow(/only plain selects/);
    await expect(
      readWithKeptPlans(t.db(), { "work_mem'); drop table menus; --": "1" }, [sql`select 1`]),
    ).rejects.toThrow(/bad setting/);
    expect(await t.db().$count(schema.menus)).toBe(before);
  });
});

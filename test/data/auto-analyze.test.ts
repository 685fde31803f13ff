/**
 * The embedded database's ANALYZE (lib/db/auto-analyze.ts), on the real database (PGlite, or
 * PostgreSQL with TEST_DATABASE_URL, whose counts are the same): a table changed past autovacuum's
 * threshold is analyzed, once; a table changed less is left alone; the loop runs on the embedded database only.
 */
import { expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { setupTestDatabase } from "@/test/db";
import { getDbHandle, schema } from "@/lib/db";
import { rowsOf } from "@/lib/db/rows";
import { analyzeChangedTables, startAutoAnalyze, stopAutoAnalyze } from "@/lib/db/auto-analyze";
import { userIdOf } from "@/test/auth";
import { menuId } from "@/test/content/helpers";

const t = setupTestDatabase();

/** Inserts in one transaction, whose end reports its counts at once (pg_stat_force_next_flush: no second's wait). */
async function changed(insert: (tx: Parameters<Parameters<ReturnType<typeof t.db>["transaction"]>[0]>[0]) => Promise<unknown>) {
  await t.db().transaction(async (tx) => {
    await insert(tx);
    await tx.execute(sql`select pg_stat_force_next_flush()`);
  });
}

const analyzed = async (table: string) => {
  const [row] = rowsOf<{ at: string | null }>(await t.db().execute(sql`select last_analyze::text as at from pg_stat_user_tables where relname = ${table}`));
  return row?.at ?? null;
};

/** The tables due, once the counts have arrived (they are reported when the inserting connection goes idle). */
async function dueAfterCounts(table: string): Promise<string[]> {
  for (let i = 0; i < 50; i++) {
    const [row] = rowsOf<{ n: number }>(await t.db().execute(sql`select n_mod_since_analyze::int as n from pg_stat_user_tables where relname = ${table}`));
    if ((row?.n ?? 0) > 0) break;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return analyzeChangedTables(t.db());
}

it("analyzes a table changed past 50 rows plus 10% of it, once, and leaves a table changed less alone", async () => {
  await t.db().execute(sql`analyze`);
  const news = await menuId(t.db(), "company-news");
  const admin = await userIdOf(t.db(), "admin");
  const [post] = await t.db().insert(schema.posts).values({ menuId: news, title: "Analyze me", createdBy: admin }).returning();
  // Few posts changed (one), many comments (120).
  await changed((tx) => tx.insert(schema.comments).values(Array.from({ length: 120 }, (_, i) => ({ postId: post.id, comment: `comment ${i}` }))));
  expect(await analyzed("comments")).not.toBeNull(); // by the ANALYZE above
  const before = await analyzed("comments");
  const due = await dueAfterCounts("comments");
  expect(due).toContain("comments");
  expect(due).not.toContain("posts");
  expect(await analyzed("comments")).not.toBe(before);
  expect(await analyzeChangedTables(t.db())).not.toContain("comments");
});

it("runs by itself on the embedded database only (PostgreSQL has autovacuum)", async () => {
  const embedded = (await getDbHandle()).kind === "pglite";
  const started = await startAutoAnalyze({ intervalMs: 50 });
  try {
    expect(started).toBe(embedded);
    if (!embedded) return;
    const before = await analyzed("comments");
    const [post] = await t.db().select({ id: schema.posts.id }).from(schema.posts).limit(1);
    await changed((tx) => tx.insert(schema.comments).values(Array.from({ length: 200 }, (_, i) => ({ postId: post.id, comment: `later ${i}` }))));
    await expect.poll(() => analyzed("comments"), { timeout: 10_000, interval: 100 }).not.toBe(before);
  } finally {
    await stopAutoAnalyze();
  }
});

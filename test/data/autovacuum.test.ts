/**
 * The embedded database's autovacuum (lib/db/autovacuum.ts), on the real database (PGlite, or
 * PostgreSQL with TEST_DATABASE_URL, whose counts are the same): a table changed past autovacuum's
 * thresholds is analyzed, or vacuumed, once; a table changed less is left alone; the loop runs on
 * the embedded database only.
 */
import { expect, it } from "vitest";
import { eq, sql } from "drizzle-orm";
import { setupTestDatabase } from "@/test/db";
import { getDbHandle, schema, type Tx } from "@/lib/db";
import { rowsOf } from "@/lib/db/rows";
import { maintainTables, startAutovacuum, stopAutovacuum } from "@/lib/db/autovacuum";
import { userIdOf } from "@/test/auth";
import { menuId } from "@/test/content/helpers";

const t = setupTestDatabase();

/** Changes in one transaction, whose end reports its counts at once (pg_stat_force_next_flush: no second's wait). */
async function changed(change: (tx: Tx) => Promise<unknown>) {
  await t.db().transaction(async (tx) => {
    await change(tx);
    await tx.execute(sql`select pg_stat_force_next_flush()`);
  });
}

type Counts = { analyzed: string | null; vacuumed: string | null; mod: number; dead: number };
async function counts(table: string): Promise<Counts> {
  const [row] = rowsOf<Counts>(
    await t.db().execute(sql`
      select last_analyze::text as analyzed, last_vacuum::text as vacuumed, n_mod_since_analyze::int as mod, n_dead_tup::int as dead
      from pg_stat_user_tables where relname = ${table}`),
  );
  return row;
}

/** Waits until the counts have arrived (they are reported when the changing connection goes idle). */
async function countsArrived(table: string, ready: (c: Counts) => boolean) {
  await expect.poll(async () => ready(await counts(table)), { timeout: 5_000, interval: 50 }).toBe(true);
}

it("analyzes a table changed past 50 rows plus 10% of it, vacuums one with dead rows past 50 plus 20%, and leaves the rest", async () => {
  // PostgreSQL's own autovacuum must not do the work first (a race this test would lose now and then).
  await t.db().execute(sql`alter table comments set (autovacuum_enabled = false)`);
  await t.db().execute(sql`vacuum analyze`);
  const news = await menuId(t.db(), "company-news");
  const admin = await userIdOf(t.db(), "admin");
  const [post] = await t.db().insert(schema.posts).values({ menuId: news, title: "Maintain me", createdBy: admin }).returning();
  // Few posts changed (one), many comments (120 inserted).
  await changed((tx) => tx.insert(schema.comments).values(Array.from({ length: 120 }, (_, i) => ({ postId: post.id, comment: `comment ${i}` }))));
  await countsArrived("comments", (c) => c.mod >= 120);
  const before = await counts("comments");
  const first = await maintainTables(t.db());
  expect(first.analyzed).toContain("comments");
  expect(first.vacuumed).not.toContain("comments"); // no dead rows, and fewer than 1,000 inserted
  expect(first.analyzed).not.toContain("posts");
  expect((await counts("comments")).analyzed).not.toBe(before.analyzed);
  expect((await maintainTables(t.db())).analyzed).not.toContain("comments");

  // Deleting them leaves 120 dead rows: vacuumed (and analyzed: they changed too).
  await changed((tx) => tx.delete(schema.comments).where(eq(schema.comments.postId, post.id)));
  await countsArrived("comments", (c) => c.dead >= 120);
  const second = await maintainTables(t.db());
  expect(second.vacuumed).toContain("comments");
  expect(second.analyzed).toContain("comments");
  const after = await counts("comments");
  expect(after.vacuumed).not.toBeNull();
  expect(after.dead).toBe(0);
  expect((await maintainTables(t.db())).vacuumed).not.toContain("comments");
});

it("runs by itself on the embedded database only (PostgreSQL has its own)", async () => {
  const embedded = (await getDbHandle()).kind === "pglite";
  const started = await startAutovacuum({ intervalMs: 50 });
  try {
    expect(started).toBe(embedded);
    if (!embedded) return;
    const before = (await counts("comments")).analyzed;
    const [post] = await t.db().select({ id: schema.posts.id }).from(schema.posts).limit(1);
    await changed((tx) => tx.insert(schema.comments).values(Array.from({ length: 200 }, (_, i) => ({ postId: post.id, comment: `later ${i}` }))));
    await expect.poll(async () => (await counts("comments")).analyzed, { timeout: 10_000, interval: 100 }).not.toBe(before);
  } finally {
    await stopAutovacuum();
  }
});

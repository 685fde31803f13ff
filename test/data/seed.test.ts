/** The demo seed is idempotent: running it again (even with another password) changes nothing. */
import { describe, expect, it } from "vitest";
import { asc, getTableName, is, sql } from "drizzle-orm";
import { PgTable } from "drizzle-orm/pg-core";
import { setupTestDatabase } from "@/test/db";
import { schema } from "@/lib/db";
import { seedDatabase } from "@/lib/db/seed";

const t = setupTestDatabase();
const tables: PgTable[] = (Object.values(schema) as unknown[]).filter((v): v is PgTable => is(v, PgTable));

async function snapshot() {
  const db = t.db();
  const counts: Record<string, number> = {};
  for (const table of tables) {
    counts[getTableName(table)] = (await db.select({ n: sql<number>`count(*)::int` }).from(table))[0].n;
  }
  const users = await db
    .select({ username: schema.users.username, roleId: schema.users.roleId, passwordHash: schema.users.passwordHash })
    .from(schema.users)
    .orderBy(asc(schema.users.id));
  const menus = await db
    .select({
      slug: schema.menus.slug,
      parentId: schema.menus.parentId,
      position: schema.menus.position,
      pageTypes: schema.menus.pageTypes,
    })
    .from(schema.menus)
    .orderBy(asc(schema.menus.id));
  return { counts, users, menus };
}

describe("seedDatabase", () => {
  it("seeds one user per role, the permissions, department 5's locations and every page type", async () => {
    const { counts, users, menus } = await snapshot();
    expect(users.map((u) => [u.username, u.roleId])).toEqual([
      ["admin", 1],
      ["manager", 2],
      ["staff", 3],
    ]);
    expect(users.every((u) => u.passwordHash?.startsWith("$2"))).toBe(true); // bcrypt, never plain
    expect(counts.permissions).toBe(3);
    expect(counts.locations).toBeGreaterThan(0);
    const types = new Set(menus.flatMap((m) => m.pageTypes));
    expect([...types].sort()).toEqual([1, 2, 3]);
    expect(menus.some((m) => m.parentId !== null)).toBe(true);
    const locations = await t.db().select().from(schema.locations);
    expect(locations.every((l) => l.departmentId === 5 && l.managerEmail)).toBe(true);
  });

  it("changes nothing when run twice more", async () => {
    const before = await snapshot();
    expect(tables.length).toBeGreaterThanOrEqual(14);
    await seedDatabase(t.db(), { password: "demo1234" });
    await seedDatabase(t.db(), { password: "another-password" });
    expect(await snapshot()).toEqual(before);
  });
});

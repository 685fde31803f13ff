import { describe, expect, it } from "vitest";
import { getDbHandle, schema } from "@/lib/db";
import { listDiscussions } from "@/lib/content/queries";
import { useTestDatabase } from "../db";

const { db } = useTestDatabase();

async function newMenu(slug: string) {
  const [menu] = await db().insert(schema.menus).values({ slug, title: slug, pageTypes: [1], position: 900 }).returning({ id: schema.menus.id });
  return menu.id;
}

const params = (menuId: number) => ({ menuId, sort: "newest" as const, page: 1, perPage: 10 });

describe("the content lists' read cache (lib/db/config-cache.ts cachedRead)", () => {
  it("shows every write on the next read, on either database", async () => {
    const menuId = await newMenu("read-cache-a");
    expect((await listDiscussions(params(menuId))).total).toBe(0);
    await db().insert(schema.posts).values({ menuId, title: "First" });
    const one = await listDiscussions(params(menuId));
    expect(one.rows.map((r) => r.title)).toEqual(["First"]);
    await db().update(schema.posts).set({ title: "Renamed" });
    expect((await listDiscussions(params(menuId))).rows.map((r) => r.title)).toEqual(["Renamed"]);
    await db().delete(schema.posts);
    expect((await listDiscussions(params(menuId))).total).toBe(0);
  });

  it("serves a repeated read from memory on the embedded database only, as a frozen value", async () => {
    const menuId = await newMenu("read-cache-b");
    await db().insert(schema.posts).values({ menuId, title: "Kept" });
    const a = await listDiscussions(params(menuId));
    const b = await listDiscussions(params(menuId));
    const { kind } = await getDbHandle();
    if (kind === "pglite") {
      expect(b).toBe(a);
      expect(Object.isFrozen(a.rows[0])).toBe(true);
    } else {
      expect(b).not.toBe(a);
      expect(b).toEqual(a);
    }
    // Different parameters are different reads.
    expect(await listDiscussions({ ...params(menuId), q: "nothing-matches" })).not.toBe(a);
  });
});

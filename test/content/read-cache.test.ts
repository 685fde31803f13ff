import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { schema } from "@/lib/db";
import { readContentStamp } from "@/lib/db/config-cache";
import { listDiscussions } from "@/lib/content/discussion/queries";
import { setupTestDatabase } from "../db";

const { db } = setupTestDatabase();

async function newMenu(slug: string) {
  const [menu] = await db()
    .insert(schema.menus)
    .values({ slug, title: slug, pageTypes: [1], position: 900 })
    .returning({ id: schema.menus.id });
  return menu.id;
}

const params = (menuId: number) => ({
  menuId,
  sort: "newest" as const,
  page: 1,
  perPage: 10,
  viewer: { roleId: 3, locationId: null },
});

/** A list read the way a request makes it: the content stamp first (the session lookup), then the list. */
async function listAsRequest(menuId: number, extra: { q?: string } = {}) {
  return listDiscussions({ ...params(menuId), ...extra }, await readContentStamp(db()));
}

describe("the content lists' read cache (lib/db/config-cache.ts cachedRead)", () => {
  it("shows every write on the next request's read, on either database", async () => {
    const menuId = await newMenu("read-cache-a");
    const [editor] = await db()
      .insert(schema.users)
      .values({ username: "cache-editor", firstName: "Ann", lastName: "Old", roleId: 1 })
      .returning({ id: schema.users.id });
    expect((await listAsRequest(menuId)).total).toBe(0);
    const [post] = await db()
      .insert(schema.posts)
      .values({ menuId, title: "First", createdBy: editor.id })
      .returning({ id: schema.posts.id });
    const one = await listAsRequest(menuId);
    expect(one.rows.map((r) => [r.title, r.updatedName])).toEqual([["First", "Ann Old"]]);
    await db().update(schema.posts).set({ title: "Renamed" });
    expect((await listAsRequest(menuId)).rows.map((r) => r.title)).toEqual(["Renamed"]);
    // The editor's name is part of the list.
    await db().update(schema.users).set({ lastName: "New" }).where(eq(schema.users.id, editor.id));
    expect((await listAsRequest(menuId)).rows.map((r) => r.updatedName)).toEqual(["Ann New"]);
    await db().insert(schema.contentDocuments).values({ postId: post.id, path: "x/a.pdf", name: "a.pdf" });
    expect((await listAsRequest(menuId)).rows[0].documents.map((d) => d.name)).toEqual(["a.pdf"]);
    await db().delete(schema.posts);
    expect((await listAsRequest(menuId)).total).toBe(0);
  });

  it("moves the content version on with each change the lists show, and not with others", async () => {
    const menuId = await newMenu("read-cache-c");
    const [editor] = await db()
      .insert(schema.users)
      .values({ username: "cache-stamp", roleId: 1 })
      .returning({ id: schema.users.id });
    const stamp = () => readContentStamp(db());
    const changes: [string, () => Promise<unknown>][] = [
      ["post", () => db().insert(schema.posts).values({ menuId, title: "P" })],
      [
        "attachment",
        () =>
          db()
            .insert(schema.attachments)
            .values({ menuId, title: "A", uploadType: "url", url: "https://example.com/" }),
      ],
      ["save-the-date", () => db().insert(schema.saveTheDates).values({ menuId, title: "S", eventDate: "2026-12-01" })],
      ["attachment group", () => db().insert(schema.attachmentGroups).values({ name: "G" })],
      [
        "editor's name",
        () => db().update(schema.users).set({ firstName: "Bea" }).where(eq(schema.users.id, editor.id)),
      ],
    ];
    for (const [what, change] of changes) {
      const before = await stamp();
      await change();
      expect(await stamp(), what).not.toBe(before);
    }
    const before = await stamp();
    await db().update(schema.users).set({ profileColor: "#123456" }).where(eq(schema.users.id, editor.id));
    await db().update(schema.users).set({ firstName: "Bea" }).where(eq(schema.users.id, editor.id)); // unchanged name
    await db()
      .insert(schema.menus)
      .values({ slug: "read-cache-d", title: "D", pageTypes: [1], position: 901 });
    expect(await stamp()).toBe(before);
  });

  it("lets a one-statement edit wait for a longer transaction instead of deadlocking on the version row", async () => {
    const menuId = await newMenu("read-cache-e");
    const [p1, p2] = await db()
      .insert(schema.posts)
      .values([
        { menuId, title: "One" },
        { menuId, title: "Two" },
      ])
      .returning({ id: schema.posts.id });
    let firstDone!: () => void;
    const firstWrote = new Promise<void>((resolve) => (firstDone = resolve));
    // A transaction edits post 1, then (while another edits post 2) post 2 as well.
    const long = db().transaction(async (tx) => {
      await tx.update(schema.posts).set({ title: "One (long)" }).where(eq(schema.posts.id, p1.id));
      firstDone();
      await new Promise((resolve) => setTimeout(resolve, 300));
      await tx.update(schema.posts).set({ title: "Two (long)" }).where(eq(schema.posts.id, p2.id));
    });
    await firstWrote;
    const short = db().update(schema.posts).set({ title: "Two (short)" }).where(eq(schema.posts.id, p2.id));
    await Promise.all([long, short]);
    const rows = await db()
      .select({ id: schema.posts.id, title: schema.posts.title })
      .from(schema.posts)
      .where(eq(schema.posts.menuId, menuId));
    expect(rows.find((r) => r.id === p1.id)?.title).toBe("One (long)");
  });

  it("serves a repeated read with the same stamp from memory, as a frozen value; without a stamp it reads again", async () => {
    const menuId = await newMenu("read-cache-b");
    await db().insert(schema.posts).values({ menuId, title: "Kept" });
    const a = await listAsRequest(menuId);
    const b = await listAsRequest(menuId);
    expect(b).toBe(a);
    expect(Object.isFrozen(a.rows[0])).toBe(true);
    // Different parameters are different reads.
    expect(await listAsRequest(menuId, { q: "nothing-matches" })).not.toBe(a);
    const unstamped = await listDiscussions(params(menuId));
    expect(unstamped).not.toBe(a);
    expect(unstamped).toEqual(a);
  });
});

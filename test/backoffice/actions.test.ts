/**
 * The menu editor's and the colour options' server actions (docs/decisions.md): the screens write through them,
 * not v1. Manager and staff are refused and nothing is written; the administrator gets the same effect
 * and messages as the v1 calls (test/backoffice/menus-api.test.ts, color-options-api.test.ts).
 */
import { beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { and, eq, sql } from "drizzle-orm";
import { schema } from "@/lib/db";
import type { SessionUser } from "@/lib/auth/session";
import { setupTestDatabase } from "@/test/db";
import { actors } from "@/test/content/helpers";
import { listEditorMenus } from "@/lib/menus/queries";

// Server actions read the browser session through getCurrentUser(); the test decides who is signed in.
const signedIn = vi.hoisted(() => ({ user: null as SessionUser | null }));
vi.mock("next/headers", () => import("@/test/mock-next-headers"));
vi.mock("@/lib/auth/guards", async (importOriginal) => {
  const mod = await importOriginal<typeof import("@/lib/auth/guards")>();
  return { ...mod, getCurrentUser: async () => signedIn.user };
});

const menuActions = await import("@/lib/menus/actions");
const colorActions = await import("@/lib/backoffice/actions");

const t = setupTestDatabase();
let who: Awaited<ReturnType<typeof actors>>;

beforeAll(async () => {
  who = await actors(t.db());
});
beforeEach(() => {
  signedIn.user = who.admin.user;
});

const count = async (table: typeof schema.menus | typeof schema.auditLog | typeof schema.calendarKeys) =>
  Number(
    (
      await t
        .db()
        .select({ n: sql<number>`count(*)` })
        .from(table)
    )[0].n,
  );
const menuBySlug = async (slug: string) =>
  (await t.db().select().from(schema.menus).where(eq(schema.menus.slug, slug)))[0];
/** The main menus in the editor's (position) order. */
const rootIds = async () => (await listEditorMenus()).map((m) => m.id);

/** Runs `call` as manager and as staff: each is refused with a 403 and nothing is written. */
async function refusedToOthers(call: () => Promise<unknown>, tables: Parameters<typeof count>[0][]) {
  const before = await Promise.all(tables.map(count));
  for (const role of ["manager", "staff"] as const) {
    signedIn.user = who[role].user;
    expect(await call(), role).toMatchObject({ ok: false, status: 403 });
  }
  signedIn.user = who.admin.user;
  expect(await Promise.all(tables.map(count))).toEqual(before);
}

describe("menu actions", () => {
  it("saveMenuAction: refused to manager and staff; the administrator adds and renames like add_edit_menu", async () => {
    await refusedToOthers(
      () => menuActions.saveMenuAction({ menu_title: "Not Theirs", features: [1] }),
      [schema.menus, schema.auditLog],
    );
    expect(await menuBySlug("not-theirs")).toBeUndefined();

    const added = await menuActions.saveMenuAction({ menu_title: "Parts & Accessories", features: [1, 2] });
    expect(added).toMatchObject({
      ok: true,
      message: "Menu Added Successfully",
      data: { slug: "parts-and-accessories" },
    });
    if (!added.ok) return;
    const row = await menuBySlug("parts-and-accessories");
    expect(row).toMatchObject({ id: added.data.id, title: "Parts & Accessories", pageTypes: [1, 2], parentId: null });

    const renamed = await menuActions.saveMenuAction({ id: row.id, menu_title: "Parts", features: [1, 2] });
    expect(renamed).toMatchObject({ ok: true, message: "Menu Updated Successfully", data: { slug: "parts" } });
    const audits = await t
      .db()
      .select()
      .from(schema.auditLog)
      .where(and(eq(schema.auditLog.entity, "menu"), eq(schema.auditLog.entityId, String(row.id))));
    expect(audits.map((a) => a.action).sort()).toEqual(["create", "update"]);
  });

  it("saveMenuAction: the old portal's messages on the fields, nothing written", async () => {
    const before = await count(schema.menus);
    expect(await menuActions.saveMenuAction({ menu_title: " ", features: [1] })).toMatchObject({
      ok: false,
      status: 422,
      fieldErrors: { menu_title: ["The Menu Name Field Is Required."] },
    });
    expect(await menuActions.saveMenuAction({ menu_title: "X", url: "www.example.com" })).toMatchObject({
      ok: false,
      status: 422,
      fieldErrors: { url: ["The URL field is not a valid URL."] },
    });
    expect(await count(schema.menus)).toBe(before);
  });

  it("reorderMenusAction: refused to manager and staff; the administrator reorders the main menus", async () => {
    const ids = await rootIds();
    const reversed = [...ids].reverse();
    await refusedToOthers(
      () => menuActions.reorderMenusAction({ menu_data: reversed.map((id) => ({ id })) }),
      [schema.auditLog],
    );
    expect(await rootIds()).toEqual(ids);

    expect(await menuActions.reorderMenusAction({ menu_data: reversed.map((id) => ({ id })) })).toMatchObject({
      ok: true,
      message: "Menu Position Changed Successfully",
    });
    expect(await rootIds()).toEqual(reversed);
    expect(await menuActions.reorderMenusAction({ menu_data: reversed.slice(1) })).toMatchObject({
      ok: false,
      status: 422,
    });
  });

  it("deleteMenuAction: refused to manager and staff; 409 with the counts, then move; a plain delete", async () => {
    const made = await menuActions.saveMenuAction({ menu_title: "Holds Things", features: [1] });
    const plain = await menuActions.saveMenuAction({ menu_title: "Empty One", features: [1] });
    if (!made.ok || !plain.ok) throw new Error("setup failed");
    const [post] = await t
      .db()
      .insert(schema.posts)
      .values({ menuId: made.data.id, title: "A post", createdBy: who.admin.user.id })
      .returning({ id: schema.posts.id });

    await refusedToOthers(() => menuActions.deleteMenuAction({ id: plain.data.id }), [schema.menus, schema.auditLog]);

    expect(await menuActions.deleteMenuAction({ id: made.data.id })).toEqual({
      ok: false,
      status: 409,
      message: "This menu still holds 1 post.",
      fieldErrors: { content_action: ["This menu still holds 1 post."] },
    });
    const target = await menuBySlug("company-news");
    expect(
      await menuActions.deleteMenuAction({ id: made.data.id, content_action: "move", move_to: target.id }),
    ).toMatchObject({ ok: true, message: "Menu Deleted Successfully", data: { moved: 1, deleted: 0 } });
    expect((await t.db().select().from(schema.posts).where(eq(schema.posts.id, post.id)))[0].menuId).toBe(target.id);
    expect(await menuBySlug("holds-things")).toBeUndefined();

    expect(await menuActions.deleteMenuAction({ id: plain.data.id })).toMatchObject({
      ok: true,
      message: "Menu Deleted Successfully",
    });
    expect(await menuBySlug("empty-one")).toBeUndefined();
  });
});

const KINDS = [
  {
    kind: "key",
    save: colorActions.saveCalendarKeyAction,
    toggle: colorActions.toggleCalendarKeyAction,
    table: schema.calendarKeys,
    nameField: "key_name",
    entity: "calendar_key",
    saved: "Key Added Successfully",
    toggled: "Calendar Key Status Changed Successfully",
  },
  {
    kind: "group",
    save: colorActions.saveAttachmentGroupAction,
    toggle: colorActions.toggleAttachmentGroupAction,
    table: schema.attachmentGroups,
    nameField: "group_title",
    entity: "attachment_group",
    saved: "Group Added Successfully",
    toggled: "Attachment Group Status Changed Successfully",
  },
] as const;

describe.each(KINDS)("colour option actions ($kind)", ({ save, toggle, table, nameField, entity, saved, toggled }) => {
  const byName = async (name: string) =>
    (await t.db().select().from(table).where(eq(table.name, name)))[0] as
      { id: number; colorCode: string; status: string } | undefined;

  it("save: refused to manager and staff; the administrator adds, updates and is told a name is taken", async () => {
    await refusedToOthers(
      () => save({ name: `Theirs ${entity}`, color: "#112233" }),
      [table as typeof schema.calendarKeys, schema.auditLog],
    );

    const res = await save({ name: `Lane ${entity}`, color: "#AABBCC" });
    expect(res).toMatchObject({ ok: true, message: saved });
    const row = await byName(`Lane ${entity}`);
    expect(row).toMatchObject({ colorCode: "#aabbcc", status: "active" });

    expect(await save({ id: row!.id, name: `Lane ${entity}`, color: "#11223380" })).toMatchObject({ ok: true });
    expect((await byName(`Lane ${entity}`))!.colorCode).toBe("#11223380");

    const taken = await save({ name: `LANE ${entity}`, color: "#444444" });
    expect(taken).toMatchObject({ ok: false, status: 422, fieldErrors: { [nameField]: [expect.any(String)] } });
    if (!taken.ok) expect(taken.message).toMatch(/already exists\.$/);
    const audits = await t
      .db()
      .select()
      .from(schema.auditLog)
      .where(and(eq(schema.auditLog.entity, entity), eq(schema.auditLog.entityId, String(row!.id))));
    expect(audits.map((a) => a.action).sort()).toEqual(["create", "update"]);
  });

  it("toggle: refused to manager and staff; the administrator flips the status", async () => {
    await save({ name: `Flip ${entity}`, color: "#444444" });
    const row = (await byName(`Flip ${entity}`))!;
    await refusedToOthers(() => toggle({ id: row.id }), [schema.auditLog]);
    expect((await byName(`Flip ${entity}`))!.status).toBe("active");

    expect(await toggle({ id: row.id })).toMatchObject({ ok: true, message: toggled });
    expect((await byName(`Flip ${entity}`))!.status).toBe("inactive");
    expect(await toggle({ id: 999999 })).toMatchObject({ ok: false, status: 404 });
  });
});

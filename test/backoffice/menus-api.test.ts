/**
 * The menu editor's v1 calls (docs/features/admin.md): add_edit_menu, change_menu_position, delete_menu, get_icons.
 * Slugs from titles (unique, never a portal path, old slugs redirect), the old portal's validation messages,
 * built-in menus, whole-level reorders in one transaction, deletes that never orphan content or files,
 * audit rows, the sidebar's tree after each change, and 403 for manager and staff on every call.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { and, eq, inArray, isNull, asc } from "drizzle-orm";
import { apiRequest, callRoute, setupTestDatabase, tokenFor } from "@/test/db";
import { expectErrorEnvelope } from "@/test/auth";
import { schema } from "@/lib/db";
import { POST as addEditMenu } from "@/app/api/v1/add_edit_menu/route";
import { POST as changeMenuPosition } from "@/app/api/v1/change_menu_position/route";
import { DELETE as deleteMenu } from "@/app/api/v1/delete_menu/route";
import { GET as getIcons } from "@/app/api/v1/get_icons/route";
import { findRenamedMenuSlug, listMenuTree } from "@/lib/menus/queries";
import { menuNotFound } from "@/app/(portal)/_lib/menu-not-found";
import { MENU_TEXTS } from "@/lib/menus/schemas";

const t = setupTestDatabase();
const tokens: Record<string, string> = {};

type Handler = typeof addEditMenu;
const send = (handler: Handler, name: string, body: unknown, who = "admin", method = "POST") =>
  callRoute(handler, apiRequest(`/api/v1/${name}`, { method, token: tokens[who], body }));
const save = (body: unknown, who = "admin") => send(addEditMenu, "add_edit_menu", body, who);
const reorder = (body: unknown, who = "admin") => send(changeMenuPosition, "change_menu_position", body, who);
const remove = (body: unknown, who = "admin") => send(deleteMenu, "delete_menu", body, who, "DELETE");
const content = <T>(res: { json: unknown }) => (res.json as { content: T }).content;
const menuBySlug = async (slug: string) =>
  (await t.db().select().from(schema.menus).where(eq(schema.menus.slug, slug)))[0];
const rootIds = async () =>
  (
    await t
      .db()
      .select({ id: schema.menus.id })
      .from(schema.menus)
      .where(isNull(schema.menus.parentId))
      .orderBy(asc(schema.menus.position), asc(schema.menus.id))
  ).map((r) => r.id);

beforeAll(async () => {
  for (const name of ["admin", "manager", "staff"]) tokens[name] = await tokenFor(t.db(), name);
});

describe("add_edit_menu", () => {
  it("adds a main menu and a sub-menu with slugs made from the title, at the end of their level, audited", async () => {
    const res = await save({
      menu_title: "Parts & Accessories",
      icon_id: 1,
      features: [{ id: 1, name: "Discussion" }, { id: 2 }],
      allow_in_attachment: [1, 2],
    });
    // code 200 like every other call (not 201 on create): old clients test `code === 200`.
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    expect(res.json).toMatchObject({ code: 200, status: "success" });
    const { id, slug } = content<{ id: number; slug: string }>(res);
    expect(slug).toBe("parts-and-accessories");
    const row = await menuBySlug(slug);
    expect(row).toMatchObject({
      title: "Parts & Accessories",
      pageTypes: [1, 2],
      allowInAttachment: 3,
      parentId: null,
    });
    expect((await rootIds()).at(-1)).toBe(id);

    const sub = await save({ menu_title: "Tyres", parent_id: id, features: "2", attachment: [2] });
    expect(sub.status).toBe(200);
    expect(await menuBySlug("tyres")).toMatchObject({ parentId: id, allowInAttachment: 2, position: 0 });
    const audits = await t
      .db()
      .select()
      .from(schema.auditLog)
      .where(and(eq(schema.auditLog.entity, "menu"), eq(schema.auditLog.entityId, String(id))));
    expect(audits.map((a) => a.action)).toContain("create");
  });

  it("keeps slugs unique and away from the portal's own paths", async () => {
    expect(content<{ slug: string }>(await save({ menu_title: "Company News" })).slug).toBe("company-news-2");
    expect(content<{ slug: string }>(await save({ menu_title: "Login" })).slug).toBe("login-2");
    expect(content<{ slug: string }>(await save({ menu_title: "User" })).slug).toBe("user-2");
    expect(content<{ slug: string }>(await save({ menu_title: "Calendar" })).slug).toBe("calendar-2");
    // A client-sent slug is not trusted.
    expect(content<{ slug: string }>(await save({ menu_title: "Api Docs", menu_slug: "api" })).slug).toBe("api-docs");
  });

  it("renaming moves the slug and keeps the old one as a redirect; the old slug is not given to a new menu", async () => {
    const { id } = content<{ id: number }>(await save({ menu_title: "Sales Tips", features: [1] }));
    const renamed = await save({ id, menu_title: "Sales Playbook", features: [1] });
    expect(content<{ slug: string }>(renamed).slug).toBe("sales-playbook");
    expect(await findRenamedMenuSlug("sales-tips")).toBe("sales-playbook");
    expect(content<{ slug: string }>(await save({ menu_title: "Sales Tips" })).slug).toBe("sales-tips-2");
    // Same slug after a change of case only: unchanged, no history row.
    expect(content<{ slug: string }>(await save({ id, menu_title: "SALES PLAYBOOK", features: [1] })).slug).toBe(
      "sales-playbook",
    );
    // Back to the first name: the menu takes its old slug back.
    expect(content<{ slug: string }>(await save({ id, menu_title: "Sales Tips!", features: [1] })).slug).toBe(
      "sales-tips",
    );
    expect(await findRenamedMenuSlug("sales-playbook")).toBe("sales-tips");
    // The pages: a 308 to the same page under the new slug (post links too); an unknown slug is the 404.
    const moved = (await menuNotFound("sales-playbook", "/post/5").catch((e: unknown) => e)) as { digest?: string };
    expect(moved.digest).toMatch(/^NEXT_REDIRECT;[a-z]+;\/sales-tips\/post\/5;308;/);
    const missing = (await menuNotFound("never-was").catch((e: unknown) => e)) as { digest?: string };
    expect(missing.digest).toMatch(/404/);
  });

  it.each([
    [{}, MENU_TEXTS.nameRequired],
    [{ menu_title: "   " }, MENU_TEXTS.nameRequired],
    [{ menu_title: "", parent_id: 1 }, MENU_TEXTS.subNameRequired],
    [{ menu_title: "x".repeat(191) }, MENU_TEXTS.nameTooLong],
    [{ menu_title: "Evil", url: "javascript:alert(1)" }, MENU_TEXTS.urlInvalid],
    [{ menu_title: "Evil", url: "data:text/html,hi" }, MENU_TEXTS.urlInvalid],
    [{ menu_title: "No protocol", url: "www.example.com/page" }, MENU_TEXTS.urlNoProtocol],
    [{ menu_title: "Both", url: "https://example.com/", features: [1] }, MENU_TEXTS.typesAndUrl],
    [{ menu_title: "Three and one", features: [1, 3] }, MENU_TEXTS.typeThreeAlone],
    [{ menu_title: "Three and two", features: "2,3" }, MENU_TEXTS.typeThreeAlone],
    [{ menu_title: "Attach without type 2", features: [1], allow_in_attachment: [1] }, MENU_TEXTS.attachmentNeedsType2],
    [{ menu_title: "Bad type", features: [4] }, "The page type is not valid."],
    [{ menu_title: "Bad icon", icon_id: "x" }, "The icon is not valid."],
  ])("refuses %j", async (body, message) => {
    const before = await t.db().select({ id: schema.menus.id }).from(schema.menus);
    const res = await save(body);
    expectErrorEnvelope(res, 422);
    expect(JSON.stringify(res.json)).toContain(message);
    expect(await t.db().select({ id: schema.menus.id }).from(schema.menus)).toHaveLength(before.length);
  });

  it("refuses an unknown icon, an unknown or nested parent, an unknown id", async () => {
    expectErrorEnvelope(await save({ menu_title: "Icon", icon_id: 999999 }), 422);
    expectErrorEnvelope(await save({ menu_title: "Orphan", parent_id: 999999 }), 404);
    const warranty = await menuBySlug("warranty-policies");
    expectErrorEnvelope(await save({ menu_title: "Too deep", parent_id: warranty.id }), 422);
    expectErrorEnvelope(await save({ id: 999999, menu_title: "Ghost" }), 404);
  });

  it("a built-in menu keeps its slug and page types (renaming its title is allowed)", async () => {
    const cal = await menuBySlug("calendar");
    for (const body of [{ features: [1] }, { features: [] }, { url: "https://example.com/" }]) {
      const res = await save({ id: cal.id, menu_title: "Calendar", ...body });
      expectErrorEnvelope(res, 422);
      expect((res.json as { message: string }).message).toBe(MENU_TEXTS.builtinTypes);
    }
    const ok = await save({ id: cal.id, menu_title: "Company Calendar", features: [3] });
    expect(content<{ slug: string }>(ok).slug).toBe("calendar");
  });
});

describe("change_menu_position", () => {
  it("reorders the main menus in one go; the sidebar tree shows the new order", async () => {
    const ids = await rootIds();
    const reversed = [...ids].reverse();
    const res = await reorder({ menu_data: reversed.map((id) => ({ id })) });
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    expect(await rootIds()).toEqual(reversed);
    expect((await listMenuTree({ roleId: 1 })).map((m) => m.id)).toEqual(reversed);
    await reorder({ menu_data: ids });
    expect(await rootIds()).toEqual(ids);
  });

  it("reorders one menu's sub-menus", async () => {
    const parent = await menuBySlug("service-department");
    const subs = (
      await t
        .db()
        .select()
        .from(schema.menus)
        .where(eq(schema.menus.parentId, parent.id))
        .orderBy(asc(schema.menus.position))
    ).map((m) => m.id);
    expect((await reorder({ parent_id: parent.id, menu_data: [...subs].reverse() })).status).toBe(200);
    const tree = await listMenuTree({ roleId: 1 });
    expect(tree.find((m) => m.id === parent.id)!.children.map((c) => c.id)).toEqual([...subs].reverse());
  });

  it("refuses a list that omits, repeats or names another level's menus, and changes nothing", async () => {
    const ids = await rootIds();
    const parent = await menuBySlug("service-department");
    const sub = (await t.db().select().from(schema.menus).where(eq(schema.menus.parentId, parent.id)))[0].id;
    for (const body of [
      { menu_data: ids.slice(1) },
      { menu_data: [...ids, ids[0]] },
      { menu_data: [...ids.slice(1), sub] },
      { menu_data: [...ids, 999999] },
      { parent_id: parent.id, menu_data: ids },
      { menu_data: [] },
      { menu_data: ["a"] },
      { menu_data: "1,2" },
    ]) {
      const res = await reorder(body);
      expectErrorEnvelope(res, 422);
    }
    expect(await rootIds()).toEqual(ids);
  });
});

describe("delete_menu", () => {
  it("deletes an empty menu with its sub-menus, audited", async () => {
    const { id } = content<{ id: number }>(await save({ menu_title: "Short lived", features: [1] }));
    await save({ menu_title: "Short child", parent_id: id, features: [1] });
    const res = await remove({ id });
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    expect(
      await t
        .db()
        .select()
        .from(schema.menus)
        .where(inArray(schema.menus.slug, ["short-lived", "short-child"])),
    ).toHaveLength(0);
    const audits = await t
      .db()
      .select()
      .from(schema.auditLog)
      .where(
        and(
          eq(schema.auditLog.entity, "menu"),
          eq(schema.auditLog.action, "delete"),
          eq(schema.auditLog.entityId, String(id)),
        ),
      );
    expect(audits).toHaveLength(1);
  });

  it("refuses built-in menus", async () => {
    for (const slug of ["calendar", "cic-monthly-meetings"]) {
      const res = await remove({ id: (await menuBySlug(slug)).id });
      expectErrorEnvelope(res, 422);
      expect((res.json as { message: string }).message).toBe(MENU_TEXTS.builtinDelete);
      expect(await menuBySlug(slug)).toBeDefined();
    }
  });

  async function menuWithContent(title: string) {
    const db = t.db();
    const { id } = content<{ id: number }>(await save({ menu_title: title, features: [1, 2] }));
    const [admin] = await db.select().from(schema.users).where(eq(schema.users.username, "admin"));
    const [file] = await db
      .insert(schema.files)
      .values({
        storageKey: `post/test/${title}.pdf`,
        originalName: "a.pdf",
        kind: "post",
        status: "attached",
        ownerId: admin.id,
      })
      .returning();
    const [post] = await db
      .insert(schema.posts)
      .values({ menuId: id, title: "A post", createdBy: admin.id })
      .returning();
    await db
      .insert(schema.contentDocuments)
      .values({ postId: post.id, fileId: file.id, path: file.storageKey, name: "a.pdf" });
    await db
      .insert(schema.attachments)
      .values({ menuId: id, title: "A link", uploadType: "url", url: "https://example.com/" });
    await db.insert(schema.saveTheDates).values({ menuId: id, title: "A date", eventDate: "2026-01-01" });
    return { id, fileId: file.id, postId: post.id };
  }

  it("a menu with content answers 409 with the counts; move takes the content to another menu", async () => {
    const { id, postId } = await menuWithContent("Holds things");
    const first = await remove({ id });
    expectErrorEnvelope(first, 409);
    expect((first.json as { message: string }).message).toBe("This menu still holds 1 post, 1 attachment and 1 event.");
    expect(await menuBySlug("holds-things")).toBeDefined();

    const target = await menuBySlug("company-news");
    expectErrorEnvelope(await remove({ id, content_action: "move", move_to: id }), 422);
    expectErrorEnvelope(await remove({ id, content_action: "move" }), 422);
    const moved = await remove({ id, content_action: "move", move_to: target.id });
    expect(moved.status, JSON.stringify(moved.json)).toBe(200);
    expect((await t.db().select().from(schema.posts).where(eq(schema.posts.id, postId)))[0].menuId).toBe(target.id);
    expect(await menuBySlug("holds-things")).toBeUndefined();
  });

  it("delete removes the content and its files: no orphan rows", async () => {
    const { id, fileId } = await menuWithContent("Throw away");
    const res = await remove({ id, content_action: "delete" });
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    expect(await t.db().select().from(schema.files).where(eq(schema.files.id, fileId))).toHaveLength(0);
    expect(await t.db().select().from(schema.posts).where(eq(schema.posts.menuId, id))).toHaveLength(0);
  });

  it("refuses a bad body", async () => {
    for (const body of [{}, { id: "x" }, { id: 1, content_action: "burn" }])
      expectErrorEnvelope(await remove(body), 422);
    expectErrorEnvelope(await remove({ id: 999999 }), 404);
  });
});

describe("who may call", () => {
  it("get_icons answers the icons to an administrator", async () => {
    const res = await callRoute(getIcons, apiRequest("/api/v1/get_icons", { token: tokens.admin }));
    expect(res.status).toBe(200);
    expect(content<{ id: number; url: string }[]>(res).map((i) => i.url)).toContain("calendar");
  });

  it.each(["manager", "staff"])("%s gets 403 from every call and nothing changes", async (who) => {
    const before = await t.db().select().from(schema.menus).orderBy(asc(schema.menus.id));
    const news = await menuBySlug("company-news");
    expectErrorEnvelope(await save({ menu_title: "Nope" }, who), 403);
    expectErrorEnvelope(await save({ id: news.id, menu_title: "Nope" }, who), 403);
    expectErrorEnvelope(await reorder({ menu_data: [...(await rootIds())].reverse() }, who), 403);
    expectErrorEnvelope(await remove({ id: news.id }, who), 403);
    expectErrorEnvelope(await callRoute(getIcons, apiRequest("/api/v1/get_icons", { token: tokens[who] })), 403);
    expect(await t.db().select().from(schema.menus).orderBy(asc(schema.menus.id))).toEqual(before);
  });
});

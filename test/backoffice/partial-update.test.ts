/**
 * Partial updates in the back office (docs/decisions.md): an update of a menu (v1 add_edit_menu, the menu editor's action), of a
 * form e-mail mapping (v1 form/mapper/add/update, the mapping form's action) or of a calendar key or
 * attachment group (savemeetingkey, savegroup, their actions) changes only the fields its body names;
 * the rest of the row is unchanged.
 */
import { beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { eq } from "drizzle-orm";
import type { SessionUser } from "@/lib/auth/session";
import { schema } from "@/lib/db";
import { apiRequest, callRoute, setupTestDatabase } from "@/test/db";
import { actors } from "@/test/content/helpers";

const signedIn = vi.hoisted(() => ({ user: null as SessionUser | null }));
vi.mock("next/headers", () => import("@/test/mock-next-headers"));
vi.mock("@/lib/auth/guards", async (importOriginal) => {
  const mod = await importOriginal<typeof import("@/lib/auth/guards")>();
  return { ...mod, getCurrentUser: async () => signedIn.user };
});

const { POST: addEditMenu } = await import("@/app/api/v1/add_edit_menu/route");
const { POST: mapperSave } = await import("@/app/api/v1/form/mapper/add/update/route");
const { saveMenuAction } = await import("@/lib/menus/actions");
const { saveMappingAction } = await import("@/lib/forms/email-manager/actions");
const { POST: saveMeetingKey } = await import("@/app/api/v1/savemeetingkey/route");
const { POST: saveGroup } = await import("@/app/api/v1/savegroup/route");
const { saveCalendarKeyAction, saveAttachmentGroupAction } = await import("@/lib/backoffice/actions");

const t = setupTestDatabase();
let who: Awaited<ReturnType<typeof actors>>;
let location: number;
const { menus, formEmailMappings } = schema;

const v1 = (handler: Parameters<typeof callRoute>[0], path: string, body: unknown) =>
  callRoute(handler, apiRequest(path, { method: "POST", token: who.admin.token, body }));
const menuRow = async (id: number) => (await t.db().select().from(menus).where(eq(menus.id, id)))[0];
const mappingRow = async (id: number) =>
  (await t.db().select().from(formEmailMappings).where(eq(formEmailMappings.id, id)))[0];
const withoutStamps = <T extends { updatedAt: Date }>(row: T) => {
  const { updatedAt: _at, ...rest } = row;
  return rest;
};

async function newMenu(title: string) {
  const res = await v1(addEditMenu, "/api/v1/add_edit_menu", {
    menu_title: title,
    icon_id: 1,
    features: [1, 2],
    allow_in_attachment: [1, 2],
  });
  expect(res.status, JSON.stringify(res.json)).toBe(200);
  return res.json.content.id as number;
}

async function newMapping() {
  const res = await v1(mapperSave, "/api/v1/form/mapper/add/update", {
    form_id: 1,
    location: String(location),
    to_email: "to@example.com",
    cc_email: "cc1@example.com,cc2@example.com",
  });
  expect(res.status, JSON.stringify(res.json)).toBe(200);
  return res.json.content.ids[0] as number;
}

beforeAll(async () => {
  who = await actors(t.db());
  [{ id: location }] = await t.db().select({ id: schema.locations.id }).from(schema.locations).limit(1);
  const [perm] = await t
    .db()
    .select()
    .from(schema.permissions)
    .where(eq(schema.permissions.name, "access_form_email_manager"));
  await t
    .db()
    .insert(schema.userPermissions)
    .values({ userId: who.admin.user.id, permissionId: perm.id })
    .onConflictDoNothing();
});
beforeEach(async () => {
  signedIn.user = who.admin.user;
  await t.db().delete(formEmailMappings);
});

describe("a field left out is a field kept (menus, mappings)", () => {
  it("add_edit_menu with the title only keeps icon, page types and Allow In Attachment", async () => {
    const id = await newMenu("Parts Desk");
    const before = await menuRow(id);
    const res = await v1(addEditMenu, "/api/v1/add_edit_menu", { id, menu_title: "Parts Counter" });
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    expect(withoutStamps(await menuRow(id))).toEqual({
      ...withoutStamps(before),
      title: "Parts Counter",
      slug: "parts-counter",
    });
  });

  it("add_edit_menu with the icon only keeps the title (and slug) and the rest", async () => {
    const id = await newMenu("Body Shop");
    const before = await menuRow(id);
    const res = await v1(addEditMenu, "/api/v1/add_edit_menu", { id, icon_id: 2 });
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    expect(withoutStamps(await menuRow(id))).toEqual({ ...withoutStamps(before), iconId: 2 });
  });

  it("an older name of a field (page_type) still counts when the newer one is left out", async () => {
    const id = await newMenu("Detailing");
    const res = await v1(addEditMenu, "/api/v1/add_edit_menu", { id, page_type: [1, 2], attachment: [1] });
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    expect(await menuRow(id)).toMatchObject({ pageTypes: [1, 2], allowInAttachment: 1, title: "Detailing" });
  });

  it("what a menu is stays one choice: a URL sent alone turns a page into a link (types not kept beside it)", async () => {
    const id = await newMenu("Dealer Site");
    const res = await v1(addEditMenu, "/api/v1/add_edit_menu", { id, url: "https://example.com/" });
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    expect(await menuRow(id)).toMatchObject({
      url: "https://example.com/",
      pageTypes: [],
      allowInAttachment: null,
      iconId: 1,
      title: "Dealer Site",
    });
  });

  it("the menu editor's action with the title only keeps the rest", async () => {
    const id = await newMenu("Fleet Sales");
    const before = await menuRow(id);
    expect(await saveMenuAction({ id, menu_title: "Fleet" })).toMatchObject({ ok: true });
    expect(withoutStamps(await menuRow(id))).toEqual({ ...withoutStamps(before), title: "Fleet", slug: "fleet" });
  });

  it("form/mapper/add/update with To only keeps form, location and CC", async () => {
    const id = await newMapping();
    const before = await mappingRow(id);
    const res = await v1(mapperSave, "/api/v1/form/mapper/add/update", { id, to_email: "new@example.com" });
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    expect(withoutStamps(await mappingRow(id))).toEqual({
      ...withoutStamps(before),
      toEmails: ["new@example.com"],
      updatedBy: who.admin.user.id,
    });
  });

  it("the mapping form's action with CC only keeps form, location and To", async () => {
    const id = await newMapping();
    const before = await mappingRow(id);
    expect(await saveMappingAction({ id: String(id), cc: ["only@example.com"] } as never)).toMatchObject({ ok: true });
    expect(withoutStamps(await mappingRow(id))).toEqual({
      ...withoutStamps(before),
      ccEmails: ["only@example.com"],
      updatedBy: who.admin.user.id,
    });
  });

  it.each([
    ["savemeetingkey", "key_name", schema.calendarKeys],
    ["savegroup", "group_title", schema.attachmentGroups],
  ] as const)("%s with the name only keeps the colour", async (call, nameField, table) => {
    const handler = call === "savemeetingkey" ? saveMeetingKey : saveGroup;
    const made = await v1(handler, `/api/v1/${call}`, { [nameField]: `Colour ${call}`, color_code: "#12ab34" });
    expect(made.status, JSON.stringify(made.json)).toBe(200);
    const id = made.json.content.value as number;
    const res = await v1(handler, `/api/v1/${call}`, { id, [nameField]: `Renamed ${call}` });
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    const [row] = await t.db().select().from(table).where(eq(table.id, id));
    expect(row).toMatchObject({ name: `Renamed ${call}`, colorCode: "#12ab34", status: "active" });
  });

  it("the key and group actions with the name only keep the colour", async () => {
    for (const [action, table] of [
      [saveCalendarKeyAction, schema.calendarKeys],
      [saveAttachmentGroupAction, schema.attachmentGroups],
    ] as const) {
      const made = await action({ name: "Teal", color: "#008080" });
      expect(made).toMatchObject({ ok: true });
      const id = (made as { data: { id: number } }).data.id;
      expect(await action({ id, name: "Dark teal" } as never)).toMatchObject({ ok: true });
      const [row] = await t.db().select().from(table).where(eq(table.id, id));
      expect(row).toMatchObject({ name: "Dark teal", colorCode: "#008080" });
    }
  });
});

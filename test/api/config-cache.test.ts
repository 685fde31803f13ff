import { describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { apiRequest, callRoute, tokenFor, useTestDatabase } from "@/test/db";
import { GET as menuDetails } from "@/app/api/v1/get_menu_details/route";
import { GET as firstMenu } from "@/app/api/v1/get_first_menu/route";
import { readConfigStamp } from "@/lib/db/config-cache";
import { resolveToken } from "@/lib/auth/session";
import { getFirstMenuSlug, listMenuTree } from "@/lib/menus/queries";

const t = useTestDatabase();

// Menus and settings are served from memory (lib/db/config-cache.ts). These changes go around the app
// in raw SQL, as another server process or psql would, and must show on the very next request.
describe("menus and settings kept in memory", () => {
  const details = async (token: string, slug = "company-news") =>
    callRoute(menuDetails, apiRequest(`/api/v1/get_menu_details?slug=${slug}`, { token }));

  it("shows a title and system year changed by another process on the next call", async () => {
    const token = await tokenFor(t.db(), "staff");
    const before = await details(token);
    expect(before.json.content.menu_details.menu_title).toBe("Company News");
    await t.db().execute(sql`update menus set title = 'Group News' where slug = 'company-news'`);
    await t.db().execute(sql`update settings set value = '2031' where key = 'system_year'`);
    const after = await details(token);
    expect(after.json.content.menu_details.menu_title).toBe("Group News");
    expect(after.json.content.system_year).toBe(2031);
  });

  it("refuses a menu at once when its roles change, and 404s it once deleted", async () => {
    const token = await tokenFor(t.db(), "staff");
    expect((await details(token, "documents")).status).toBe(200);
    await t.db().execute(sql`update menus set allowed_role_ids = '{1,2}' where slug = 'documents'`);
    expect((await details(token, "documents")).status).toBe(403);
    await t.db().execute(sql`delete from menus where slug = 'documents'`);
    expect((await details(token, "documents")).status).toBe(404);
  });

  it("sees a new first menu without a session stamp (sign-in path) too", async () => {
    await t.db().execute(sql`insert into menus (slug, title, page_types, position) values ('bulletin-board', 'Bulletin Board', '{1}', -1)`);
    expect(await getFirstMenuSlug({ roleId: 3 })).toBe("bulletin-board");
    const token = await tokenFor(t.db(), "manager");
    expect((await callRoute(firstMenu, apiRequest("/api/v1/get_first_menu", { token }))).json.content.slug).toBe("bulletin-board");
  });

  it("reads the same stamp with the session as on its own, and changes it on any write", async () => {
    const user = await resolveToken(await tokenFor(t.db(), "admin"));
    const stamp = await readConfigStamp(t.db());
    expect(user?.configStamp).toBe(stamp);
    expect(await readConfigStamp(t.db())).toBe(stamp);
    await t.db().execute(sql`update icons set url = url where id = (select min(id) from icons)`);
    expect(await readConfigStamp(t.db())).not.toBe(stamp);
  });

  it("hands out a frozen tree so no caller can change what others see", async () => {
    const tree = await listMenuTree({ roleId: 1 });
    expect(() => {
      (tree as { title: string }[])[0].title = "changed";
    }).toThrow(TypeError);
    expect(() => tree.push(tree[0])).toThrow(TypeError);
  });
});

import { describe, expect, it } from "vitest";
import { eq, sql } from "drizzle-orm";
import { encode } from "next-auth/jwt";
import { apiRequest, callRoute, tokenFor, setupTestDatabase } from "@/test/db";
import { GET as menuDetails } from "@/app/api/v1/get_menu_details/route";
import { GET as firstMenu } from "@/app/api/v1/get_first_menu/route";
import { readConfigStamp } from "@/lib/db/config-cache";
import { schema } from "@/lib/db";
import { resolveSessionCookie, resolveToken, revokeToken } from "@/lib/auth/session";
import { getFirstMenuSlug, listMenuTree } from "@/lib/menus/queries";

const t = setupTestDatabase();

// Menus and settings are served from memory (lib/db/config-cache.ts) under the config version the
// session lookup reads (lib/auth/session.ts). Most changes here go around the app in raw SQL, as another
// server process or psql would, and must show on the very next request.
describe("menus and settings kept in memory", () => {
  const details = async (token: string, slug = "company-news") =>
    callRoute(menuDetails, apiRequest(`/api/v1/get_menu_details?slug=${slug}`, { token }));

  it("shows a title and system year changed behind the app's back on the next call", async () => {
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
    await t
      .db()
      .execute(
        sql`insert into menus (slug, title, page_types, position) values ('bulletin-board', 'Bulletin Board', '{1}', -1)`,
      );
    expect(await getFirstMenuSlug({ roleId: 3 })).toBe("bulletin-board");
    const token = await tokenFor(t.db(), "manager");
    expect((await callRoute(firstMenu, apiRequest("/api/v1/get_first_menu", { token }))).json.content.slug).toBe(
      "bulletin-board",
    );
  });

  it("shows a banner added, hidden and removed behind the app's back on the next call", async () => {
    const token = await tokenFor(t.db(), "staff");
    expect((await details(token, "service-bulletins")).json.content.banner).toBeNull();
    await t.db().execute(sql`insert into files (storage_key, original_name, size, mime, kind, status)
      values ('banner/2030/01/cache-test.png', 'cache-test.png', 1234, 'image/png', 'banner', 'attached')`);
    await t.db().execute(sql`insert into banners (menu_id, file_id, size)
      select m.id, f.id, 1234 from menus m, files f where m.slug = 'service-bulletins' and f.original_name = 'cache-test.png'`);
    expect((await details(token, "service-bulletins")).json.content.banner).toMatchObject({
      status: "active",
      image_size: 1234,
    });
    await t.db().execute(sql`update banners set status = 'inactive'`);
    expect((await details(token, "service-bulletins")).json.content.banner).toBeNull();
    const admin = await tokenFor(t.db(), "admin");
    expect((await details(admin, "service-bulletins")).json.content.banner).toMatchObject({ status: "inactive" });
    await t.db().execute(sql`delete from banners`);
    expect((await details(admin, "service-bulletins")).json.content.banner).toBeNull();
  });

  it("moves the PostgreSQL config version on any write to menus, icons, settings or banners", async () => {
    let stamp = await readConfigStamp(t.db());
    expect(await readConfigStamp(t.db())).toBe(stamp);
    await t.db().execute(sql`select count(*) from menus`); // reads do not
    expect(await readConfigStamp(t.db())).toBe(stamp);
    for (const write of [
      sql`update icons set url = url where id = (select min(id) from icons)`,
      sql`update menus set title = title where slug = 'company-news'`,
      sql`insert into settings (key, value) values ('cache_test', 'x')`,
      sql`delete from settings where key = 'cache_test'`,
      sql`delete from banners`,
      sql`truncate banners`,
    ]) {
      await t.db().execute(write);
      const next = await readConfigStamp(t.db());
      expect(next).not.toBe(stamp);
      stamp = next;
    }
  });

  it("hands out a frozen tree so no caller can change what others see", async () => {
    const tree = await listMenuTree({ roleId: 1 });
    expect(() => {
      (tree as { title: string }[])[0].title = "changed";
    }).toThrow(TypeError);
    expect(() => tree.push(tree[0])).toThrow(TypeError);
  });
});

describe("sessions resolved from memory stay exact", () => {
  it("ends a session on sign-out, on disabling the account, and applies a role change, each on the next lookup", async () => {
    const token = await tokenFor(t.db(), "manager");
    expect((await resolveToken(token))?.roleId).toBe(2);
    expect((await resolveToken(token))?.roleId).toBe(2);

    await t.db().update(schema.users).set({ roleId: 3 }).where(eq(schema.users.username, "manager"));
    expect((await resolveToken(token))?.roleId).toBe(3);

    await t.db().execute(sql`update users set status = 'disabled' where username = 'manager'`);
    expect(await resolveToken(token)).toBeNull();
    await t.db().execute(sql`update users set status = 'active', role_id = 2 where username = 'manager'`);
    expect((await resolveToken(token))?.roleId).toBe(2);

    await revokeToken(token);
    expect(await resolveToken(token)).toBeNull();
  });

  it("drops a session whose row expired, and a user's permission removed", async () => {
    const token = await tokenFor(t.db(), "admin");
    expect((await resolveToken(token))?.permissions).toContain("access_form_email_manager");
    await t
      .db()
      .execute(
        sql`delete from user_permissions where permission_id = (select id from permissions where name = 'access_form_email_manager')`,
      );
    expect((await resolveToken(token))?.permissions).not.toContain("access_form_email_manager");
    await t.db().execute(sql`update api_tokens set expires_at = now() - interval '1 second' where kind = 'api'`);
    expect(await resolveToken(token)).toBeNull();
  });

  it("resolves the browser cookie again after sign-out (a remembered cookie is not a valid session)", async () => {
    const token = await tokenFor(t.db(), "staff");
    const salt = "authjs.session-token";
    const cookie = await encode({ token: { sid: token }, secret: process.env.AUTH_SECRET!, salt });
    const get = (name: string) => (name === salt ? cookie : undefined);
    expect((await resolveSessionCookie(get))?.username).toBe("staff");
    expect((await resolveSessionCookie(get))?.username).toBe("staff");
    await revokeToken(token);
    expect(await resolveSessionCookie(get)).toBeNull();
    const forged = cookie.slice(0, -4) + (cookie.endsWith("AAAA") ? "BBBB" : "AAAA");
    expect(await resolveSessionCookie((n) => (n === salt ? forged : undefined))).toBeNull();
  });
});

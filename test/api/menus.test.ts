/**
 * The shell's v1 calls: get_menu_details, get_first_menu, get_features, get-all-permissions and
 * get-login-id-permissions, their refusals and bad input (always the envelope, never a 500).
 */
import { beforeAll, describe, expect, it } from "vitest";
import { inArray } from "drizzle-orm";
import { apiRequest, callRoute, tokenFor, setupTestDatabase } from "@/test/db";
import { expectErrorEnvelope, userIdOf } from "@/test/auth";
import { schema } from "@/lib/db";
import { GET as menuDetails } from "@/app/api/v1/get_menu_details/route";
import { GET as firstMenu } from "@/app/api/v1/get_first_menu/route";
import { GET as features } from "@/app/api/v1/get_features/route";
import { GET as allPermissions } from "@/app/api/v1/get-all-permissions/route";
import { POST as loginIdPermissions } from "@/app/api/v1/get-login-id-permissions/route";

const t = setupTestDatabase();
const tokens: Record<string, string> = {};
const ids: Record<string, number> = {};

beforeAll(async () => {
  for (const u of ["admin", "manager", "staff"]) {
    tokens[u] = await tokenFor(t.db(), u);
    ids[u] = await userIdOf(t.db(), u);
  }
});

const details = (slug: string | null, who = "staff") =>
  callRoute(
    menuDetails,
    apiRequest(
      slug === null ? "/api/v1/get_menu_details" : `/api/v1/get_menu_details?slug=${encodeURIComponent(slug)}`,
      { token: tokens[who] },
    ),
  );

async function setAllowedRoles(slugs: string[], roleIds: number[]) {
  await t.db().update(schema.menus).set({ allowedRoleIds: roleIds }).where(inArray(schema.menus.slug, slugs));
}

describe("GET /api/v1/get_menu_details", () => {
  it("returns the menu page with its sub-menus, the caller's role, year and build", async () => {
    const res = await details("service-department");
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({
      code: 200,
      status: "success",
      content: {
        menu_details: {
          slug: "service-department",
          menu_title: "Service Department Resources and Training",
          page_type: "1,2",
          features: [
            { id: 1, name: "Discussion" },
            { id: 2, name: "Attachment" },
          ],
          allow_in_attachment: 2,
          parent_slug: null,
          sub_menu: [{ slug: "service-bulletins" }, { slug: "warranty-policies" }],
        },
        roles: { id: 3 },
        system_year: new Date().getFullYear(),
      },
    });
    expect(typeof res.json.content.build).toBe("string");
  });

  it("gives a sub-menu's parent", async () => {
    const res = await details("warranty-policies");
    expect(res.json.content.menu_details).toMatchObject({
      slug: "warranty-policies",
      parent_slug: "service-department",
    });
  });

  it("answers 404 for an unknown slug", async () => {
    const res = await details("no-such-page");
    expectErrorEnvelope(res, 404);
    expect(res.json.message).toBe("Menu not found.");
  });

  it("answers 403 for a slug the role may not see, 200 for a role that may", async () => {
    await setAllowedRoles(["documents"], [1]);
    try {
      const res = await details("documents", "staff");
      expectErrorEnvelope(res, 403);
      expect(res.json.message).toBe("You don't have permission to access this page.");
      expectErrorEnvelope(await details("documents", "manager"), 403);
      expect((await details("documents", "admin")).status).toBe(200);
    } finally {
      await setAllowedRoles(["documents"], []);
    }
    expect((await details("documents", "staff")).status).toBe(200);
  });

  it("answers 403 for a sub-menu under a parent the role may not see, and hides it from the parent", async () => {
    await setAllowedRoles(["service-department"], [1, 2]);
    await setAllowedRoles(["warranty-policies"], [1]);
    try {
      expectErrorEnvelope(await details("service-bulletins", "staff"), 403);
      const parent = await details("service-department", "manager");
      expect(parent.json.content.menu_details.sub_menu.map((m: { slug: string }) => m.slug)).toEqual([
        "service-bulletins",
      ]);
    } finally {
      await setAllowedRoles(["service-department", "warranty-policies"], []);
    }
  });

  it.each([
    ["missing", null],
    ["empty", ""],
    ["blank", "   "],
    ["a path", "../etc/passwd"],
    ["with a space", "company news"],
    ["markup", "<script>alert(1)</script>"],
    ["non-ASCII", "nouvelles-société"],
    ["SQL", "x' or '1'='1"],
    ["over-long (191 characters)", "a".repeat(191)],
    ["very long (10 000 characters)", "a".repeat(10_000)],
  ])("answers 422 for a %s slug, naming the field", async (_label, slug) => {
    const res = await details(slug);
    expectErrorEnvelope(res, 422);
    expect(res.json.content).toHaveProperty("slug");
  });

  it("drops a NUL byte (the shared string schema strips control characters): a plain 404, never 500", async () => {
    expectErrorEnvelope(await details("company\u0000news"), 404);
  });

  it("accepts the longest valid slug (190 characters) as a plain 404", async () => {
    expectErrorEnvelope(await details("a".repeat(190)), 404);
  });
});

describe("GET /api/v1/get_first_menu", () => {
  it("gives the first page a role may open, skipping hidden menus and external links", async () => {
    expect((await callRoute(firstMenu, apiRequest("/x", { token: tokens.staff }))).json.content).toEqual({
      slug: "company-news",
    });
    await setAllowedRoles(["company-news", "documents"], [1]);
    try {
      expect((await callRoute(firstMenu, apiRequest("/x", { token: tokens.staff }))).json.content).toEqual({
        slug: "service-department",
      });
      expect((await callRoute(firstMenu, apiRequest("/x", { token: tokens.admin }))).json.content).toEqual({
        slug: "company-news",
      });
    } finally {
      await setAllowedRoles(["company-news", "documents"], []);
    }
  });

  it("answers 404 with a message when the role can see no page", async () => {
    const all = (await t.db().select({ slug: schema.menus.slug }).from(schema.menus)).map((m) => m.slug);
    await setAllowedRoles(all, [1]);
    try {
      const res = await callRoute(firstMenu, apiRequest("/x", { token: tokens.staff }));
      expectErrorEnvelope(res, 404);
    } finally {
      await setAllowedRoles(all, []);
    }
  });
});

describe("GET /api/v1/get_features", () => {
  it("lists the page types", async () => {
    const res = await callRoute(features, apiRequest("/x", { token: tokens.staff }));
    expect(res.json).toEqual({
      code: 200,
      status: "success",
      message: "success",
      content: [
        { id: 1, name: "Discussion" },
        { id: 2, name: "Attachment" },
        { id: 3, name: "Calendar" },
      ],
    });
  });
});

describe("GET /api/v1/get-all-permissions", () => {
  it("lists every permission for an administrator; 403 for the other roles", async () => {
    const res = await callRoute(allPermissions, apiRequest("/x", { token: tokens.admin }));
    expect(res.status).toBe(200);
    expect(res.json.content.map((p: { name: string }) => p.name)).toEqual([
      "access_form_email_manager",
      "access_social_media_calendar",
      "allow_environmental_data",
    ]);
    expectErrorEnvelope(await callRoute(allPermissions, apiRequest("/x", { token: tokens.manager })), 403);
    expectErrorEnvelope(await callRoute(allPermissions, apiRequest("/x", { token: tokens.staff })), 403);
  });
});

describe("POST /api/v1/get-login-id-permissions", () => {
  const call = (who: string, body: unknown) =>
    callRoute(
      loginIdPermissions,
      apiRequest("/api/v1/get-login-id-permissions", { method: "POST", token: tokens[who], body }),
    );

  it("gives a user their own permissions", async () => {
    const res = await call("staff", { user_id: ids.staff });
    expect(res.status).toBe(200);
    expect(res.json.content).toEqual({ user: { id: ids.staff, permissions: [] } });
    const admin = await call("admin", { user_id: String(ids.admin) });
    expect(admin.json.content.user.permissions.map((p: { name: string }) => p.name)).toHaveLength(3);
  });

  it("refuses another user's permissions to staff (403), allows them to an administrator", async () => {
    const res = await call("staff", { user_id: ids.admin });
    expectErrorEnvelope(res, 403);
    expectErrorEnvelope(await call("manager", { user_id: ids.staff }), 403);
    expect((await call("admin", { user_id: ids.staff })).status).toBe(200);
  });

  it.each([
    ["missing", {}],
    ["not a number", { user_id: "abc" }],
    ["zero", { user_id: 0 }],
    ["negative", { user_id: -1 }],
    ["fractional", { user_id: 1.5 }],
    ["beyond the database's integer range", { user_id: 3_000_000_000 }],
    ["astronomically large", { user_id: 1e300 }],
  ])("answers 422 for a %s user id", async (_label, body) => {
    const res = await call("admin", body);
    expectErrorEnvelope(res, 422);
    expect(res.json.content).toHaveProperty("user_id");
  });
});

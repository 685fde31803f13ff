/**
 * sidebarMenusAction: the tree a Sidebar asks for when a refresh names a version it does not have.
 * It is the signed-in user's own role's tree, the same the layout renders, and refused signed out.
 */
import { beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { inArray } from "drizzle-orm";
import { schema } from "@/lib/db";
import type { SessionUser } from "@/lib/auth/session";
import { listMenuTree } from "@/lib/menus/queries";
import { sidebarMenus } from "@/lib/menus/sidebar-menus";
import { parseSidebarMenus, publishedSidebarMenus } from "@/components/shell/sidebar-menus";
import { useTestDatabase } from "@/test/db";
import { actors } from "@/test/content/helpers";

const signedIn = vi.hoisted(() => ({ user: null as SessionUser | null }));
// createAction reads the request headers (its origin check): an empty request here.
vi.mock("next/headers", () => import("@/test/mock-next-headers"));
vi.mock("@/lib/auth/guards", async (importOriginal) => {
  const mod = await importOriginal<typeof import("@/lib/auth/guards")>();
  return { ...mod, getCurrentUser: async () => signedIn.user };
});

const { sidebarMenusAction } = await import("@/lib/menus/actions");

const t = useTestDatabase();
let who: Awaited<ReturnType<typeof actors>>;

beforeAll(async () => {
  who = await actors(t.db());
});

beforeEach(() => {
  signedIn.user = null;
});

const slugsOf = (json: string) => parseSidebarMenus(json).flatMap((m) => [m.slug, ...m.children.map((c) => c.slug)]);

describe("sidebarMenusAction", () => {
  it("answers 401 signed out", async () => {
    expect(await sidebarMenusAction({})).toMatchObject({ ok: false, status: 401 });
  });

  it("returns the caller's role's tree with the version id the layout names, published for server rendering", async () => {
    signedIn.user = who.staff.user;
    const res = await sidebarMenusAction({});
    if (!res.ok) throw new Error(res.message);
    const tree = await listMenuTree({ roleId: who.staff.user.roleId, stamp: who.staff.user.configStamp });
    expect(res.data).toEqual(sidebarMenus(tree));
    expect(slugsOf(res.data.json)).toContain("company-news");
    expect(publishedSidebarMenus(res.data.id)).toBe(res.data.json);
  });

  it("gives each role its own tree: a menu only administrators may see is only in theirs", async () => {
    await t.db().update(schema.menus).set({ allowedRoleIds: [1] }).where(inArray(schema.menus.slug, ["warranty-policies"]));
    signedIn.user = (await actors(t.db())).staff.user; // a fresh session: the menus changed
    const staff = await sidebarMenusAction({});
    signedIn.user = (await actors(t.db())).admin.user;
    const admin = await sidebarMenusAction({});
    if (!staff.ok || !admin.ok) throw new Error("refused");
    expect(slugsOf(admin.data.json)).toContain("warranty-policies");
    expect(slugsOf(staff.data.json)).not.toContain("warranty-policies");
    expect(staff.data.id).not.toBe(admin.data.id);
  });
});

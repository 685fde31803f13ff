import { beforeEach, describe, expect, it, vi } from "vitest";

vi.mock("next/headers", () => import("@/test/mock-next-headers"));
vi.mock("@/lib/menus/queries", () => ({ getMenuBySlug: vi.fn() }));

import { cookieJar, requestHeaders } from "@/test/mock-next-headers";
import { AppError } from "@/lib/errors";
import type { SessionUser } from "./session";
import { getMenuBySlug, type MenuLookup } from "@/lib/menus/queries";
import {
  PAGE_PATH_HEADER,
  pageGuard,
  requireCapability,
  requireContentMenu,
  requirePermission,
  requireRole,
  requireUser,
} from "./guards";

const user = (roleId: number, permissions: string[] = []): SessionUser => ({
  id: 7,
  username: "u",
  email: null,
  firstName: "U",
  lastName: "Ser",
  profileImage: null,
  roleId,
  roleName: "r",
  locationId: null,
  profileColor: "#000000",
  permissions,
  tokenId: 1,
  provider: "credentials",
  configStamp: "",
  contentStamp: "",
});

const refusal = async (p: Promise<unknown>) => {
  const err = await p.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(AppError);
  return (err as AppError).status;
};

describe("guards", () => {
  it("requireUser: 401 for nobody, the user otherwise", async () => {
    expect(await refusal(requireUser(null))).toBe(401);
    const u = user(3);
    expect(await requireUser(u)).toBe(u);
  });

  it("requireRole: 401 signed out, 403 for another role", async () => {
    expect(await refusal(requireRole([1], null))).toBe(401);
    expect(await refusal(requireRole([1, 2], user(3)))).toBe(403);
    expect((await requireRole([1, 2], user(2))).roleId).toBe(2);
  });

  it("requireCapability: follows the role table", async () => {
    expect(await refusal(requireCapability("manageContent", null))).toBe(401);
    expect(await refusal(requireCapability("manageContent", user(2)))).toBe(403);
    expect(await refusal(requireCapability("manageEvents", user(3)))).toBe(403);
    expect((await requireCapability("manageEvents", user(2))).roleId).toBe(2);
  });

  it("requirePermission: per user, whatever the role", async () => {
    expect(await refusal(requirePermission("allow_environmental_data", null))).toBe(401);
    expect(await refusal(requirePermission("allow_environmental_data", user(1)))).toBe(403);
    expect((await requirePermission("allow_environmental_data", user(3, ["allow_environmental_data"]))).roleId).toBe(3);
  });

  it("refusals carry the old portal's 403 message", async () => {
    await expect(requireRole([1], user(3))).rejects.toThrow("You don't have permission to access this page.");
  });
});

describe("requireContentMenu", () => {
  const menu = (pageTypes: number[]): Extract<MenuLookup, { status: "ok" }>["menu"] => ({
    id: 5,
    parentId: null,
    slug: "sales",
    title: "Sales",
    icon: null,
    url: null,
    pageTypes,
    allowInAttachment: null,
    position: 1,
    allowedRoleIds: [1, 3],
    children: [],
    parent: null,
  });
  const lookup = (answer: MenuLookup) => vi.mocked(getMenuBySlug).mockResolvedValueOnce(answer);

  it("looks the menu up for the user's role and configuration, and returns it", async () => {
    const u = user(3);
    const found = menu([1]);
    lookup({ status: "ok", menu: found });
    expect(await requireContentMenu("sales", u, "discussion")).toBe(found);
    expect(getMenuBySlug).toHaveBeenLastCalledWith({ slug: "sales", roleId: 3, stamp: u.configStamp });
  });

  it("404 for a menu that does not exist, 403 for one the role may not see", async () => {
    lookup({ status: "not_found" });
    await expect(requireContentMenu("nope", user(3))).rejects.toMatchObject({
      status: 404,
      message: "Menu not found.",
    });
    lookup({ status: "forbidden" });
    await expect(requireContentMenu("sales", user(4))).rejects.toMatchObject({
      status: 403,
      message: "You don't have permission to access this page.",
    });
  });

  it("404 when the page does not offer the tab asked for; any page without a tab", async () => {
    lookup({ status: "ok", menu: menu([1]) });
    await expect(requireContentMenu("sales", user(3), "attachment")).rejects.toMatchObject({
      status: 404,
      message: "This page has no Attachment tab.",
    });
    lookup({ status: "ok", menu: menu([3]) });
    await expect(requireContentMenu("calendar", user(3), "save-the-date")).rejects.toMatchObject({ status: 404 });
    lookup({ status: "ok", menu: menu([3]) });
    expect((await requireContentMenu("calendar", user(3))).slug).toBe("sales");
  });
});

describe("pageGuard", () => {
  beforeEach(() => {
    vi.stubEnv("__NEXT_EXPERIMENTAL_AUTH_INTERRUPTS", "true");
  });

  it("sends a signed-out visitor to /login, with the page to come back to (the path proxy.ts handed on)", async () => {
    cookieJar.clear();
    requestHeaders.delete(PAGE_PATH_HEADER);
    await expect(pageGuard(requireUser(null))).rejects.toMatchObject({
      digest: expect.stringMatching(/^NEXT_REDIRECT;replace;\/login;/),
    });
    requestHeaders.set(PAGE_PATH_HEADER, "/user/list?page=2");
    try {
      await expect(pageGuard(requireUser(null))).rejects.toMatchObject({
        digest: expect.stringMatching(/^NEXT_REDIRECT;replace;\/login\?callbackUrl=%2Fuser%2Flist%3Fpage%3D2;/),
      });
    } finally {
      requestHeaders.delete(PAGE_PATH_HEADER);
    }
  });

  it("renders the 403 screen for a refused role", async () => {
    await expect(pageGuard(requireRole([1], user(3)))).rejects.toMatchObject({
      digest: "NEXT_HTTP_ERROR_FALLBACK;403",
    });
  });

  it("passes the user through and other errors unchanged", async () => {
    const u = user(1);
    expect(await pageGuard(requireRole([1], u))).toBe(u);
    await expect(pageGuard(Promise.reject(new Error("db down")))).rejects.toThrow("db down");
  });
});

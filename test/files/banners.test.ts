import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { schema } from "@/lib/db";
import { apiRequest, callRoute, tokenFor, setupTestDatabase } from "@/test/db";
import { storeDocument, storeMediaBanner as storeBanner } from "@/lib/files/api";
import { POST as addBanner } from "@/app/api/v1/add_banner/route";
import { POST as statusChange } from "@/app/api/v1/banner_status_change/route";
import { DELETE as deleteBanner } from "@/app/api/v1/delete_banner/route";
import { GET as menuDetails } from "@/app/api/v1/get_menu_details/route";
import { sweepUploads } from "@/lib/files/sweep";
import { publicOrigin } from "@/lib/http/forwarded";
import { bigPng, PDF, uploadRequest, setupTempStorage } from "./helpers";

const t = setupTestDatabase();
const storage = setupTempStorage();

async function uploadBanner(user = "admin"): Promise<string> {
  const token = await tokenFor(t.db(), user);
  const { status, json } = await callRoute(
    storeBanner,
    uploadRequest("/api/v1/store_media_banner", { token, parts: [{ name: "Spring Sale.png", data: bigPng(50_000) }] }),
  );
  expect(status).toBe(200);
  return json.content;
}

async function menuId(slug: string): Promise<number> {
  const [m] = await t.db().select({ id: schema.menus.id }).from(schema.menus).where(eq(schema.menus.slug, slug));
  return m.id;
}

async function bannerOf(slug: string, user: string) {
  const token = await tokenFor(t.db(), user);
  const { json } = await callRoute(menuDetails, apiRequest(`/api/v1/get_menu_details?slug=${slug}`, { token }));
  return json.content.banner;
}

describe("banners", () => {
  it("adds an uploaded image as the page's active banner, with its real size, seen by everyone", async () => {
    const tempPath = await uploadBanner();
    const token = await tokenFor(t.db(), "admin");
    const { status, json } = await callRoute(
      addBanner,
      apiRequest("/api/v1/add_banner", {
        method: "POST",
        token,
        body: { type: "image/png", width: 1, height: 1, tempPath, size: 50_000, slugType: "company-news" },
      }),
    );
    expect(status).toBe(200);
    expect(json.message).toBe("Banner Added Successfully");
    expect(json.content).toMatchObject({ status: "active", width: 800, height: 200, image_size: 50_000 });
    // On the configured public address (docs/security.md: never the request's Host).
    expect(json.content.url.startsWith(`${publicOrigin()}/api/files/banner/`)).toBe(true);
    expect(json.content.url).toMatch(/\/api\/files\/banner\/.+\?e=\d+&s=/);
    const [file] = await t.db().select().from(schema.files).where(eq(schema.files.storageKey, tempPath));
    expect(file.status).toBe("attached");

    expect(await bannerOf("company-news", "staff")).toMatchObject({ status: "active" });
    // A second banner on the same page is refused until the first is deleted.
    const again = await callRoute(
      addBanner,
      apiRequest("/api/v1/add_banner", {
        method: "POST",
        token,
        body: { tempPath: await uploadBanner(), slugType: "company-news" },
      }),
    );
    expect(again.status).toBe(409);
  });

  it("toggles active/inactive; an inactive banner is seen only by role 1", async () => {
    const token = await tokenFor(t.db(), "admin");
    const id = await menuId("company-news");
    const off = await callRoute(
      statusChange,
      apiRequest("/api/v1/banner_status_change", { method: "POST", token, body: { menu_id: id } }),
    );
    expect(off.status).toBe(200);
    expect(off.json).toMatchObject({ message: "Banner Status Change successfully", content: { status: "inactive" } });
    expect(await bannerOf("company-news", "staff")).toBeNull();
    expect(await bannerOf("company-news", "manager")).toBeNull();
    expect(await bannerOf("company-news", "admin")).toMatchObject({ status: "inactive" });
    const on = await callRoute(
      statusChange,
      apiRequest("/api/v1/banner_status_change", { method: "POST", token, body: { menu_id: id } }),
    );
    expect(on.json.content.status).toBe("active");
    expect(await bannerOf("company-news", "staff")).toMatchObject({ status: "active" });
  });

  it("refuses non-admins with 403 on every banner call, changing nothing", async () => {
    const id = await menuId("company-news");
    for (const user of ["manager", "staff"]) {
      const token = await tokenFor(t.db(), user);
      const add = await callRoute(
        addBanner,
        apiRequest("/api/v1/add_banner", {
          method: "POST",
          token,
          body: { tempPath: "banner/2025/01/x.png", slugType: "documents" },
        }),
      );
      expect(add.status).toBe(403);
      const toggle = await callRoute(
        statusChange,
        apiRequest("/api/v1/banner_status_change", { method: "POST", token, body: { menu_id: id } }),
      );
      expect(toggle.status).toBe(403);
      const del = await callRoute(
        deleteBanner,
        apiRequest("/api/v1/delete_banner", { method: "DELETE", token, body: { menu_id: id } }),
      );
      expect(del.status).toBe(403);
    }
    expect(await bannerOf("company-news", "staff")).toMatchObject({ status: "active" });
  });

  it("deletes the banner and its image; the page is back to no banner", async () => {
    const token = await tokenFor(t.db(), "admin");
    const id = await menuId("company-news");
    const [banner] = await t.db().select().from(schema.banners).where(eq(schema.banners.menuId, id));
    const [file] = await t.db().select().from(schema.files).where(eq(schema.files.id, banner.fileId));
    const res = await callRoute(
      deleteBanner,
      apiRequest("/api/v1/delete_banner", { method: "DELETE", token, body: { menu_id: id } }),
    );
    expect(res.status).toBe(200);
    expect(res.json.message).toBe("Banner Deleted Successfully");
    expect(await bannerOf("company-news", "admin")).toBeNull();
    expect(await t.db().select().from(schema.files).where(eq(schema.files.id, file.id))).toEqual([]);
    expect(fs.existsSync(path.join(storage.root(), file.storageKey))).toBe(false);
    const again = await callRoute(
      deleteBanner,
      apiRequest("/api/v1/delete_banner", { method: "DELETE", token, body: { menu_id: id } }),
    );
    expect(again.status).toBe(404);
  });

  it("refuses another user's upload, a non-banner upload, a path outside storage and an unknown page", async () => {
    const token = await tokenFor(t.db(), "admin");
    // A temporary upload that belongs to someone else (a second administrator).
    const [other] = await t
      .db()
      .insert(schema.users)
      .values({ username: "admin2", firstName: "Ada", lastName: "Second", roleId: 1, email: "admin2@example.com" })
      .returning();
    const { issueToken } = await import("@/lib/auth/session");
    const otherToken = (await issueToken({ userId: other.id, kind: "api" })).token;
    const { json } = await callRoute(
      storeBanner,
      uploadRequest("/api/v1/store_media_banner", {
        token: otherToken,
        parts: [{ name: "theirs.png", data: bigPng(1000) }],
      }),
    );
    const theirs = await callRoute(
      addBanner,
      apiRequest("/api/v1/add_banner", {
        method: "POST",
        token,
        body: { tempPath: json.content, slugType: "documents" },
      }),
    );
    expect(theirs.status).toBe(422);
    expect(theirs.json.content).toEqual({ tempPath: ["File not found."] });

    const doc = await callRoute(
      storeDocument,
      uploadRequest("/api/v1/store_document", { token, parts: [{ name: "a.pdf", data: PDF }] }),
    );
    const notBanner = await callRoute(
      addBanner,
      apiRequest("/api/v1/add_banner", {
        method: "POST",
        token,
        body: { tempPath: doc.json.content, slugType: "documents" },
      }),
    );
    expect(notBanner.status).toBe(422);

    const outside = await callRoute(
      addBanner,
      apiRequest("/api/v1/add_banner", {
        method: "POST",
        token,
        body: { tempPath: "../../etc/passwd", slugType: "documents" },
      }),
    );
    expect(outside.status).toBe(422);
    const missing = await callRoute(
      addBanner,
      apiRequest("/api/v1/add_banner", { method: "POST", token, body: { slugType: "documents" } }),
    );
    expect(missing.status).toBe(422);
    expect(missing.json.message).toBe("Required Banner.");
    const page = await callRoute(
      addBanner,
      apiRequest("/api/v1/add_banner", {
        method: "POST",
        token,
        body: { tempPath: await uploadBanner(), slugType: "no-such-page" },
      }),
    );
    expect(page.status).toBe(404);
    expect(await t.db().select().from(schema.banners)).toEqual([]);
  });

  it("sweeps the image of a banner whose page was deleted", async () => {
    const token = await tokenFor(t.db(), "admin");
    const tempPath = await uploadBanner();
    await callRoute(
      addBanner,
      apiRequest("/api/v1/add_banner", { method: "POST", token, body: { tempPath, slugType: "dealer-site" } }),
    );
    await t.db().delete(schema.menus).where(eq(schema.menus.slug, "dealer-site"));
    await t
      .db()
      .update(schema.files)
      .set({ updatedAt: new Date(Date.now() - 2 * 86400_000) })
      .where(eq(schema.files.storageKey, tempPath));
    const r = await sweepUploads({ now: new Date() });
    expect(r.orphaned).toBe(1);
    expect(fs.existsSync(path.join(storage.root(), tempPath))).toBe(false);
  });
});

/**
 * Audiences and scheduling (docs/features/must-read.md): one visibility predicate in every read path (lists and their
 * counts, the post page's read, the v1 calls, signed file links, the search and its suggestions),
 * administrators see everything marked, and the bad input: unknown audience ids (422 with the
 * field), 'Expires at' before 'Publish at', a staff user's search for a word of a post addressed to
 * another location, a scheduled post's signed file link.
 */
import { beforeAll, describe, expect, it, vi } from "vitest";
import { eq, sql } from "drizzle-orm";

vi.mock("next/headers", () => import("@/test/mock-next-headers"));

import { schema } from "@/lib/db";
import type { SessionUser } from "@/lib/auth/session";
import { setupTestDatabase } from "@/test/db";
import { setupTempStorage } from "@/test/files/helpers";
import { actors, call, contentCounts, firstLocations, newPostAs, staffMember, upload } from "./helpers";
import { POST as storePost } from "@/app/api/v1/store_post/route";
import { POST as storeAttachment } from "@/app/api/v1/store_attachment/route";
import { GET as displayPosts } from "@/app/api/v1/display_sales_post/route";
import { GET as details } from "@/app/api/v1/display_sales_details/route";
import { GET as displayAttachments } from "@/app/api/v1/display_sales_attachment/[group_id]/route";
import { GET as displayAttachmentsOld } from "@/app/api/v1/display_sales_attachment_old/route";
import { GET as signedUrlPath } from "@/app/api/v1/getsignedurlpath/route";
import { GET as getDocument } from "@/app/api/v1/get_document/route";
import { suggest, searchPage } from "@/lib/search/queries";

const t = setupTestDatabase();
setupTempStorage();
let who: Awaited<ReturnType<typeof actors>>;
let north: number;
let south: number;
/** Staff users of their own (the seeded ones keep their locations). */
let northStaff: { token: string; user: SessionUser };
let southStaff: { token: string; user: SessionUser };
const hour = 3600_000;
const iso = (ms: number) => new Date(Date.now() + ms).toISOString();

const postIds = async (token: string) =>
  (
    (await call(displayPosts, "/api/v1/display_sales_post?slug=company-news&page=1", { token })).json.content
      .discussions as { id: number }[]
  ).map((p) => p.id);

beforeAll(async () => {
  who = await actors(t.db());
  [north, south] = await firstLocations(t.db(), 2);
  northStaff = await staffMember(t.db(), "aud-north", north);
  southStaff = await staffMember(t.db(), "aud-south", south);
});

describe("audience", () => {
  it("a post for one location is listed, counted and opened only there; the administrator sees it with its audience", async () => {
    const id = await newPostAs(who.admin.token, {
      title: "Recall bulletin wombatglass",
      description: "Brake check wombatglass",
      audience: { locations: [north], roles: [] },
    });
    expect(await postIds(northStaff.token)).toContain(id);
    expect(await postIds(southStaff.token)).not.toContain(id);
    const southList = await call(displayPosts, "/api/v1/display_sales_post?slug=company-news&page=1", {
      token: southStaff.token,
    });
    const northList = await call(displayPosts, "/api/v1/display_sales_post?slug=company-news&page=1", {
      token: northStaff.token,
    });
    expect(northList.json.content.total_rows).toBe(southList.json.content.total_rows + 1);

    expect(
      (await call(details, `/api/v1/display_sales_details?slug=company-news&id=${id}`, { token: southStaff.token }))
        .status,
    ).toBe(404);
    expect(
      (await call(details, `/api/v1/display_sales_details?slug=company-news&id=${id}`, { token: northStaff.token }))
        .status,
    ).toBe(200);
    const admin = await call(details, `/api/v1/display_sales_details?slug=company-news&id=${id}`, {
      token: who.admin.token,
    });
    expect(admin.json.content).toMatchObject({
      audience: { locations: [north], roles: [] },
      publish_at: null,
      expires_at: null,
      must_read: false,
    });
    const edit = await call(getDocument, `/api/v1/get_document?slug=company-news&id=${id}`, { token: who.admin.token });
    expect(edit.json.content).toMatchObject({
      audience: { locations: [north], roles: [] },
      must_read: false,
      due_at: null,
    });

    // An update that leaves the audience out keeps it (old clients send only their own fields).
    const kept = await call(storePost, "/api/v1/store_post", {
      method: "POST",
      token: who.admin.token,
      body: { slug: "company-news", id, title: "Recall bulletin wombatglass", description: "Edited" },
    });
    expect(kept.status).toBe(200);
    expect(await postIds(southStaff.token)).not.toContain(id);
  });

  it("a post for a role reaches only that role (the seeded staff user is role 3)", async () => {
    const id = await newPostAs(who.admin.token, {
      title: "For calendar managers",
      audience: { locations: [], roles: [2] },
    });
    expect(await postIds(who.manager.token)).toContain(id);
    expect(await postIds(who.staff.token)).not.toContain(id);
    expect(await postIds(who.admin.token)).toContain(id);
  });

  it("bad input: an unknown location or role is 422 with the field, and nothing is stored", async () => {
    const before = await contentCounts(t.db());
    const loc = await call(storePost, "/api/v1/store_post", {
      method: "POST",
      token: who.admin.token,
      body: { slug: "company-news", title: "x", description: "", audience: { locations: [999999], roles: [] } },
    });
    expect(loc.status).toBe(422);
    expect(loc.json.content).toHaveProperty(["audience.locations"]);
    expect(loc.json.content["audience.locations"][0]).toContain("999999");
    const role = await call(storeAttachment, "/api/v1/store_attachment", {
      method: "POST",
      token: who.admin.token,
      body: {
        attachSlug: "documents",
        attachTitle: "x",
        upload_type: "url",
        attachURL: "https://example.com",
        audience: { locations: [], roles: [77] },
      },
    });
    expect(role.status).toBe(422);
    expect(role.json.content).toHaveProperty(["audience.roles"]);
    const notIds = await call(storePost, "/api/v1/store_post", {
      method: "POST",
      token: who.admin.token,
      body: { slug: "company-news", title: "x", description: "", audience: { locations: ["north"], roles: [] } },
    });
    expect(notIds.status).toBe(422);
    expect(Object.keys(notIds.json.content).some((k) => k.startsWith("audience.locations"))).toBe(true);
    expect(await contentCounts(t.db())).toEqual(before);
  });
});

describe("scheduling", () => {
  it("a scheduled post is hidden (list, count, detail) until publish_at; an expired one after expires_at; admins see them marked", async () => {
    const scheduled = await newPostAs(who.admin.token, { title: "Next week's policy", publish_at: iso(24 * hour) });
    const expiring = await newPostAs(who.admin.token, { title: "Short notice", expires_at: iso(hour) });
    expect(await postIds(who.staff.token)).not.toContain(scheduled);
    expect(await postIds(who.staff.token)).toContain(expiring);
    expect(
      (
        await call(details, `/api/v1/display_sales_details?slug=company-news&id=${scheduled}`, {
          token: who.staff.token,
        })
      ).status,
    ).toBe(404);
    const admin = await call(displayPosts, "/api/v1/display_sales_post?slug=company-news&page=1", {
      token: who.admin.token,
    });
    expect(admin.json.content.discussions.find((p: { id: number }) => p.id === scheduled)).toMatchObject({
      schedule_state: "scheduled",
    });

    // The clock moves (no job runs): the scheduled one appears, the other one disappears.
    await t.db().execute(sql`update posts set publish_at = now() - interval '1 minute' where id = ${scheduled}`);
    await t
      .db()
      .execute(
        sql`update posts set publish_at = now() - interval '2 hours', expires_at = now() - interval '1 minute' where id = ${expiring}`,
      );
    const after = await postIds(who.staff.token);
    expect(after).toContain(scheduled);
    expect(after).not.toContain(expiring);
    const adminAfter = await call(displayPosts, "/api/v1/display_sales_post?slug=company-news&page=1", {
      token: who.admin.token,
    });
    expect(adminAfter.json.content.discussions.find((p: { id: number }) => p.id === expiring)).toMatchObject({
      schedule_state: "expired",
    });
  });

  it("bad input: 'Expires at' before 'Publish at' is 422 on expires_at (also against the stored publish_at)", async () => {
    const res = await call(storePost, "/api/v1/store_post", {
      method: "POST",
      token: who.admin.token,
      body: {
        slug: "company-news",
        title: "x",
        description: "",
        publish_at: iso(48 * hour),
        expires_at: iso(24 * hour),
      },
    });
    expect(res.status).toBe(422);
    expect(res.json.content).toHaveProperty("expires_at");
    const id = await newPostAs(who.admin.token, { title: "Later", publish_at: iso(48 * hour) });
    const edit = await call(storePost, "/api/v1/store_post", {
      method: "POST",
      token: who.admin.token,
      body: { slug: "company-news", id, title: "Later", description: "", expires_at: iso(24 * hour) },
    });
    expect(edit.status).toBe(422);
    expect(edit.json.content).toHaveProperty("expires_at");
  });

  it("a list cached before publish_at shows the post once the moment has passed", async () => {
    const id = await newPostAs(who.admin.token, { title: "In two seconds", publish_at: iso(2000) });
    expect(await postIds(who.staff.token)).not.toContain(id);
    await new Promise((r) => setTimeout(r, 2300));
    expect(await postIds(who.staff.token)).toContain(id);
  });

  it("attachments: audience and schedule apply to both attachment lists", async () => {
    const res = await call(storeAttachment, "/api/v1/store_attachment", {
      method: "POST",
      token: who.admin.token,
      body: {
        attachSlug: "documents",
        attachTitle: "South price list",
        upload_type: "url",
        attachURL: "https://example.com/p",
        audience: { locations: [south], roles: [] },
      },
    });
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    const id = res.json.content.id;
    const ids = async (token: string) => {
      const top = await call(displayAttachments, "/api/v1/display_sales_attachment/0?slug=documents&page=1", {
        token,
        params: { group_id: "0" },
      });
      const old = await call(displayAttachmentsOld, "/api/v1/display_sales_attachment_old?slug=documents&page=1", {
        token,
      });
      return [
        ...top.json.content.data.map((a: { id: number }) => a.id),
        ...old.json.content.attachments.map((a: { id: number }) => a.id),
      ];
    };
    expect((await ids(southStaff.token)).filter((x) => x === id)).toHaveLength(2);
    expect(await ids(northStaff.token)).not.toContain(id);
  });
});

describe("search and files", () => {
  it("bad input: a staff user searching a word of a post addressed to another location finds nothing and counts nothing", async () => {
    const id = await newPostAs(who.admin.token, {
      title: "Quokkabrake notice",
      description: "quokkabrake inspection",
      audience: { locations: [north], roles: [] },
    });
    const post = (groups: Awaited<ReturnType<typeof suggest>>) => groups.find((g) => g.kind === "post");
    const southHits = post(await suggest({ q: "quokkabrake", user: southStaff.user }));
    expect(southHits?.results.map((r) => r.id) ?? []).not.toContain(id);
    expect(southHits?.total ?? 0).toBe(0);
    const [page] = await searchPage({ q: "quokkabrake", user: southStaff.user, kind: "post" });
    expect(page?.total ?? 0).toBe(0);
    const northHits = post(await suggest({ q: "quokkabrake", user: northStaff.user }));
    expect(northHits?.results.map((r) => r.id)).toContain(id);
    expect(northHits?.total).toBe(1);
  });

  it("bad input: a scheduled post's file link, asked for before publishing, is 403; afterwards 200", async () => {
    const key = await upload(t.db(), who.admin.user.id, "recall.pdf");
    const id = await newPostAs(who.admin.token, {
      title: "Recall with file",
      publish_at: iso(24 * hour),
      imagePath: [key],
      imageSize: [1],
      imageType: ["application/pdf"],
    });
    const link = (token: string) =>
      call(signedUrlPath, `/api/v1/getsignedurlpath?file=${encodeURIComponent(key)}`, { token });
    expect((await link(who.staff.token)).status).toBe(403);
    expect((await link(who.admin.token)).status).toBe(200);
    await t
      .db()
      .update(schema.posts)
      .set({ publishAt: new Date(Date.now() - 60_000) })
      .where(eq(schema.posts.id, id));
    expect((await link(who.staff.token)).status).toBe(200);
  });
});

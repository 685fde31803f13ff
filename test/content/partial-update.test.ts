/**
 * Partial updates of content (docs/decisions.md): an update of a post, attachment or save-the-date entry changes only the fields
 * its body names (v1 store_post, store_attachment, store_event and the screens' save actions), and an
 * `audience` object is whole or refused (422 naming the missing part), never widened to everyone.
 */
import { beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { asc, eq } from "drizzle-orm";
import type { SessionUser } from "@/lib/auth/session";
import { schema } from "@/lib/db";
import { setupTestDatabase } from "@/test/db";
import { setupTempStorage } from "@/test/files/helpers";
import { expectErrorEnvelope } from "@/test/auth";
import { AUDIENCE_MESSAGES } from "@/lib/content/schemas";
import { actors, call, upload } from "./helpers";

const signedIn = vi.hoisted(() => ({ user: null as SessionUser | null }));
vi.mock("next/headers", () => import("@/test/mock-next-headers"));
vi.mock("@/lib/auth/guards", async (importOriginal) => {
  const mod = await importOriginal<typeof import("@/lib/auth/guards")>();
  return { ...mod, getCurrentUser: async () => signedIn.user };
});

const { POST: storePost } = await import("@/app/api/v1/store_post/route");
const { POST: storeAttachment } = await import("@/app/api/v1/store_attachment/route");
const { POST: storeEvent } = await import("@/app/api/v1/store_event/route");
const { saveDiscussionAction, saveAttachmentAction, saveSaveTheDateAction } = await import("@/lib/content/actions");

const t = setupTestDatabase();
setupTempStorage();
let who: Awaited<ReturnType<typeof actors>>;
let north: number;
const later = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString();

const { posts, attachments, saveTheDates, contentDocuments } = schema;
const postRow = async (id: number) => (await t.db().select().from(posts).where(eq(posts.id, id)))[0];
const attachmentRow = async (id: number) => (await t.db().select().from(attachments).where(eq(attachments.id, id)))[0];
const dateRow = async (id: number) => (await t.db().select().from(saveTheDates).where(eq(saveTheDates.id, id)))[0];
const docsOf = async (where: ReturnType<typeof eq>) =>
  (await t.db().select().from(contentDocuments).where(where).orderBy(asc(contentDocuments.position))).map(
    (d) => d.path,
  );
/** The row without what any save moves (the editor and the time; a post's edit time too). */
const content = <T extends { updatedAt: Date; updatedBy: number | null; editedAt?: Date | null }>(row: T) => {
  const { updatedAt: _at, updatedBy: _by, editedAt: _edited, ...rest } = row;
  return rest;
};
const v1 = async (handler: Parameters<typeof call>[0], path: string, body: Record<string, unknown>) =>
  call(handler, path, { method: "POST", token: who.admin.token, body });

async function newPost() {
  const key = await upload(t.db(), who.admin.user.id, "policy.pdf");
  const res = await v1(storePost, "/api/v1/store_post", {
    slug: "company-news",
    title: "Parking rules",
    description: "Park in the back.",
    imagePath: [key],
    imageSize: [1234],
    imageType: ["application/pdf"],
    audience: { locations: [north], roles: [3] },
    publish_at: later(1),
    expires_at: later(30),
    must_read: true,
    due_at: later(7),
  });
  expect(res.status, JSON.stringify(res.json)).toBe(200);
  return res.json.content.id as number;
}

async function newAttachment() {
  const key = await upload(t.db(), who.admin.user.id, "prices.pdf", { kind: "attachment" });
  const [group] = await t
    .db()
    .insert(schema.attachmentGroups)
    .values({ name: `Group ${Math.random()}`, colorCode: "#444444" })
    .returning();
  const res = await v1(storeAttachment, "/api/v1/store_attachment", {
    attachSlug: "documents",
    attachTitle: "Price list",
    upload_type: "file",
    attachPath: [key],
    attachSize: [1234],
    attachType: ["application/pdf"],
    selected_group: group.id,
    audience: { locations: [north], roles: [] },
    expires_at: later(30),
  });
  expect(res.status, JSON.stringify(res.json)).toBe(200);
  return res.json.content.id as number;
}

async function newDate() {
  const key = await upload(t.db(), who.admin.user.id, "gala.pdf", { kind: "document" });
  const res = await v1(storeEvent, "/api/v1/store_event", {
    slug: "company-news",
    title: "Gala",
    description: "Black tie.",
    eventDate: "03/04/2027",
    imagePath: [key],
    imageSize: [1234],
    imageType: ["application/pdf"],
  });
  expect(res.status, JSON.stringify(res.json)).toBe(200);
  return res.json.content.id as number;
}

beforeAll(async () => {
  who = await actors(t.db());
  [{ id: north }] = await t
    .db()
    .select({ id: schema.locations.id })
    .from(schema.locations)
    .orderBy(schema.locations.id)
    .limit(1);
});
beforeEach(() => {
  signedIn.user = who.admin.user;
});

describe("a field left out is a field kept (content)", () => {
  it("store_post with the title only keeps description, documents, audience, schedule and must-read", async () => {
    const id = await newPost();
    const before = await postRow(id);
    const docs = await docsOf(eq(contentDocuments.postId, id));
    const res = await v1(storePost, "/api/v1/store_post", { slug: "company-news", id, title: "Parking rules (new)" });
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    expect(content(await postRow(id))).toEqual({ ...content(before), title: "Parking rules (new)" });
    expect(await docsOf(eq(contentDocuments.postId, id))).toEqual(docs);
  });

  it("the post action with the title only keeps the rest", async () => {
    const id = await newPost();
    const before = await postRow(id);
    const docs = await docsOf(eq(contentDocuments.postId, id));
    expect(await saveDiscussionAction({ slug: "company-news", id, title: "Renamed" } as never)).toMatchObject({
      ok: true,
    });
    expect(content(await postRow(id))).toEqual({ ...content(before), title: "Renamed" });
    expect(await docsOf(eq(contentDocuments.postId, id))).toEqual(docs);
  });

  it("store_attachment with the title only keeps type, file, group, audience and schedule", async () => {
    const id = await newAttachment();
    const before = await attachmentRow(id);
    const docs = await docsOf(eq(contentDocuments.attachmentId, id));
    const res = await v1(storeAttachment, "/api/v1/store_attachment", {
      attachSlug: "documents",
      id,
      attachTitle: "Price list 2027",
    });
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    expect(content(await attachmentRow(id))).toEqual({ ...content(before), title: "Price list 2027" });
    expect(await docsOf(eq(contentDocuments.attachmentId, id))).toEqual(docs);
  });

  it("the attachment action with the title only keeps the rest", async () => {
    const id = await newAttachment();
    const before = await attachmentRow(id);
    expect(await saveAttachmentAction({ slug: "documents", id, title: "Renamed" } as never)).toMatchObject({
      ok: true,
    });
    expect(content(await attachmentRow(id))).toEqual({ ...content(before), title: "Renamed" });
  });

  it("store_event with the title only keeps description, date and documents", async () => {
    const id = await newDate();
    const before = await dateRow(id);
    const docs = await docsOf(eq(contentDocuments.saveTheDateId, id));
    const res = await v1(storeEvent, "/api/v1/store_event", { slug: "company-news", id, title: "Gala night" });
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    expect(content(await dateRow(id))).toEqual({ ...content(before), title: "Gala night" });
    expect(await docsOf(eq(contentDocuments.saveTheDateId, id))).toEqual(docs);
  });

  it("the save-the-date action with the description only keeps the rest", async () => {
    const id = await newDate();
    const before = await dateRow(id);
    expect(
      await saveSaveTheDateAction({ slug: "company-news", id, description: "Smart casual." } as never),
    ).toMatchObject({ ok: true });
    expect(content(await dateRow(id))).toEqual({ ...content(before), description: "Smart casual." });
  });

  it("a field sent as null or an empty list clears it (named, not left out)", async () => {
    const id = await newPost();
    const res = await v1(storePost, "/api/v1/store_post", {
      slug: "company-news",
      id,
      description: null,
      imagePath: [],
    });
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    expect((await postRow(id)).description).toBe("");
    expect(await docsOf(eq(contentDocuments.postId, id))).toEqual([]);
  });
});

describe("an audience object is whole or refused, never widened by omission", () => {
  it.each([
    ["{}", {}, "audience.locations", AUDIENCE_MESSAGES.locationsMissing],
    ['{"roles":[3]}', { roles: [3] }, "audience.locations", AUDIENCE_MESSAGES.locationsMissing],
    ['{"locations":[north]}', { locations: "north" }, "audience.roles", AUDIENCE_MESSAGES.rolesMissing],
    [
      '{"locations":null,"roles":[]}',
      { locations: null, roles: [] },
      "audience.locations",
      AUDIENCE_MESSAGES.locations,
    ],
  ])(
    "store_post audience %s is a 422 naming the missing part; the location audience stays",
    async (_, aud, field, message) => {
      const id = await newPost();
      const audience = Object.fromEntries(Object.entries(aud).map(([k, v]) => [k, v === "north" ? [north] : v]));
      const res = await v1(storePost, "/api/v1/store_post", { slug: "company-news", id, audience });
      expectErrorEnvelope(res, 422);
      expect(res.json.message).toBe(message);
      expect(res.json.content).toHaveProperty([field]);
      expect(await postRow(id)).toMatchObject({ audienceLocationIds: [north], audienceRoleIds: [3] });
    },
  );

  it("store_attachment audience {} is refused too, and so is the attachment action's", async () => {
    const id = await newAttachment();
    const res = await v1(storeAttachment, "/api/v1/store_attachment", { attachSlug: "documents", id, audience: {} });
    expectErrorEnvelope(res, 422);
    expect(res.json.message).toBe(AUDIENCE_MESSAGES.locationsMissing);
    expect(await saveAttachmentAction({ slug: "documents", id, audience: { roles: [] } } as never)).toMatchObject({
      ok: false,
      status: 422,
      fieldErrors: { "audience.locations": [AUDIENCE_MESSAGES.locationsMissing] },
    });
    expect(await attachmentRow(id)).toMatchObject({ audienceLocationIds: [north], audienceRoleIds: [] });
  });

  it("a whole audience with empty lists still means everyone (as before)", async () => {
    const id = await newPost();
    const res = await v1(storePost, "/api/v1/store_post", {
      slug: "company-news",
      id,
      audience: { locations: [], roles: [] },
    });
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    expect(await postRow(id)).toMatchObject({ audienceLocationIds: [], audienceRoleIds: [] });
  });
});

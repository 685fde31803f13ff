/**
 * A post is dated and ordered by when it is published (posts.published_at, kept by a trigger), an edit is
 * dated on its own without moving it, a must-read cannot be due before it is published (every write
 * path), its readers cannot be reminded before (the screen's action, per role), the compliance board
 * and its export leave it out until then, and a new acknowledgement round reads 'Updated, please read
 * again' in To-read.
 */
import { beforeAll, describe, expect, it, vi } from "vitest";
import { and, eq, sql } from "drizzle-orm";
import { NextRequest } from "next/server";
import type { SessionUser } from "@/lib/auth/session";

const signedIn = vi.hoisted(() => ({ user: null as SessionUser | null }));
vi.mock("next/headers", () => import("@/test/mock-next-headers"));
vi.mock("@/lib/auth/guards", async (importOriginal) => {
  const mod = await importOriginal<typeof import("@/lib/auth/guards")>();
  return { ...mod, getCurrentUser: async () => signedIn.user };
});

import { schema } from "@/lib/db";
import { setupTestDatabase } from "@/test/db";
import { actors, call, contentCounts, firstLocations, newPostAs, staffMember, storePostAs } from "./helpers";
import { GET as displayPosts } from "@/app/api/v1/display_sales_post/route";
import { GET as details } from "@/app/api/v1/display_sales_details/route";
import { GET as mustReadRoute } from "@/app/api/v1/must_read/route";
import { POST as acknowledge } from "@/app/api/v1/acknowledge/route";
import { GET as exportBoard } from "@/app/api/export/compliance/route";
import { AUDIENCE_MESSAGES } from "@/lib/content/schemas";
import { complianceBoard, listMustReads } from "@/lib/content/must-read/queries";

const { saveDiscussionAction } = await import("@/lib/content/actions");
const { remindUnreadAction } = await import("@/lib/content/must-read/actions");

const t = setupTestDatabase();
let who: Awaited<ReturnType<typeof actors>>;
let north: number;
let reader: { token: string; user: SessionUser };
const minute = 60_000;
const hour = 60 * minute;
const iso = (ms: number) => new Date(Date.now() + ms).toISOString();
/** A menu of its own, so that each test's order is its own. */
let slug: string;

const store = (body: Record<string, unknown>) => storePostAs(who.admin.token, { slug, ...body });
const newPost = (body: Record<string, unknown>) => newPostAs(who.admin.token, { slug, ...body });

async function list(token: string) {
  const res = await call(displayPosts, `/api/v1/display_sales_post?slug=${slug}&page=1`, { token });
  expect(res.status, JSON.stringify(res.json)).toBe(200);
  return res.json.content.discussions as Record<string, unknown>[];
}

const row = async (id: number) => (await t.db().select().from(schema.posts).where(eq(schema.posts.id, id)))[0];

/** What a scheduled post looks like once its moment has come (the trigger dates it as now). */
const publishNow = (id: number) =>
  t
    .db()
    .update(schema.posts)
    .set({ publishAt: sql`now() - interval '1 second'` })
    .where(eq(schema.posts.id, id));

beforeAll(async () => {
  who = await actors(t.db());
  [north] = await firstLocations(t.db(), 1);
  reader = await staffMember(t.db(), "pat", north, "Reader");
  slug = "company-news";
});

describe("the publish moment", () => {
  it("dates and orders a scheduled post by its publish minute: above a post written after it, dated at that minute", async () => {
    const scheduledAt = iso(3 * minute);
    const scheduled = await newPost({ title: "Written first, scheduled", publish_at: scheduledAt });
    const published = await newPost({ title: "Written second, published at once" });

    const admin = await list(who.admin.token);
    expect(admin.slice(0, 2).map((p) => p.id)).toEqual([scheduled, published]);
    expect(admin[0]).toMatchObject({ published_at: scheduledAt, publish_at: scheduledAt, schedule_state: "scheduled" });
    // Old clients keep their fields: created_at is when it was written, updated_at the last change.
    expect(Date.parse(admin[0].created_at as string)).toBeLessThan(Date.parse(scheduledAt));
    expect(admin[0].updated_at).toEqual(expect.any(String));
    expect(admin[0].edited_at).toBeNull();
    // Staff do not see it before its moment; then on top, dated when it became visible.
    expect((await list(reader.token)).map((p) => p.id)).not.toContain(scheduled);
    await publishNow(scheduled);
    const staff = await list(reader.token);
    expect(staff.slice(0, 2).map((p) => p.id)).toEqual([scheduled, published]);
    const after = await row(scheduled);
    expect(after.publishedAt.getTime()).toBeGreaterThan((await row(published)).publishedAt.getTime());
    expect(after.publishedAt.getTime()).toBeLessThanOrEqual(Date.now() + 1000);
  });

  it("an edit is dated on its own ('edited_at') and does not move the post; updated_at still moves for old clients", async () => {
    const older = await newPost({ title: "Older post" });
    const newer = await newPost({ title: "Newer post" });
    // Both a minute older, so that the edit is clearly later than publishing.
    await t
      .db()
      .execute(
        sql`update posts set published_at = published_at - interval '2 minutes' where id in (${older}, ${newer})`,
      );
    const before = await row(older);
    const edit = await store({ id: older, title: "Older post, corrected" });
    expect(edit.status, JSON.stringify(edit.json)).toBe(200);
    const after = await row(older);
    expect(after.publishedAt).toEqual(before.publishedAt);
    expect(after.editedAt).not.toBeNull();
    expect(after.editedAt!.getTime()).toBeGreaterThan(after.publishedAt.getTime());
    expect(after.updatedAt.getTime()).toBeGreaterThan(before.updatedAt.getTime());
    const ids = (await list(who.admin.token)).map((p) => p.id);
    expect(ids.indexOf(newer)).toBeLessThan(ids.indexOf(older));
    const one = await call(details, `/api/v1/display_sales_details?slug=${slug}&id=${older}`, { token: reader.token });
    expect(one.status, JSON.stringify(one.json)).toBe(200);
    expect(one.json.content).toMatchObject({
      published_at: after.publishedAt.toISOString(),
      edited_at: after.editedAt!.toISOString(),
      updated_at: after.updatedAt.toISOString(),
    });
  });

  it("the trigger dates every write: the later of creation and publish_at, kept while visible, the new moment when hidden", async () => {
    const db = t.db();
    const [menu] = await db.select({ id: schema.menus.id }).from(schema.menus).where(eq(schema.menus.slug, slug));
    const written = new Date(Date.now() - 10 * minute);
    const [plain] = await db
      .insert(schema.posts)
      .values({ menuId: menu.id, title: "Written by a tool", createdAt: written })
      .returning();
    expect(plain.publishedAt).toEqual(written);
    const later = new Date(Date.now() + hour);
    const [scheduled] = await db
      .insert(schema.posts)
      .values({ menuId: menu.id, title: "Scheduled by a tool", createdAt: written, publishAt: later })
      .returning();
    expect(scheduled.publishedAt).toEqual(later);
    // A visible post given a past publish_at stays dated as it was.
    await db
      .update(schema.posts)
      .set({ publishAt: new Date(Date.now() - minute) })
      .where(eq(schema.posts.id, plain.id));
    expect((await row(plain.id)).publishedAt).toEqual(written);
    // Hidden until a later moment: dated then.
    await db.update(schema.posts).set({ publishAt: later }).where(eq(schema.posts.id, plain.id));
    expect((await row(plain.id)).publishedAt).toEqual(later);
    // A scheduled post published now (publish_at cleared): dated now, not when it was written.
    const start = Date.now() - 1000;
    await db.update(schema.posts).set({ publishAt: null }).where(eq(schema.posts.id, scheduled.id));
    const now = (await row(scheduled.id)).publishedAt.getTime();
    expect(now).toBeGreaterThanOrEqual(start);
    expect(now).toBeLessThanOrEqual(Date.now() + 1000);
  });
});

describe("a due time before the publish time is refused", () => {
  const refusedOnDue = (res: { status: number; json: { message: string; content?: unknown } }) => {
    expect(res.status, JSON.stringify(res.json)).toBe(422);
    expect(res.json.message).toBe(AUDIENCE_MESSAGES.dueBeforePublish);
  };

  it("on create through v1 and through the screen's action, with nothing written", async () => {
    const counts = await contentCounts(t.db());
    refusedOnDue(await store({ title: "Due too soon", must_read: true, publish_at: iso(2 * hour), due_at: iso(hour) }));
    const publishAt = iso(2 * hour); // one instant: two calls of iso() can be a millisecond apart
    refusedOnDue(
      await store({ title: "Due at publishing", must_read: true, publish_at: publishAt, due_at: publishAt }),
    );
    signedIn.user = who.admin.user;
    const res = await saveDiscussionAction({
      slug,
      title: "Due too soon",
      description: "",
      documents: [],
      publishAt: iso(2 * hour),
      mustRead: true,
      dueAt: iso(hour),
    });
    expect(res.ok).toBe(false);
    expect(!res.ok && res.fieldErrors?.dueAt).toEqual([AUDIENCE_MESSAGES.dueBeforePublish]);
    expect(await contentCounts(t.db())).toEqual(counts);
  });

  it("on edit, also when one of the two is kept from what is stored (v1 partial updates, the action)", async () => {
    const id = await newPost({
      title: "Due after publishing",
      must_read: true,
      publish_at: iso(2 * hour),
      due_at: iso(3 * hour),
    });
    const stored = await row(id);
    refusedOnDue(await store({ id, due_at: iso(hour) }));
    refusedOnDue(await store({ id, publish_at: iso(4 * hour) }));
    signedIn.user = who.admin.user;
    const res = await saveDiscussionAction({
      slug,
      id,
      title: "Due after publishing",
      description: "",
      documents: [],
      publishAt: iso(5 * hour),
      mustRead: true,
      dueAt: iso(3 * hour),
    });
    expect(res.ok).toBe(false);
    expect(!res.ok && res.message).toBe(AUDIENCE_MESSAGES.dueBeforePublish);
    const kept = await row(id);
    expect([kept.publishAt, kept.dueAt, kept.editedAt]).toEqual([stored.publishAt, stored.dueAt, null]);
    // A due time after the publish time is taken.
    expect((await store({ id, due_at: iso(6 * hour) })).status).toBe(200);
  });
});

describe("reminders and the board wait for publication", () => {
  let scheduled: number;
  beforeAll(async () => {
    scheduled = await newPost({
      title: "Winter tyre rules",
      must_read: true,
      publish_at: iso(hour),
      due_at: iso(3 * hour),
      audience: { locations: [north], roles: [3] },
    });
  });
  const outbox = async () =>
    (
      await t
        .db()
        .select({ n: sql<number>`count(*)::int` })
        .from(schema.mailOutbox)
    )[0].n;
  const reminds = async (id: number) =>
    (
      await t
        .db()
        .select({ n: sql<number>`count(*)::int` })
        .from(schema.auditLog)
        .where(and(eq(schema.auditLog.action, "remind"), eq(schema.auditLog.entityId, String(id))))
    )[0].n;

  it("refuses the reminder of an unpublished post, names from when, and queues nothing", async () => {
    signedIn.user = who.admin.user;
    const before = await outbox();
    const res = await remindUnreadAction({ postId: scheduled });
    expect(res.ok).toBe(false);
    expect(!res.ok && res.message).toMatch(
      /^This post is not published yet: its readers can be reminded from .+ \(Pacific time\)\.$/,
    );
    expect(await outbox()).toBe(before);
    expect((await row(scheduled)).remindedAt).toBeNull();
    expect(await reminds(scheduled)).toBe(0);
  });

  it("refuses staff and calendar managers the reminder of a published post; administrators send it", async () => {
    const id = await newPost({
      title: "Published notice",
      must_read: true,
      audience: { locations: [north], roles: [3] },
    });
    const before = await outbox();
    for (const role of ["staff", "manager"] as const) {
      signedIn.user = who[role].user;
      expect((await remindUnreadAction({ postId: id })).ok).toBe(false);
    }
    expect(await outbox()).toBe(before);
    signedIn.user = who.admin.user;
    const res = await remindUnreadAction({ postId: id });
    expect(res.ok, JSON.stringify(res)).toBe(true);
    const mails = await t.db().select().from(schema.mailOutbox).orderBy(schema.mailOutbox.id).offset(before);
    expect(mails.flatMap((m) => m.toAddresses)).toContain("pat@example.com");
  });

  it("refuses the reminder of an expired post", async () => {
    const id = await newPost({
      title: "Expired notice",
      must_read: true,
      audience: { locations: [north], roles: [3] },
    });
    await t.db().execute(sql`update posts set expires_at = now() - interval '1 second' where id = ${id}`);
    signedIn.user = who.admin.user;
    const res = await remindUnreadAction({ postId: id });
    expect(!res.ok && res.message).toMatch(/^This post has expired/);
  });

  it("leaves the unpublished must-read off the board and its export, then shows it from its moment", async () => {
    const board = await complianceBoard({}, who.admin.user);
    expect(board.rows.map((r) => r.id)).not.toContain(scheduled);
    const csv = await (
      await exportBoard(
        new NextRequest("http://localhost/api/export/compliance?format=csv", {
          headers: { authorization: `Bearer ${who.admin.token}` },
        }),
        { params: Promise.resolve({}) },
      )
    ).text();
    expect(csv).toContain("Published notice");
    expect(csv).not.toContain("Winter tyre rules");
    await publishNow(scheduled);
    const shown = (await complianceBoard({}, who.admin.user)).rows.find((r) => r.id === scheduled);
    expect(shown?.publishedAt).toEqual((await row(scheduled)).publishedAt);
    signedIn.user = who.admin.user;
    expect((await remindUnreadAction({ postId: scheduled })).ok).toBe(true);
  });
});

describe("To-read after 'Needs acknowledging again'", () => {
  it("marks the post updated until it is acknowledged again (the page and GET must_read)", async () => {
    const id = await newPost({
      title: "Hoist procedure",
      must_read: true,
      audience: { locations: [north], roles: [3] },
    });
    const mine = async () => (await listMustReads(reader.user)).find((r) => r.id === id)!;
    expect(await mine()).toMatchObject({ updated: false });
    const ack = () =>
      call(acknowledge, "/api/v1/acknowledge", { method: "POST", token: reader.token, body: { salesId: id } });
    expect((await ack()).status).toBe(200);
    expect(await mine()).toMatchObject({ updated: false });
    expect((await store({ id, description: "Step 4 changed", needs_acknowledging_again: true })).status).toBe(200);
    expect(await mine()).toMatchObject({ updated: true, acknowledgedAt: null });
    const api = await call(mustReadRoute, "/api/v1/must_read", { token: reader.token });
    expect(api.json.content.must_read.find((r: { salesId: number }) => r.salesId === id)).toMatchObject({
      updated: true,
      acknowledged: false,
    });
    expect((await ack()).status).toBe(200);
    expect(await mine()).toMatchObject({ updated: false });
  });
});

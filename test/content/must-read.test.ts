/**
 * Must read and seen (docs/features/must-read.md): the header count, GET must_read, POST acknowledge (once; 404 and
 * nothing recorded outside the audience or before publishing), 'needs acknowledging again' (history
 * kept), the due-date rule, the seen upsert, and each change in the audit log.
 */
import { beforeAll, describe, expect, it, vi } from "vitest";
import { and, eq, sql } from "drizzle-orm";

vi.mock("next/headers", () => import("@/test/mock-next-headers"));

import { schema } from "@/lib/db";
import type { SessionUser } from "@/lib/auth/session";
import { setupTestDatabase } from "@/test/db";
import { actors, call, firstLocations, newPostAs, staffMember, storePostAs } from "./helpers";
import { GET as mustRead } from "@/app/api/v1/must_read/route";
import { POST as acknowledge } from "@/app/api/v1/acknowledge/route";
import { countUnreadMustReads } from "@/lib/content/must-read/queries";
import { recordSeen } from "@/lib/content/must-read/mutations";
import { headerCounts } from "@/lib/system/header-counts";

const t = setupTestDatabase();
let who: Awaited<ReturnType<typeof actors>>;
let north: number;
let south: number;
let northStaff: { token: string; user: SessionUser };
let southStaff: { token: string; user: SessionUser };
const hour = 3600_000;
const iso = (ms: number) => new Date(Date.now() + ms).toISOString();

const acks = async (postId: number) =>
  (
    await t
      .db()
      .select({ n: sql<number>`count(*)::int` })
      .from(schema.postAcknowledgements)
      .where(eq(schema.postAcknowledgements.postId, postId))
  )[0].n;
const audits = async (action: string, entityId: number) =>
  (
    await t
      .db()
      .select({ n: sql<number>`count(*)::int` })
      .from(schema.auditLog)
      .where(and(eq(schema.auditLog.action, action), eq(schema.auditLog.entityId, String(entityId))))
  )[0].n;
const ack = (token: string, salesId: unknown) =>
  call(acknowledge, "/api/v1/acknowledge", { method: "POST", token, body: { salesId } });

beforeAll(async () => {
  who = await actors(t.db());
  [north, south] = await firstLocations(t.db(), 2);
  northStaff = await staffMember(t.db(), "mr-north", north);
  southStaff = await staffMember(t.db(), "mr-south", south);
});

describe("must read", () => {
  it("counts, lists and acknowledges once; a second press changes nothing", async () => {
    const before = await countUnreadMustReads(northStaff.user);
    const id = await newPostAs(who.admin.token, {
      title: "Airbag recall",
      must_read: true,
      due_at: iso(48 * hour),
      audience: { locations: [north], roles: [] },
    });
    expect(await countUnreadMustReads(northStaff.user)).toBe(before + 1);
    expect(await countUnreadMustReads(southStaff.user)).toBe(0);
    // The header reads the same count in its one statement (no requests decided for these two).
    expect(await headerCounts(northStaff.user, { requests: true })).toEqual({
      unread: before + 1,
      requestsChanged: 0,
      waiting: 0,
    });
    expect(await headerCounts(southStaff.user, { requests: false })).toEqual({
      unread: 0,
      requestsChanged: 0,
      waiting: 0,
    });

    const list = await call(mustRead, "/api/v1/must_read", { token: northStaff.token });
    expect(list.status).toBe(200);
    expect(list.json).toMatchObject({ code: 200, status: "success" });
    expect(list.json.content.must_read[0]).toMatchObject({
      salesId: id,
      title: "Airbag recall",
      acknowledged: false,
      overdue: false,
      slug: "company-news",
    });

    const first = await ack(northStaff.token, id);
    expect(first.status).toBe(200);
    expect(first.json.content).toMatchObject({ salesId: id, acknowledged: true, created: true });
    const second = await ack(northStaff.token, String(id));
    expect(second.status).toBe(200);
    expect(second.json.content.acknowledged_at).toBe(first.json.content.acknowledged_at);
    expect(await acks(id)).toBe(1);
    expect(await audits("acknowledge", id)).toBe(1);
    expect(await countUnreadMustReads(northStaff.user)).toBe(before);
    const after = await call(mustRead, "/api/v1/must_read", { token: northStaff.token });
    expect(after.json.content.must_read.find((r: { salesId: number }) => r.salesId === id)).toMatchObject({
      acknowledged: true,
    });
  });

  it("bad input: a staff user acknowledging a post outside their audience is 404 and nothing is recorded", async () => {
    const id = await newPostAs(who.admin.token, {
      title: "North only",
      must_read: true,
      audience: { locations: [north], roles: [] },
    });
    const res = await ack(southStaff.token, id);
    expect(res.status).toBe(404);
    expect(res.json).toMatchObject({ code: 404, status: "error" });
    expect(await acks(id)).toBe(0);
    expect(await audits("acknowledge", id)).toBe(0);
  });

  it("bad input: acknowledging a post not yet published is 404 and nothing is recorded; also a post that is not a must-read", async () => {
    const scheduled = await newPostAs(who.admin.token, {
      title: "Next month",
      must_read: true,
      publish_at: iso(24 * hour),
    });
    expect((await ack(who.staff.token, scheduled)).status).toBe(404);
    expect(await acks(scheduled)).toBe(0);
    const plain = await newPostAs(who.admin.token, { title: "Just news" });
    expect((await ack(who.staff.token, plain)).status).toBe(404);
    expect(await acks(plain)).toBe(0);
    expect((await ack(who.staff.token, "abc")).status).toBe(422);
    expect((await ack(who.staff.token, 999999999)).status).toBe(404);
  });

  it("bad input: a due date in the past on a new must-read is 422 on due_at (also when an existing post becomes a must-read)", async () => {
    const res = await storePostAs(who.admin.token, { title: "Late", must_read: true, due_at: iso(-48 * hour) });
    expect(res.status).toBe(422);
    expect(res.json.content).toHaveProperty("due_at");
    const id = await newPostAs(who.admin.token, { title: "Becomes a must-read" });
    const edit = await storePostAs(who.admin.token, {
      id,
      title: "Becomes a must-read",
      must_read: true,
      due_at: iso(-48 * hour),
    });
    expect(edit.status).toBe(422);
    expect(edit.json.content).toHaveProperty("due_at");
  });

  it("'needs acknowledging again' clears the acknowledgements (kept in history) and is audited", async () => {
    const id = await newPostAs(who.admin.token, { title: "Policy v1", must_read: true });
    expect((await ack(who.staff.token, id)).status).toBe(200);
    const unread = await countUnreadMustReads(who.staff.user);
    const edit = await storePostAs(who.admin.token, { id, title: "Policy v2", needs_acknowledging_again: true });
    expect(edit.status, JSON.stringify(edit.json)).toBe(200);
    expect(await countUnreadMustReads(who.staff.user)).toBe(unread + 1);
    expect(await acks(id)).toBe(1); // the first round's row stays
    const [row] = await t
      .db()
      .select({ round: schema.posts.ackRound })
      .from(schema.posts)
      .where(eq(schema.posts.id, id));
    expect(row.round).toBe(2);
    const [audit] = await t
      .db()
      .select()
      .from(schema.auditLog)
      .where(and(eq(schema.auditLog.action, "update"), eq(schema.auditLog.entityId, String(id))));
    expect(audit.before).toMatchObject({ ackRound: 1 });
    expect(audit.after).toMatchObject({ ackRound: 2 });
    const again = await ack(who.staff.token, id);
    expect(again.json.content.created).toBe(true);
    expect(await acks(id)).toBe(2);
  });

  it("people who join a location later are in the audience from then on", async () => {
    const id = await newPostAs(who.admin.token, {
      title: "South bulletin",
      must_read: true,
      audience: { locations: [south], roles: [] },
    });
    const mover = await staffMember(t.db(), "mr-mover", north);
    expect((await ack(mover.token, id)).status).toBe(404);
    await t.db().update(schema.users).set({ locationId: south }).where(eq(schema.users.id, mover.user.id));
    expect((await ack(mover.token, id)).status).toBe(200);
  });
});

describe("seen", () => {
  it("records the first and last time with one upsert", async () => {
    const id = await newPostAs(who.admin.token, { title: "Seen me" });
    await recordSeen(id, who.staff.user.id);
    const [first] = await t.db().select().from(schema.postViews).where(eq(schema.postViews.postId, id));
    await new Promise((r) => setTimeout(r, 20));
    await recordSeen(id, who.staff.user.id);
    const rows = await t.db().select().from(schema.postViews).where(eq(schema.postViews.postId, id));
    expect(rows).toHaveLength(1);
    expect(rows[0].firstSeenAt).toEqual(first.firstSeenAt);
    expect(rows[0].lastSeenAt.getTime()).toBeGreaterThan(first.lastSeenAt.getTime());
  });
});

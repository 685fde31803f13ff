/**
 * The automatic must-read mails (lib/content/must-read/reminders.ts): one mail to the audience when a
 * must-read is published (not before), one more a day before it is due to those who have not read it;
 * each once per person (also with two rounds at once), only to the people the post is visible to, never
 * after they acknowledged, through the outbox.
 */
import { beforeAll, describe, expect, it, vi } from "vitest";
import { eq, inArray, sql } from "drizzle-orm";

vi.mock("next/headers", () => import("@/test/mock-next-headers"));

import { schema } from "@/lib/db";
import type { SessionUser } from "@/lib/auth/session";
import { setupTestDatabase } from "@/test/db";
import { actors, call, firstLocations, newPostAs, staffMember } from "./helpers";
import { POST as storePost } from "@/app/api/v1/store_post/route";
import { POST as acknowledge } from "@/app/api/v1/acknowledge/route";
import { sendMustReadMails } from "@/lib/content/must-read/reminders";

const t = setupTestDatabase();
let who: Awaited<ReturnType<typeof actors>>;
let north: number;
let south: number;
let ann: { token: string; user: SessionUser };
let ben: { token: string; user: SessionUser };
let sue: { token: string; user: SessionUser };
const hour = 3600_000;
const iso = (ms: number) => new Date(Date.now() + ms).toISOString();
const ADDRESSES = ["ann@example.com", "ben@example.com", "sue@example.com"];

const person = (username: string, locationId: number) => staffMember(t.db(), username, locationId, "Tech");

/** A must-read for the north location's staff, unless `body` says otherwise. */
const newPost = (body: Record<string, unknown>) =>
  newPostAs(who.admin.token, { must_read: true, audience: { locations: [north], roles: [3] }, ...body });

/** Mails of the post (its link in the body) to our three people, as "address subject". */
async function mailsOf(id: number): Promise<string[]> {
  const rows = await t.db().select().from(schema.mailOutbox).orderBy(schema.mailOutbox.id);
  return rows
    .filter((m) => m.body.includes(`/company-news/post/${id}\n`) && m.toAddresses.some((a) => ADDRESSES.includes(a)))
    .map((m) => `${m.toAddresses.join(",")} ${m.subject}`);
}

const ack = (token: string, id: number) =>
  call(acknowledge, "/api/v1/acknowledge", { method: "POST", token, body: { salesId: id } });

/** The moment comes for a scheduled post (the trigger dates it now). */
const publishNow = (id: number) =>
  t.db().execute(sql`update posts set publish_at = now() - interval '1 second' where id = ${id}`);

beforeAll(async () => {
  who = await actors(t.db());
  [north, south] = await firstLocations(t.db(), 2);
  ann = await person("ann", north);
  ben = await person("ben", north);
  sue = await person("sue", south);
  // Must-reads from before this file's posts (none in the seed) are not ours to count.
  await sendMustReadMails();
});

describe("the mail on publication", () => {
  it("waits for the publish minute, then mails the audience once, and only the audience", async () => {
    const id = await newPost({ title: "Brake fluid change", publish_at: iso(hour) });
    await sendMustReadMails();
    expect(await mailsOf(id)).toEqual([]);
    expect((await t.db().select().from(schema.posts).where(eq(schema.posts.id, id)))[0].announcedAt).toBeNull();

    await publishNow(id);
    await sendMustReadMails();
    const mails = await mailsOf(id);
    expect(mails.sort()).toEqual([
      "ann@example.com New must-read: Brake fluid change",
      "ben@example.com New must-read: Brake fluid change",
    ]);
    await sendMustReadMails();
    expect(await mailsOf(id)).toHaveLength(2);
    const keys = await t.db().select().from(schema.mustReadMails).where(eq(schema.mustReadMails.postId, id));
    expect(keys.map((k) => k.kind)).toEqual(["published", "published"]);
    expect(keys.map((k) => k.userId).sort()).toEqual([ann.user.id, ben.user.id].sort());
  });

  it("a post published at once is mailed at the next round; two rounds at once mail each person once", async () => {
    const id = await newPost({ title: "Shop floor rules", audience: { locations: [north, south], roles: [3] } });
    await Promise.all([sendMustReadMails(), sendMustReadMails(), sendMustReadMails()]);
    const mails = await mailsOf(id);
    expect(mails.map((m) => m.split(" ")[0]).sort()).toEqual(ADDRESSES);
    // Even a post announced again (its mark lost) mails nobody twice: the key per person holds.
    await t.db().execute(sql`update posts set announced_at = null where id = ${id}`);
    await Promise.all([sendMustReadMails(), sendMustReadMails()]);
    expect(await mailsOf(id)).toHaveLength(3);
  });

  it("mails nobody for a post that expired before it was announced, and nobody who is not in the audience", async () => {
    const id = await newPost({ title: "Short notice", publish_at: iso(hour), expires_at: iso(2 * hour) });
    await t
      .db()
      .execute(
        sql`update posts set publish_at = now() - interval '2 hours', expires_at = now() - interval '1 hour' where id = ${id}`,
      );
    await sendMustReadMails();
    expect(await mailsOf(id)).toEqual([]);
    const [post] = await t.db().select().from(schema.posts).where(eq(schema.posts.id, id));
    expect(post.announcedAt).not.toBeNull();
  });

  it("an ordinary post is never mailed; one that becomes a must-read is, at the next round", async () => {
    const id = await newPost({ title: "Car wash hours", must_read: false });
    await sendMustReadMails();
    expect(await mailsOf(id)).toEqual([]);
    const res = await call(storePost, "/api/v1/store_post", {
      method: "POST",
      token: who.admin.token,
      body: { slug: "company-news", id, must_read: true },
    });
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    await sendMustReadMails();
    expect((await mailsOf(id)).map((m) => m.split(" ")[0]).sort()).toEqual(["ann@example.com", "ben@example.com"]);
  });
});

describe("the mail a day before it is due", () => {
  /** A must-read published two days ago (announced then), due in `dueIn`. */
  async function oldMustRead(title: string, dueIn: number, extra: Record<string, unknown> = {}) {
    const id = await newPost({ title, due_at: iso(dueIn), ...extra });
    await t
      .db()
      .execute(
        sql`update posts set created_at = now() - interval '2 days', published_at = now() - interval '2 days', announced_at = now() - interval '2 days' where id = ${id}`,
      );
    return id;
  }
  const dueSoon = async (id: number) =>
    (await mailsOf(id)).filter((m) => m.includes("Due tomorrow")).map((m) => m.split(" ")[0]);

  it("goes once to those who have not acknowledged, from one day before the due time; nothing after reading", async () => {
    const later = await oldMustRead("Torque chart", 30 * hour);
    const soon = await oldMustRead("Lift inspection", 20 * hour);
    expect((await ack(ann.token, soon)).status).toBe(200);
    await sendMustReadMails();
    expect(await dueSoon(later)).toEqual([]);
    expect(await dueSoon(soon)).toEqual(["ben@example.com"]);
    await sendMustReadMails();
    expect(await dueSoon(soon)).toEqual(["ben@example.com"]);
    expect((await ack(ben.token, later)).status).toBe(200);
    // The due time of the other comes within the day: only Ann, who has not read it, is mailed.
    await t.db().execute(sql`update posts set due_at = now() + interval '2 hours' where id = ${later}`);
    await sendMustReadMails();
    expect(await dueSoon(later)).toEqual(["ann@example.com"]);
    const kinds = await t
      .db()
      .select({ kind: schema.mustReadMails.kind, userId: schema.mustReadMails.userId })
      .from(schema.mustReadMails)
      .where(inArray(schema.mustReadMails.postId, [soon, later]))
      .orderBy(schema.mustReadMails.id);
    expect(kinds).toEqual([
      { kind: "due-soon", userId: ben.user.id },
      { kind: "due-soon", userId: ann.user.id },
    ]);
  });

  it("does not go before publication, after the due time, after expiry, or outside the audience", async () => {
    // Scheduled in an hour and due within the day: nobody can read it yet.
    const scheduled = await newPost({ title: "Not yet out", publish_at: iso(hour), due_at: iso(20 * hour) });
    const past = await oldMustRead("Already due", 2 * hour);
    await t.db().execute(sql`update posts set due_at = now() - interval '1 minute' where id = ${past}`);
    const expired = await oldMustRead("Gone", 10 * hour);
    await t.db().execute(sql`update posts set expires_at = now() - interval '1 minute' where id = ${expired}`);
    const southOnly = await oldMustRead("South only", 10 * hour, { audience: { locations: [south], roles: [3] } });
    await sendMustReadMails();
    expect(await dueSoon(scheduled)).toEqual([]);
    expect(await dueSoon(past)).toEqual([]);
    expect(await dueSoon(expired)).toEqual([]);
    expect(await dueSoon(southOnly)).toEqual(["sue@example.com"]);
    // Sue moves to the north before the next south-only post comes due: it is not for her any more.
    const another = await oldMustRead("South only, later", 10 * hour, { audience: { locations: [south], roles: [3] } });
    await t.db().update(schema.users).set({ locationId: north }).where(eq(schema.users.id, sue.user.id));
    await sendMustReadMails();
    expect(await mailsOf(another)).toEqual([]);
    expect(await mailsOf(southOnly)).toEqual(["sue@example.com Due tomorrow: South only"]);
  });
});

/**
 * Must-read compliance (docs/features/must-read.md): read_status (administrators; 403 for staff), the readers per location with
 * names, the board's percentages, the CSV export, and the reminder (one mail per person through the
 * outbox, at most once a day per post, audited).
 */
import { beforeAll, describe, expect, it, vi } from "vitest";
import { and, eq, sql } from "drizzle-orm";
import type { SessionUser } from "@/lib/auth/session";
import { NextRequest } from "next/server";

const signedIn = vi.hoisted(() => ({ user: null as SessionUser | null }));
vi.mock("next/headers", () => import("@/test/mock-next-headers"));
vi.mock("@/lib/auth/guards", async (importOriginal) => {
  const mod = await importOriginal<typeof import("@/lib/auth/guards")>();
  return { ...mod, getCurrentUser: async () => signedIn.user };
});

import { schema } from "@/lib/db";
import { setupTestDatabase } from "@/test/db";
import { actors, call, firstLocations, staffMember } from "./helpers";
import { POST as storePost } from "@/app/api/v1/store_post/route";
import { POST as acknowledge } from "@/app/api/v1/acknowledge/route";
import { GET as readStatusRoute } from "@/app/api/v1/read_status/route";
import { GET as exportReaders } from "@/app/api/export/read-status/route";
import { GET as exportBoard } from "@/app/api/export/compliance/route";
import { complianceBoard, percent, readStatus } from "@/lib/content/must-read/queries";
import { recordSeen } from "@/lib/content/must-read/mutations";

const { remindUnreadAction } = await import("@/lib/content/must-read/actions");

/** Calls an export route as the administrator's v1 client and answers the raw Response. */
async function download(
  handler: (req: NextRequest, ctx: { params: Promise<Record<string, string>> }) => Promise<Response>,
  path: string,
) {
  return handler(
    new NextRequest(`http://localhost${path}`, { headers: { authorization: `Bearer ${who.admin.token}` } }),
    { params: Promise.resolve({}) },
  );
}

const t = setupTestDatabase();
let who: Awaited<ReturnType<typeof actors>>;
let north: number;
let south: number;
let people: { token: string; user: SessionUser }[];
let postId: number;

beforeAll(async () => {
  who = await actors(t.db());
  [north, south] = await firstLocations(t.db(), 2);
  people = [
    await staffMember(t.db(), "c-north-1", north, "Reader"),
    await staffMember(t.db(), "c-north-2", north, "Reader"),
    await staffMember(t.db(), "c-south-1", south, "Reader"),
  ];
  const res = await call(storePost, "/api/v1/store_post", {
    method: "POST",
    token: who.admin.token,
    body: {
      slug: "company-news",
      title: "Tyre pressure notice",
      description: "",
      must_read: true,
      audience: { locations: [north, south], roles: [3] },
    },
  });
  expect(res.status, JSON.stringify(res.json)).toBe(200);
  postId = res.json.content.id;
  expect(
    (
      await call(acknowledge, "/api/v1/acknowledge", {
        method: "POST",
        token: people[0].token,
        body: { salesId: postId },
      })
    ).status,
  ).toBe(200);
  await recordSeen(postId, people[1].user.id);
});

describe("read_status", () => {
  it("bad input: staff reading read_status is 403", async () => {
    const res = await call(readStatusRoute, `/api/v1/read_status?salesId=${postId}`, { token: who.staff.token });
    expect(res.status).toBe(403);
    expect(res.json).toMatchObject({ code: 403, status: "error" });
    expect(
      (await call(readStatusRoute, `/api/v1/read_status?salesId=${postId}`, { token: who.manager.token })).status,
    ).toBe(403);
    expect(
      (await call(exportReaders, `/api/export/read-status?salesId=${postId}`, { token: who.staff.token })).status,
    ).toBe(403);
  });

  it("answers administrators the counts per location with the names", async () => {
    const res = await call(readStatusRoute, `/api/v1/read_status?salesId=${postId}`, { token: who.admin.token });
    expect(res.status).toBe(200);
    const content = res.json.content;
    const northGroup = content.locations.find((l: { location_id: number }) => l.location_id === north);
    expect(northGroup).toMatchObject({ acknowledged: 1, seen: 1 });
    const names = northGroup.readers.map((r: { name: string; state: string }) => `${r.name}:${r.state}`);
    expect(names).toEqual(expect.arrayContaining(["c-north-1 Reader:acknowledged", "c-north-2 Reader:seen"]));
    const southGroup = content.locations.find((l: { location_id: number }) => l.location_id === south);
    expect(southGroup.readers.map((r: { name: string; state: string }) => `${r.name}:${r.state}`)).toContain(
      "c-south-1 Reader:not-yet",
    );
    expect(content.totals.audience).toBe(
      content.locations.reduce((n: number, l: { audience: number }) => n + l.audience, 0),
    );
    expect((await call(readStatusRoute, `/api/v1/read_status?salesId=abc`, { token: who.admin.token })).status).toBe(
      422,
    );
    expect(
      (await call(readStatusRoute, `/api/v1/read_status?salesId=999999999`, { token: who.admin.token })).status,
    ).toBe(404);
  });

  it("exports the readers as CSV", async () => {
    const res = await download(exportReaders, `/api/export/read-status?salesId=${postId}&format=csv`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toContain("text/csv");
    const csv = await res.text();
    expect(csv).toContain("Location,Name,Status");
    expect(csv).toContain("c-north-1 Reader");
  });
});

describe("the board", () => {
  it("shows the acknowledged share per location", async () => {
    const board = await complianceBoard({}, who.admin.user);
    const row = board.rows.find((r) => r.id === postId)!;
    const n = row.cells.get(north)!;
    expect(n.acknowledged).toBe(1);
    expect(n.audience).toBeGreaterThanOrEqual(2);
    expect(row.cells.get(south)!.acknowledged).toBe(0);
    expect(percent(row.cells.get(south)!)).toBe(0);
    const one = await complianceBoard({ locationId: south }, who.admin.user);
    expect(one.locations.map((l) => l.id)).toEqual([south]);
    const none = await complianceBoard({ from: "2999-01-01" }, who.admin.user);
    expect(none.rows).toHaveLength(0);
    const res = await download(exportBoard, `/api/export/compliance?format=xlsx&location=${north}`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toContain("spreadsheetml");
    const bad = await download(exportBoard, `/api/export/compliance?from=yesterday`);
    expect(bad.status).toBe(422);
  });

  it("agrees with the Readers panel in every location, and counts only the current round's acknowledgements", async () => {
    const agree = async () => {
      const row = (await complianceBoard({}, who.admin.user)).rows.find((r) => r.id === postId)!;
      const status = await readStatus(postId, who.admin.user);
      for (const l of status.locations.filter((g) => g.locationId != null)) {
        expect(row.cells.get(l.locationId!), `location ${l.locationId}`).toEqual({
          audience: l.audience,
          acknowledged: l.acknowledged,
        });
      }
      expect([...row.cells.values()].reduce((n, c) => n + c.audience, 0)).toBe(
        status.locations.filter((g) => g.locationId != null).reduce((n, g) => n + g.audience, 0),
      );
      return row;
    };
    expect((await agree()).cells.get(north)!.acknowledged).toBe(1);
    const bump = (by: number) =>
      t
        .db()
        .update(schema.posts)
        .set({ ackRound: sql`${schema.posts.ackRound} + ${by}` })
        .where(eq(schema.posts.id, postId));
    await bump(1);
    try {
      expect((await agree()).cells.get(north)!.acknowledged).toBe(0);
    } finally {
      await bump(-1);
    }
    expect((await agree()).cells.get(north)!.acknowledged).toBe(1);
  });
});

describe("reminders", () => {
  it("queue one mail per person who has not acknowledged, at most once a day per post, audited; staff are refused", async () => {
    const outbox = async () =>
      (
        await t
          .db()
          .select({ n: sql<number>`count(*)::int` })
          .from(schema.mailOutbox)
      )[0].n;
    signedIn.user = who.staff.user;
    const refused = await remindUnreadAction({ postId });
    expect(refused.ok).toBe(false);

    signedIn.user = who.admin.user;
    const before = await outbox();
    const first = await remindUnreadAction({ postId });
    expect(first.ok, JSON.stringify(first)).toBe(true);
    const mails = await t.db().select().from(schema.mailOutbox).orderBy(schema.mailOutbox.id);
    const added = mails.slice(before);
    expect(added.every((m) => m.toAddresses.length === 1)).toBe(true);
    const to = added.flatMap((m) => m.toAddresses);
    expect(to).toEqual(expect.arrayContaining(["c-north-2@example.com", "c-south-1@example.com"]));
    expect(to).not.toContain("c-north-1@example.com");
    expect(added[0].body).toContain(`/company-news/post/${postId}`);

    const second = await remindUnreadAction({ postId });
    expect(second.ok).toBe(false);
    expect(await outbox()).toBe(before + added.length);
    const audits = await t
      .db()
      .select()
      .from(schema.auditLog)
      .where(and(eq(schema.auditLog.action, "remind"), eq(schema.auditLog.entityId, String(postId))));
    expect(audits).toHaveLength(1);
  });
});

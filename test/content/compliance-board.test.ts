/**
 * The compliance board counts people (docs/features/must-read.md): read/total beside each percentage, a
 * 'No location' column, only the audience counted (administrators outside it left out), in agreement with
 * the Readers panel; role 2 sees their own location's board (page and export), staff are refused.
 */
import { beforeAll, describe, expect, it, vi } from "vitest";
import { eq } from "drizzle-orm";
import type { ReactElement } from "react";
import { NextRequest } from "next/server";

vi.mock("next/headers", () => import("@/test/mock-next-headers"));
vi.mock("next/server", async (importOriginal) => ({
  ...(await importOriginal<typeof import("next/server")>()),
  connection: async () => {},
}));

import { schema } from "@/lib/db";
import { issueToken, resolveToken, type SessionUser } from "@/lib/auth/session";
import { setupTestDatabase } from "@/test/db";
import { SESSION_COOKIE, sessionFor } from "@/test/auth";
import { cookieJar } from "@/test/mock-next-headers";
import { renderHtml } from "@/test/render-dom";
import { csvRecords } from "@/test/export-files";
import { actors, call } from "./helpers";
import { POST as storePost } from "@/app/api/v1/store_post/route";
import { POST as acknowledge } from "@/app/api/v1/acknowledge/route";
import { GET as exportBoard } from "@/app/api/export/compliance/route";
import { GET as exportReaders } from "@/app/api/export/read-status/route";
import { complianceBoard, OUTSIDE_COMPLIANCE_SCOPE, readStatus, type Board } from "@/lib/content/must-read/queries";
import CompliancePage from "@/app/(portal)/compliance/page";

const t = setupTestDatabase();
type Person = { token: string; user: SessionUser; username: string };
let who: Awaited<ReturnType<typeof actors>>;
let north: { id: number; name: string };
let south: { id: number; name: string };
const people: Record<string, Person> = {};
const posts: Record<"all" | "staff" | "south", { id: number; title: string }> = {} as never;

async function person(username: string, roleId: number, locationId: number | null): Promise<Person> {
  const [u] = await t
    .db()
    .insert(schema.users)
    .values({ username, firstName: username, lastName: "Board", roleId, locationId, email: `${username}@example.com` })
    .returning();
  const { token } = await issueToken({ userId: u.id, kind: "api" });
  return { token, user: (await resolveToken(token))!, username };
}

async function mustRead(title: string, audience: { locations: number[]; roles: number[] }) {
  const res = await call(storePost, "/api/v1/store_post", {
    method: "POST",
    token: who.admin.token,
    body: { slug: "company-news", title, description: "", must_read: true, audience },
  });
  expect(res.status, JSON.stringify(res.json)).toBe(200);
  return { id: res.json.content.id as number, title };
}

async function ack(p: Person, postId: number) {
  expect(
    (await call(acknowledge, "/api/v1/acknowledge", { method: "POST", token: p.token, body: { salesId: postId } }))
      .status,
  ).toBe(200);
}

const rowOf = (board: Board, postId: number) => board.rows.find((r) => r.id === postId);

async function boardExport(token: string, query: string) {
  const req = new NextRequest(`http://localhost/api/export/compliance?${query}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  return exportBoard(req, { params: Promise.resolve({}) });
}

async function openPage(username: string, query: Record<string, string> = {}) {
  cookieJar.clear();
  cookieJar.set(SESSION_COOKIE, (await sessionFor(t.db(), username)).cookie);
  return renderHtml((await CompliancePage({ searchParams: Promise.resolve(query) })) as ReactElement);
}

beforeAll(async () => {
  who = await actors(t.db());
  [north, south] = await t
    .db()
    .select({ id: schema.locations.id, name: schema.locations.name })
    .from(schema.locations)
    .orderBy(schema.locations.id)
    .limit(2);
  people.n1 = await person("b-north-1", 3, north.id);
  people.n2 = await person("b-north-2", 3, north.id);
  people.s1 = await person("b-south-1", 3, south.id);
  people.nowhere = await person("b-nowhere", 3, null);
  people.adminNorth = await person("b-admin-north", 1, north.id);
  people.managerNorth = await person("b-manager-north", 2, north.id);
  posts.all = await mustRead("Board: all hands", { locations: [], roles: [] });
  posts.staff = await mustRead("Board: staff of two stores", { locations: [north.id, south.id], roles: [3] });
  posts.south = await mustRead("Board: south only", { locations: [south.id], roles: [] });
  await ack(people.n1, posts.all.id);
  await ack(people.n1, posts.staff.id);
  await ack(people.nowhere, posts.all.id);
  await ack(people.adminNorth, posts.all.id);
});

describe("the board counts people", () => {
  it("agrees with the Readers panel in every location and for the people without one, totals included", async () => {
    const board = await complianceBoard({}, who.admin.user);
    expect(board.locations.at(-1)).toEqual({ id: null, name: "No location" });
    for (const post of Object.values(posts)) {
      const row = rowOf(board, post.id)!;
      const status = await readStatus(post.id, who.admin.user);
      expect(new Set(row.cells.keys()), post.title).toEqual(new Set(status.locations.map((l) => l.locationId)));
      for (const l of status.locations)
        expect(row.cells.get(l.locationId), `${post.title} at ${l.locationName}`).toEqual({
          audience: l.audience,
          acknowledged: l.acknowledged,
        });
      expect(row.total, post.title).toEqual({
        audience: status.totals.audience,
        acknowledged: status.totals.acknowledged,
      });
    }
    // The seeded admin, manager and staff and b-nowhere have no location; b-nowhere read it.
    expect(rowOf(board, posts.all.id)!.cells.get(null)).toEqual({ audience: 4, acknowledged: 1 });
  });

  it("leaves administrators outside the audience out, and counts them inside it", async () => {
    const board = await complianceBoard({}, who.admin.user);
    // Staff only: the administrator and the manager at north are not counted, nor anyone without a location.
    const staffOnly = rowOf(board, posts.staff.id)!;
    expect(staffOnly.cells.get(north.id)).toEqual({ audience: 2, acknowledged: 1 });
    expect(staffOnly.cells.has(null)).toBe(false);
    expect(staffOnly.total).toEqual({ audience: 3, acknowledged: 1 });
    // Everyone: the administrator at north is in the audience, and read it.
    expect(rowOf(board, posts.all.id)!.cells.get(north.id)).toEqual({ audience: 4, acknowledged: 2 });
    expect(rowOf(board, posts.south.id)!.cells.has(north.id)).toBe(false);
  });

  it("shows read/total beside each percentage and the 'No location' column", async () => {
    const { screen } = await openPage("admin");
    expect(screen.getByRole("columnheader", { name: "No location" })).toBeTruthy();
    const row = screen.getByRole("rowheader", { name: new RegExp(posts.staff.title) }).closest("tr")!;
    // All: 1 of the 3 staff; north: 1 of 2; south: 0 of 1.
    expect(row.textContent).toContain("33% 1/3");
    expect(row.textContent).toContain("50% 1/2");
    expect(row.textContent).toContain("1 of 2 read");
    expect(row.textContent).toContain("0% 0/1");
  });

  it("filters published days in the portal's zone (5:47 PM on Jan 15 in California is Jan 16 in UTC)", async () => {
    await t
      .db()
      .update(schema.posts)
      .set({ createdAt: new Date("2026-01-16T01:47:00Z"), publishedAt: new Date("2026-01-16T01:47:00Z") })
      .where(eq(schema.posts.id, posts.south.id));
    const ids = async (from: string, to: string) =>
      (await complianceBoard({ from, to }, who.admin.user)).rows.map((r) => r.id);
    expect(await ids("2026-01-15", "2026-01-15")).toEqual([posts.south.id]);
    expect(await ids("2026-01-16", "2026-01-16")).toEqual([]);
  });
});

describe("a store manager (role 2) sees their own location", () => {
  it("on the board: their location's column and totals, only the must-reads addressed there", async () => {
    const board = await complianceBoard({}, people.managerNorth.user);
    expect(board.locations).toEqual([north]);
    expect(board.rows.map((r) => r.id).sort()).toEqual([posts.all.id, posts.staff.id].sort());
    for (const r of board.rows) expect(r.total).toEqual(r.cells.get(north.id));
    expect(rowOf(board, posts.all.id)!.cells.has(null)).toBe(false);
    expect(rowOf(board, posts.all.id)!.cells.has(south.id)).toBe(false);
  });

  it("is refused another location's board and export", async () => {
    await expect(complianceBoard({ locationId: south.id }, people.managerNorth.user)).rejects.toMatchObject({
      status: 403,
      message: OUTSIDE_COMPLIANCE_SCOPE,
    });
    expect((await boardExport(people.managerNorth.token, `location=${south.id}`)).status).toBe(403);
    // The Readers panel (names) stays with administrators.
    const readers = await call(exportReaders, `/api/export/read-status?salesId=${posts.all.id}`, {
      token: people.managerNorth.token,
    });
    expect(readers.status).toBe(403);
  });

  it("exports only their location's lines", async () => {
    const res = await boardExport(people.managerNorth.token, "format=csv");
    expect(res.status).toBe(200);
    const lines = csvRecords(await res.text());
    expect(lines.length).toBe(2);
    expect(new Set(lines.map((l) => l.Location))).toEqual(new Set([north.name]));
    expect(lines.map((l) => l.Post)).not.toContain(posts.south.title);
  });

  it("on the page: no other location's column or post, a location in the URL outside theirs dropped", async () => {
    const { screen, html } = await openPage("b-manager-north", { location: String(south.id) });
    expect(screen.getByRole("columnheader", { name: north.name })).toBeTruthy();
    expect(screen.queryByRole("columnheader", { name: south.name })).toBeNull();
    expect(screen.queryByRole("columnheader", { name: "No location" })).toBeNull();
    expect(html).not.toContain(posts.south.title);
    expect(screen.getByRole("rowheader", { name: new RegExp(posts.all.title) })).toBeTruthy();
  });

  it("without a location, sees an empty board that says why", async () => {
    const board = await complianceBoard({}, who.manager.user);
    expect(board).toEqual({ locations: [], rows: [] });
    const { html } = await openPage("manager");
    expect(html).toContain("Your account has no location");
    expect(html).not.toContain(posts.all.title);
  });
});

describe("staff", () => {
  it("are refused the board, its page and its export", async () => {
    await expect(complianceBoard({}, who.staff.user)).rejects.toMatchObject({ status: 403 });
    expect((await boardExport(who.staff.token, "format=csv")).status).toBe(403);
    expect((await boardExport(people.n1.token, `location=${north.id}`)).status).toBe(403);
    vi.stubEnv("__NEXT_EXPERIMENTAL_AUTH_INTERRUPTS", "true");
    try {
      await openPage("staff");
      expect.unreachable("the page rendered for staff");
    } catch (err) {
      expect(String((err as { digest?: unknown }).digest)).toMatch(/^NEXT_HTTP_ERROR_FALLBACK;403/);
    } finally {
      vi.unstubAllEnvs();
    }
  });
});

/**
 * The approvers' inbox (docs/features/requests.md), against the real database: it lists exactly the requests
 * the person may decide (the decision's own rule, checked row by row against requireRequestDecider),
 * oldest due first, with each form's reference; filters; `GET /api/v1/approvals` gives the same rows; staff
 * see an empty inbox, an approver at one location not another's requests, an administrator all but their
 * own; the header's 'Waiting for me'; a bulk decision names each row it did not decide and why.
 */
import { beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { eq } from "drizzle-orm";
import type { SessionUser } from "@/lib/auth/session";

const signedIn = vi.hoisted(() => ({ user: null as SessionUser | null }));
vi.mock("next/headers", () => import("@/test/mock-next-headers"));
vi.mock("@/lib/auth/guards", async (importOriginal) => {
  const mod = await importOriginal<typeof import("@/lib/auth/guards")>();
  return { ...mod, getCurrentUser: async () => signedIn.user };
});

import { apiRequest, callRoute, setupTestDatabase, tokenFor } from "@/test/db";
import { expectErrorEnvelope } from "@/test/auth";
import { getDb, schema } from "@/lib/db";
import { resolveToken } from "@/lib/auth/session";
import { GET as approvalsCall } from "@/app/api/v1/approvals/route";
import { listApprovals } from "@/lib/requests/queries";
import { requireRequestDecider } from "@/lib/requests/access";
import { decide } from "@/lib/requests/mutations";
import { headerCounts } from "@/lib/system/header-counts";
import { FORM_KEYS, type FormKey } from "@/lib/forms/form-keys";
import { REQUEST_TABLES } from "@/lib/forms/registry-server";
import { WEAR } from "@/lib/forms/uniform/schemas";

const { bulkDecideRequestsAction } = await import("@/lib/requests/actions");

const t = setupTestDatabase();
const users: Record<string, SessionUser> = {};
const tokens: Record<string, string> = {};
let loc1: number;
let loc2: number;

const hour = 3_600_000;
const inHours = (h: number) => new Date(Date.now() + h * hour);

async function signIn(username: string) {
  tokens[username] = await tokenFor(t.db(), username);
  users[username] = (await resolveToken(tokens[username]))!;
}

/** One request of `form` at `locationId` by `by`, due in `dueInHours` (null: no target). */
async function submit(form: FormKey, by: string, locationId: number, dueInHours: number | null, ref = "RA-1") {
  const common = { locationId, createdBy: users[by].id, dueAt: dueInHours === null ? null : inHours(dueInHours) };
  const db = t.db();
  const insert = {
    ro_reversal: () =>
      db
        .insert(schema.roReversals)
        .values({
          ...common,
          employeeName: "Jane Doe",
          dateOfRequest: "2026-11-20",
          fullRa: ref,
          dateRaClosed: "2026-11-01",
          reason: "Wrong line",
        })
        .returning({ id: schema.roReversals.id }),
    tech_time: () =>
      db
        .insert(schema.techTimes)
        .values({
          ...common,
          employeeNumber: "T7",
          employeeName: "Tom Tech",
          employeeEmail: "t@example.com",
          date: "2026-11-26",
        })
        .returning({ id: schema.techTimes.id }),
    improvement_suggestion: () =>
      db
        .insert(schema.improvementSuggestions)
        .values({
          ...common,
          name: "Ida",
          date: "2026-11-20",
          locationName: "X",
          email: "i@example.com",
          describeCurrentProcessAndProblem: "Wider doors",
        })
        .returning({ id: schema.improvementSuggestions.id }),
    uniform_request: () =>
      db
        .insert(schema.uniformRequests)
        .values({
          ...common,
          designationId: 5,
          locationName: "X",
          employeeFirstName: "Una",
          employeeLastName: "Form",
          newHire: false,
          newOrder: true,
          reOrder: false,
          requestorName: "Una",
          wearId: WEAR.polo,
          sizes: "L",
          quantity: 3,
          comment: "",
        })
        .returning({ id: schema.uniformRequests.id }),
    time_off_request: () =>
      db
        .insert(schema.timeOffRequests)
        .values({ ...common, employeeName: "Tia Off", dateFrom: "2026-12-24", dateTo: "2026-12-26", type: "Vacation" })
        .returning({ id: schema.timeOffRequests.id }),
  } satisfies Record<FormKey, unknown>;
  const [row] = await insert[form]();
  return row.id;
}

const keysOf = (rows: { form: string; id: number }[]) => rows.map((r) => `${r.form}:${r.id}`);
const inbox = async (who: string, q: Partial<Parameters<typeof listApprovals>[1]> = {}) =>
  listApprovals(users[who], { page: 1, size: 100, ...q });

beforeAll(async () => {
  for (const name of ["admin", "manager", "staff"]) await signIn(name);
  const db = t.db();
  await db
    .insert(schema.users)
    .values({ username: "west", firstName: "Wes", lastName: "West", email: "west@example.com", roleId: 2 });
  await signIn("west");
  const locs = await db.select().from(schema.locations).orderBy(schema.locations.id);
  loc1 = locs.find((l) => l.name === "Downtown Motors")!.id;
  loc2 = locs.find((l) => l.id !== loc1 && l.departmentId === 5)!.id;
});

beforeEach(async () => {
  const db = t.db();
  await db.delete(schema.requestEvents);
  for (const key of FORM_KEYS) await db.delete(REQUEST_TABLES[key]);
  await db.delete(schema.formEmailMappings);
  // The manager approves RO reversals and tech time at Downtown Motors; West approves RO reversals at the other location.
  const map = async (formKey: FormKey, locationId: number, userId: number) => {
    const [m] = await db
      .insert(schema.formEmailMappings)
      .values({ formKey, locationId, toEmails: ["service@example.com"] })
      .returning({ id: schema.formEmailMappings.id });
    await db.insert(schema.formMappingApprovers).values({ mappingId: m.id, userId });
  };
  await map("ro_reversal", loc1, users.manager.id);
  await map("tech_time", loc1, users.manager.id);
  await map("ro_reversal", loc2, users.west.id);
});

describe("the approvers' inbox (listApprovals)", () => {
  it("lists exactly what each person may decide: the decision's own rule, row by row", async () => {
    const ro1 = await submit("ro_reversal", "staff", loc1, 48, "RA-300010");
    const tt1 = await submit("tech_time", "staff", loc1, -2);
    const ro2 = await submit("ro_reversal", "staff", loc2, 24);
    const uni1 = await submit("uniform_request", "staff", loc1, null);
    const own = await submit("ro_reversal", "manager", loc1, 1);
    const idea = await submit("improvement_suggestion", "staff", loc2, 5);
    // An unrouted uniform request an administrator assigned to West: West may decide it too.
    const assigned = await submit("uniform_request", "staff", loc1, 72);
    await t
      .db()
      .update(schema.uniformRequests)
      .set({ assignedTo: users.west.id })
      .where(eq(schema.uniformRequests.id, assigned));

    expect(keysOf((await inbox("manager")).rows)).toEqual([`tech_time:${tt1}`, `ro_reversal:${ro1}`]);
    expect(keysOf((await inbox("west")).rows)).toEqual([`ro_reversal:${ro2}`, `uniform:${assigned}`]);
    // The administrator: every request but none of their own, oldest due first, no due time last.
    expect(keysOf((await inbox("admin")).rows)).toEqual([
      `tech_time:${tt1}`,
      `ro_reversal:${own}`,
      `suggestion:${idea}`,
      `ro_reversal:${ro2}`,
      `ro_reversal:${ro1}`,
      `uniform:${assigned}`,
      `uniform:${uni1}`,
    ]);
    // Staff decide nothing: an empty inbox, not others' requests.
    expect(await inbox("staff")).toEqual({ rows: [], total: 0 });

    // The same rule as the decision: every open row is listed for a person exactly when requireRequestDecider lets them.
    const db = await getDb();
    for (const who of ["admin", "manager", "west", "staff"]) {
      const listed = new Set(keysOf((await inbox(who)).rows));
      for (const form of FORM_KEYS) {
        const tbl = REQUEST_TABLES[form];
        const rows = await t
          .db()
          .select({ id: tbl.id, createdBy: tbl.createdBy, locationId: tbl.locationId, assignedTo: tbl.assignedTo })
          .from(tbl);
        for (const row of rows) {
          const may = await requireRequestDecider(db, users[who], form, row).then(
            () => true,
            () => false,
          );
          const key = `${(await import("@/lib/forms/registry")).STAFF_FORMS[form].apiForm}:${row.id}`;
          expect(listed.has(key), `${who} ${key}`).toBe(may);
        }
      }
    }
  });

  it("gives each row its form's reference, requester, location, due time and Overdue; filters by form, location and status", async () => {
    const ro1 = await submit("ro_reversal", "staff", loc1, -1, "RA-300010");
    const uni = await submit("uniform_request", "staff", loc2, 10);
    const late = (await inbox("admin")).rows.find((r) => r.id === ro1 && r.form === "ro_reversal")!;
    expect(late).toMatchObject({
      reference: "RA-300010",
      requester: "Sam Staff",
      location_id: loc1,
      location: "Downtown Motors",
      status: "submitted",
      overdue: true,
      path: `/roreversal/view/${ro1}`,
    });
    expect((await inbox("admin")).rows.find((r) => r.form === "uniform")).toMatchObject({
      id: uni,
      reference: "Polo × 3",
      overdue: false,
    });
    const off = await submit("time_off_request", "staff", loc2, 30);
    expect((await inbox("admin")).rows.find((r) => r.form === "time_off")).toMatchObject({
      id: off,
      reference: "12/24–12/26 · Vacation",
    });
    expect(keysOf((await inbox("admin", { form: "uniform" })).rows)).toEqual([`uniform:${uni}`]);
    expect(keysOf((await inbox("admin", { location: loc1 })).rows)).toEqual([`ro_reversal:${ro1}`]);
    // Decided: out of the default (waiting) view, in the Approved view (an approver still marks it completed).
    await decide("ro_reversal", ro1, "approve", "", users.manager);
    expect(keysOf((await inbox("manager")).rows)).toEqual([]);
    expect(keysOf((await inbox("manager", { status: "approved" })).rows)).toEqual([`ro_reversal:${ro1}`]);
    // Paged: the total counts every row, the page holds `size`.
    await submit("ro_reversal", "staff", loc1, 3);
    await submit("ro_reversal", "staff", loc1, 4);
    const page = await inbox("manager", { size: 1, page: 2 });
    expect(page.total).toBe(2);
    expect(page.rows).toHaveLength(1);
  });

  it("counts 'Waiting for me' in the header: the same rows", async () => {
    await submit("ro_reversal", "staff", loc1, 1);
    await submit("ro_reversal", "staff", loc2, 1);
    const count = async (who: string) => (await headerCounts(users[who], { requests: true })).waiting;
    expect(await count("manager")).toBe(1);
    expect(await count("west")).toBe(1);
    expect(await count("admin")).toBe(2);
    expect(await count("staff")).toBe(0);
  });
});

describe("GET /api/v1/approvals", () => {
  const call = (token: string | undefined, query = "") =>
    callRoute(approvalsCall, apiRequest(`/api/v1/approvals${query}`, token ? { token } : {}));

  it("answers the inbox's rows in the v1 envelope, per role", async () => {
    const ro1 = await submit("ro_reversal", "staff", loc1, 5, "RA-77");
    const ro2 = await submit("ro_reversal", "staff", loc2, 6);
    const res = await call(tokens.manager);
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ code: 200, status: "success" });
    expect(res.json.content).toEqual(JSON.parse(JSON.stringify(await inbox("manager", { size: 25 }))));
    expect(keysOf(res.json.content.rows)).toEqual([`ro_reversal:${ro1}`]);
    expect(res.json.content.rows[0].reference).toBe("RA-77");
    expect(keysOf((await call(tokens.west)).json.content.rows)).toEqual([`ro_reversal:${ro2}`]);
    expect(keysOf((await call(tokens.admin, "?form=ro_reversal")).json.content.rows)).toEqual([
      `ro_reversal:${ro1}`,
      `ro_reversal:${ro2}`,
    ]);
    expect((await call(tokens.staff)).json.content).toEqual({ rows: [], total: 0 });
  });

  it("refuses bad input with the field's message, and a caller without a session", async () => {
    expectErrorEnvelope(await call(tokens.admin, "?status=denied"), 422);
    expectErrorEnvelope(await call(tokens.admin, "?form=nope"), 422);
    expectErrorEnvelope(await call(tokens.admin, "?location=x"), 422);
    expectErrorEnvelope(await call(undefined), 401);
  });
});

describe("bulk decisions say what they did", () => {
  it("decides what it may, and names each row it did not decide and why", async () => {
    const a = await submit("ro_reversal", "staff", loc1, 1);
    const b = await submit("tech_time", "staff", loc1, 2);
    const other = await submit("ro_reversal", "staff", loc2, 3);
    const taken = await submit("ro_reversal", "staff", loc1, 4);
    await decide("ro_reversal", taken, "approve", "", users.admin);
    signedIn.user = users.manager;
    const res = await bulkDecideRequestsAction({
      items: [
        { form: "ro_reversal", id: a },
        { form: "tech_time", id: b },
        { form: "ro_reversal", id: other },
        { form: "ro_reversal", id: taken },
      ],
      decision: "approve",
      comment: "",
    });
    expect(res).toMatchObject({
      ok: true,
      data: {
        decided: [
          { form: "ro_reversal", id: a },
          { form: "tech_time", id: b },
        ],
        refused: [
          { form: "ro_reversal", id: other, reason: "not yours to decide" },
          { form: "ro_reversal", id: taken, reason: "already approved by Alex Admin" },
        ],
      },
    });
    expect(res.ok && res.message).toBe(
      `Approve: 2 of 4 requests decided. Not decided: RO Reversal #${other}: not yours to decide; RO Reversal #${taken}: already approved by Alex Admin.`,
    );
    const [row] = await t.db().select().from(schema.roReversals).where(eq(schema.roReversals.id, other));
    expect(row.status).toBe("submitted");
  });

  it("is refused whole to staff, and without a reason to deny", async () => {
    const a = await submit("ro_reversal", "staff", loc1, 1);
    signedIn.user = users.staff;
    expect(
      await bulkDecideRequestsAction({ items: [{ form: "ro_reversal", id: a }], decision: "approve", comment: "" }),
    ).toMatchObject({ ok: false, status: 403 });
    signedIn.user = users.manager;
    expect(
      await bulkDecideRequestsAction({ items: [{ form: "ro_reversal", id: a }], decision: "deny", comment: " " }),
    ).toMatchObject({ ok: false, status: 422 });
    const [row] = await t.db().select().from(schema.roReversals).where(eq(schema.roReversals.id, a));
    expect(row.status).toBe("submitted");
  });
});

/**
 * The approvals inbox (docs/features/requests.md) against the real database: GET /api/v1/approvals and the header's
 * 'Waiting for me' count show exactly the requests the decider rule lets the caller decide (decidableWhere, held
 * here to requireRequestDecider row by row), the oldest due first; staff are refused.
 */
import { beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { eq, getTableName, sql } from "drizzle-orm";

vi.mock("next/headers", () => import("@/test/mock-next-headers"));

import { apiRequest, callRoute, planOf, setupTestDatabase, tokenFor } from "@/test/db";
import { expectErrorEnvelope } from "@/test/auth";
import { schema } from "@/lib/db";
import { POST as addRo } from "@/app/api/v1/ro-reversal-request/add/update/route";
import { POST as decideCall } from "@/app/api/v1/request/decide/route";
import { GET as approvalsCall } from "@/app/api/v1/approvals/route";
import { headerCounts } from "@/lib/system/header-counts";
import { resolveToken } from "@/lib/auth/session";
import { requireRequestDecider } from "@/lib/requests/access";
import { waitingForMeCount } from "@/lib/requests/approvals";
import { FORM_KEYS } from "@/lib/forms/form-keys";
import { REQUEST_TABLES } from "@/lib/forms/registry-server";

const t = setupTestDatabase();
const tokens: Record<string, string> = {};
const ids: Record<string, number> = {};
const loc: Record<string, number> = {};

const submitRo = async (token: string, location: number, employee: string) => {
  const res = await callRoute(
    addRo,
    apiRequest("/api/v1/ro-reversal-request/add/update", {
      method: "POST",
      token,
      body: {
        empolyee_name: employee,
        date_of_request: "11/20/2026",
        full_ra: "RA-1001",
        date_ra_was_originally_closed: "2026-11-01",
        pay_type: "Customer Pay",
        location,
        reason: "Wrong labour line",
      },
    }),
  );
  expect(res.status).toBe(200);
  return res.json.content.id as number;
};
const approvals = async (who: string, query = "") => {
  const res = await callRoute(approvalsCall, apiRequest(`/api/v1/approvals${query}`, { token: tokens[who] }));
  return res;
};
const idsOf = (res: { json: { content: { rows: { id: number }[] } } }) => res.json.content.rows.map((r) => r.id);

beforeAll(async () => {
  for (const name of ["admin", "manager", "staff"]) {
    tokens[name] = await tokenFor(t.db(), name);
    const [u] = await t.db().select({ id: schema.users.id }).from(schema.users).where(eq(schema.users.username, name));
    ids[name] = u.id;
  }
  for (const l of await t.db().select().from(schema.locations)) loc[l.name] = l.id;
});

beforeEach(async () => {
  await t.db().delete(schema.requestEvents);
  await t.db().delete(schema.roReversals);
  await t.db().delete(schema.formEmailMappings);
  // The manager approves RO reversals at Downtown Motors only.
  const [m] = await t
    .db()
    .insert(schema.formEmailMappings)
    .values({ formKey: "ro_reversal", locationId: loc["Downtown Motors"], toEmails: ["service@example.com"] })
    .returning({ id: schema.formEmailMappings.id });
  await t.db().insert(schema.formMappingApprovers).values({ mappingId: m.id, userId: ids.manager });
});

describe("GET /api/v1/approvals", () => {
  it("lists what the caller may decide: the manager their mapped location and what is assigned to them, the administrator all", async () => {
    const downtown = await submitRo(tokens.staff, loc["Downtown Motors"], "Dana Downtown");
    const valley = await submitRo(tokens.staff, loc["Valley Trucks"], "Val Valley");
    const assigned = await submitRo(tokens.staff, loc["Coastal Auto Group"], "Cody Coastal");
    const own = await submitRo(tokens.manager, loc["Downtown Motors"], "Morgan's own");
    await t.db().update(schema.roReversals).set({ assignedTo: ids.manager }).where(eq(schema.roReversals.id, assigned));

    const manager = await approvals("manager");
    expect(manager.status).toBe(200);
    expect(idsOf(manager).sort()).toEqual([downtown, assigned].sort());
    expect(manager.json.content.total).toBe(2);
    const row = manager.json.content.rows.find((r: { id: number }) => r.id === downtown);
    expect(row).toMatchObject({
      form: "ro_reversal",
      title: "RO reversal RA-1001 · Dana Downtown",
      requester: "Sam Staff",
      location: "Downtown Motors",
      status: "submitted",
      decisions: ["approve", "deny", "needs_info"],
      path: `/roreversal/view/${downtown}`,
    });

    const admin = await approvals("admin");
    expect(idsOf(admin).sort()).toEqual([downtown, valley, assigned, own].sort());

    // The rule is the decider rule: every listed row passes requireRequestDecider, every other is refused by it.
    for (const who of ["manager", "admin"] as const) {
      const user = (await resolveToken(tokens[who]))!;
      const listed = new Set(idsOf(await approvals(who)));
      for (const r of await t.db().select().from(schema.roReversals)) {
        const may = await requireRequestDecider(t.db(), user, "ro_reversal", r).then(
          () => true,
          () => false,
        );
        expect([who, r.id, listed.has(r.id)]).toEqual([who, r.id, may]);
      }
    }
  });

  it("orders the oldest due first, leaves decided requests out, and filters by form, location and status", async () => {
    const a = await submitRo(tokens.staff, loc["Downtown Motors"], "First");
    const b = await submitRo(tokens.staff, loc["Valley Trucks"], "Second");
    const c = await submitRo(tokens.staff, loc["Downtown Motors"], "Third");
    const day = 86_400_000;
    const set = (id: number, dueAt: Date | null) =>
      t.db().update(schema.roReversals).set({ dueAt }).where(eq(schema.roReversals.id, id));
    await set(a, new Date(Date.now() + 2 * day));
    await set(b, new Date(Date.now() - day));
    await set(c, null);
    const all = await approvals("admin");
    expect(idsOf(all)).toEqual([b, a, c]);
    expect(all.json.content.rows.map((r: { overdue: boolean }) => r.overdue)).toEqual([true, false, false]);

    const decided = await callRoute(
      decideCall,
      apiRequest("/api/v1/request/decide", {
        method: "POST",
        token: tokens.admin,
        body: { form: "ro_reversal", id: a, decision: "approve" },
      }),
    );
    expect(decided.status).toBe(200);
    expect(idsOf(await approvals("admin"))).toEqual([b, c]);
    expect(idsOf(await approvals("admin", "?status=approved"))).toEqual([a]);
    expect(idsOf(await approvals("admin", `?location=${loc["Valley Trucks"]}`))).toEqual([b]);
    expect(idsOf(await approvals("admin", "?form=suggestion"))).toEqual([]);
    expect(idsOf(await approvals("admin", "?size=1&page=2"))).toEqual([c]);
  });

  it("refuses staff (403) and anyone signed out (401); the header counts what waits, 0 for staff", async () => {
    await submitRo(tokens.staff, loc["Downtown Motors"], "Counted");
    await submitRo(tokens.staff, loc["Valley Trucks"], "Not the manager's");
    expectErrorEnvelope(await approvals("staff"), 403);
    expectErrorEnvelope(await callRoute(approvalsCall, apiRequest("/api/v1/approvals")), 401);
    const counts = async (who: string) =>
      (await headerCounts((await resolveToken(tokens[who]))!, { requests: true })).waiting;
    expect(await counts("manager")).toBe(1);
    expect(await counts("admin")).toBe(2);
    expect(await counts("staff")).toBe(0);
  });

  it("the header's count reads each form's index of waiting rows only: the status it asks for is checked in the index", async () => {
    // Forms whose approvers decide from 'submitted' only ask for that status, which the partial index (submitted and
    // under_review) does not imply: without the status among its columns every waiting row's page was read
    // (docs/benchmarks.md, "The status in the waiting index"). The test tables are small enough to scan or to take
    // any index: in a transaction that is rolled back, the other status index is dropped and scans are forbidden, so
    // the plan shows the fit.
    const manager = (await resolveToken(tokens.manager))!;
    const plan = await planOf(t.db(), sql`select ${waitingForMeCount(manager)} as n`, [
      ...FORM_KEYS.map((key) => sql.raw(`drop index ${getTableName(REQUEST_TABLES[key])}_status_location_idx`)),
      sql`set local enable_seqscan = off`,
      sql`set local enable_bitmapscan = off`,
    ]);
    expect(plan).not.toBe("");
    for (const key of FORM_KEYS) {
      expect(plan).toContain(`Index Only Scan using ${getTableName(REQUEST_TABLES[key])}_waiting_idx`);
    }
  });
});

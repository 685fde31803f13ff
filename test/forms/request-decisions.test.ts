/**
 * Staff requests that close the loop (docs/features/requests.md) through the v1 calls, against the real database:
 * decide / timeline / my_requests, and every 'Bad input' bullet of the issue: deciding one's own request,
 * a role-2 user deciding a location not mapped to them, a staff user calling decide, 'Denied' without a
 * reason, a transition that is not allowed (Completed -> Submitted), a decision another approver made a
 * moment earlier (409 with who and what), a requester editing after the decision, a timeline of another
 * person's submission as staff (404).
 */
import { beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { and, eq } from "drizzle-orm";

vi.mock("next/headers", () => import("@/test/mock-next-headers"));

import { apiRequest, callRoute, setupTestDatabase, tokenFor } from "@/test/db";
import { expectErrorEnvelope } from "@/test/auth";
import { schema } from "@/lib/db";
import { formatInZone } from "@/lib/dates/format";
import { PORTAL_TIME_ZONE } from "@/lib/dates/zone";
import { POST as addRo } from "@/app/api/v1/ro-reversal-request/add/update/route";
import { GET as getRo } from "@/app/api/v1/ro-reversal-request/get/route";
import { POST as listRo } from "@/app/api/v1/ro-reversal-request/list/route";
import { POST as decideCall } from "@/app/api/v1/request/decide/route";
import { GET as timelineCall } from "@/app/api/v1/request/timeline/route";
import { GET as myRequestsCall } from "@/app/api/v1/my_requests/route";
import { POST as mapperSave } from "@/app/api/v1/form/mapper/add/update/route";
import { GET as mapperGet } from "@/app/api/v1/form/mapper/get/route";
import { headerCounts } from "@/lib/system/header-counts";
import { ASSIGN_ONLY_UNROUTED, assignRequest, decide, decideMany, markRequestsSeen } from "@/lib/requests/mutations";
import { countChangedRequests } from "@/lib/requests/queries";
import { bulkOutcome } from "@/lib/requests/bulk-outcome";
import { NOT_AN_APPROVER, OWN_REQUEST_REFUSED } from "@/lib/requests/access";
import { DECIDED_REQUEST_LOCKED } from "@/lib/requests/edit-rules";
import { resolveToken } from "@/lib/auth/session";
import { saveRequestTargets } from "@/lib/requests/targets";
import { sendOverdueSummaries } from "@/lib/requests/overdue-summary";

const t = setupTestDatabase();
const tokens: Record<string, string> = {};
const ids: Record<string, number> = {};
let locationId: number;
let otherLocationId: number;

const roBody = (extra: Record<string, unknown> = {}) => ({
  empolyee_name: "Jane Doe",
  date_of_request: "11/20/2026",
  full_ra: "RA-1001",
  date_ra_was_originally_closed: "2026-11-01",
  pay_type: "Customer Pay",
  location: locationId,
  reason: "Wrong labour line",
  ...extra,
});
const submitRo = async (token: string, extra: Record<string, unknown> = {}) => {
  const res = await callRoute(
    addRo,
    apiRequest("/api/v1/ro-reversal-request/add/update", { method: "POST", token, body: roBody(extra) }),
  );
  expect(res.status).toBe(200);
  return res.json.content.id as number;
};
const decideAs = (token: string, body: Record<string, unknown>) =>
  callRoute(decideCall, apiRequest("/api/v1/request/decide", { method: "POST", token, body }));
const timelineAs = (token: string, form: string, id: number) =>
  callRoute(timelineCall, apiRequest(`/api/v1/request/timeline?form=${form}&id=${id}`, { token }));

async function makeUser(username: string, roleId: number) {
  const [u] = await t
    .db()
    .insert(schema.users)
    .values({ username, firstName: username, lastName: "Approver", email: `${username}@example.com`, roleId })
    .returning({ id: schema.users.id });
  ids[username] = u.id;
  tokens[username] = await tokenFor(t.db(), username);
}

beforeAll(async () => {
  for (const name of ["admin", "manager", "staff"]) {
    tokens[name] = await tokenFor(t.db(), name);
    const [u] = await t.db().select({ id: schema.users.id }).from(schema.users).where(eq(schema.users.username, name));
    ids[name] = u.id;
  }
  await makeUser("approver2", 2);
  await makeUser("staff2", 3);
  const locs = await t
    .db()
    .select({ id: schema.locations.id, name: schema.locations.name })
    .from(schema.locations)
    .orderBy(schema.locations.id);
  locationId = locs.find((l) => l.name === "Downtown Motors")!.id;
  otherLocationId = locs.find((l) => l.id !== locationId)!.id;
});

beforeEach(async () => {
  await t.db().delete(schema.requestEvents);
  await t.db().delete(schema.roReversals);
  await t.db().delete(schema.improvementSuggestions);
  await t.db().delete(schema.mailOutbox);
  await t.db().delete(schema.formEmailMappings);
  // The mapping for RO reversal at Downtown Motors names the seeded manager its approver; approver2 is mapped nowhere.
  const [m] = await t
    .db()
    .insert(schema.formEmailMappings)
    .values({ formKey: "ro_reversal", locationId, toEmails: ["service@example.com"] })
    .returning({ id: schema.formEmailMappings.id });
  await t.db().insert(schema.formMappingApprovers).values({ mappingId: m.id, userId: ids.manager });
});

describe("POST /api/v1/request/decide", () => {
  it("a mapped approver approves: status, decided by/at, a timeline row, an audit row and the requester's mail", async () => {
    const id = await submitRo(tokens.staff);
    const [before] = await t.db().select().from(schema.roReversals).where(eq(schema.roReversals.id, id));
    expect(before.status).toBe("submitted");
    // The submission's mail goes to the mapping's recipients, the location's manager and its approvers, with the record's link.
    const submitted = await t.db().select().from(schema.mailOutbox);
    expect(submitted[0].toAddresses).toEqual(["service@example.com", "manager1@example.com", "manager@example.com"]);
    expect(submitted[0].body).toContain(`/roreversal/view/${id}`);
    await t.db().delete(schema.mailOutbox);

    const res = await decideAs(tokens.manager, { form: "ro_reversal", id, decision: "approve", comment: "OK" });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({
      code: 200,
      status: "success",
      content: {
        form: "ro_reversal",
        id,
        status: "approved",
        previous_status: "submitted",
        decided_by: "Morgan Manager",
      },
    });
    const [row] = await t.db().select().from(schema.roReversals).where(eq(schema.roReversals.id, id));
    expect(row).toMatchObject({ status: "approved", decidedBy: ids.manager });
    expect(row.decidedAt).toBeInstanceOf(Date);
    const audit = await t
      .db()
      .select()
      .from(schema.auditLog)
      .where(and(eq(schema.auditLog.entity, "ro_reversal"), eq(schema.auditLog.entityId, String(id))));
    expect(audit.map((a) => a.action)).toContain("request.approve");
    const mails = await t.db().select().from(schema.mailOutbox);
    expect(mails).toHaveLength(1);
    expect(mails[0].toAddresses).toEqual(["staff@example.com"]);
    expect(mails[0].body).toContain(`/roreversal/view/${id}`);

    // Completed next (approved -> completed), by an administrator.
    const done = await decideAs(tokens.admin, { form: "ro_reversal", id, decision: "complete" });
    expect(done.json.content.status).toBe("completed");
    // The list and get calls carry the status.
    const got = await callRoute(getRo, apiRequest(`/api/v1/ro-reversal-request/get?id=${id}`, { token: tokens.staff }));
    expect(got.json.content.status).toBe("completed");
  });

  it("refuses deciding one's own request (403), even for an administrator", async () => {
    const id = await submitRo(tokens.admin);
    const res = await decideAs(tokens.admin, { form: "ro_reversal", id, decision: "approve" });
    expectErrorEnvelope(res, 403);
    expect(res.json.message).toBe(OWN_REQUEST_REFUSED);
    const mine = await submitRo(tokens.manager);
    expect((await decideAs(tokens.manager, { form: "ro_reversal", id: mine, decision: "approve" })).json.message).toBe(
      OWN_REQUEST_REFUSED,
    );
  });

  it("refuses a role-2 user deciding a request of a location not mapped to them (403); nothing changes", async () => {
    const id = await submitRo(tokens.staff);
    const res = await decideAs(tokens.approver2, { form: "ro_reversal", id, decision: "approve" });
    expectErrorEnvelope(res, 403);
    expect(res.json.message).toBe(NOT_AN_APPROVER);
    // The mapped manager, at another location, is no approver there either.
    const elsewhere = await submitRo(tokens.staff, { location: otherLocationId });
    expect((await decideAs(tokens.manager, { form: "ro_reversal", id: elsewhere, decision: "approve" })).status).toBe(
      403,
    );
    const rows = await t.db().select({ status: schema.roReversals.status }).from(schema.roReversals);
    expect(rows.every((r) => r.status === "submitted")).toBe(true);
    expect(await t.db().select().from(schema.requestEvents)).toHaveLength(0);
  });

  it("refuses a staff user calling decide (403), on anyone's request", async () => {
    const id = await submitRo(tokens.staff2);
    expectErrorEnvelope(await decideAs(tokens.staff, { form: "ro_reversal", id, decision: "approve" }), 403);
    expectErrorEnvelope(
      await decideAs(tokens.staff, { form: "ro_reversal", id, decision: "deny", comment: "no" }),
      403,
    );
    expectErrorEnvelope(
      await callRoute(
        decideCall,
        apiRequest("/api/v1/request/decide", {
          method: "POST",
          body: { form: "ro_reversal", id, decision: "approve" },
        }),
      ),
      401,
    );
  });

  it("refuses 'Denied' without a reason (422 on comment); a blank reason is no reason", async () => {
    const id = await submitRo(tokens.staff);
    for (const comment of [undefined, "", "   "]) {
      const res = await decideAs(tokens.manager, {
        form: "ro_reversal",
        id,
        decision: "deny",
        ...(comment === undefined ? {} : { comment }),
      });
      expectErrorEnvelope(res, 422);
      expect(res.json.content.comment).toEqual(["A reason is required to deny a request."]);
    }
    const denied = await decideAs(tokens.manager, {
      form: "ro_reversal",
      id,
      decision: "deny",
      comment: "Not a labour error",
    });
    expect(denied.json.content.status).toBe("denied");
  });

  it("refuses a transition the workflow lacks (Completed -> Submitted, a suggestion 'approved'): 422", async () => {
    const id = await submitRo(tokens.staff);
    await decideAs(tokens.manager, { form: "ro_reversal", id, decision: "approve" });
    await decideAs(tokens.admin, { form: "ro_reversal", id, decision: "complete" });
    // The only way back to submitted is the requester's answer to 'Needs information'.
    const back = await decideAs(tokens.staff, { form: "ro_reversal", id, decision: "answer", comment: "again" });
    expectErrorEnvelope(back, 422);
    expect(back.json.content.decision).toEqual(["This transition is not allowed."]);
    const fresh = await submitRo(tokens.staff);
    expectErrorEnvelope(await decideAs(tokens.admin, { form: "ro_reversal", id: fresh, decision: "complete" }), 422);
    expectErrorEnvelope(await decideAs(tokens.admin, { form: "ro_reversal", id: fresh, decision: "bogus" }), 422);
    expectErrorEnvelope(await decideAs(tokens.admin, { form: "nope", id: fresh, decision: "approve" }), 422);
    const [row] = await t.db().select().from(schema.roReversals).where(eq(schema.roReversals.id, id));
    expect(row.status).toBe("completed");
  });

  it("two approvers at once: the first wins, the second gets a 409 naming who decided and how; nothing is overwritten", async () => {
    const id = await submitRo(tokens.staff);
    const admin = (await resolveToken(tokens.admin))!;
    const manager = (await resolveToken(tokens.manager))!;
    const results = await Promise.allSettled([
      decide("ro_reversal", id, "approve", "", manager),
      decide("ro_reversal", id, "deny", "No", admin),
    ]);
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    const lost = results.find((r) => r.status === "rejected") as PromiseRejectedResult;
    expect(lost.reason.status).toBe(409);

    // Through the API, one after the other: the second caller is told who and what.
    const id2 = await submitRo(tokens.staff);
    await decideAs(tokens.manager, { form: "ro_reversal", id: id2, decision: "approve" });
    const second = await decideAs(tokens.admin, {
      form: "ro_reversal",
      id: id2,
      decision: "deny",
      comment: "too late",
    });
    expectErrorEnvelope(second, 409);
    // Who, what and when in the portal's time ('at 2:02 PM'), never a raw timestamp.
    const [event] = await t.db().select().from(schema.requestEvents).where(eq(schema.requestEvents.recordId, id2));
    const time = formatInZone(event.createdAt, PORTAL_TIME_ZONE, "h:mm a");
    expect(second.json.message).toMatch(
      new RegExp(
        `^Morgan Manager already changed this request to Approved (on [A-Z][a-z]{2} \\d{1,2} )?at ${time}\\.$`,
      ),
    );
    expect(second.json.message).not.toMatch(/\d{4}-\d{2}-\d{2}T/);
    expect(second.json.content).toMatchObject({ decided_by: ["Morgan Manager"], status: ["approved"] });
    // The same status seen by both: expected_status makes the move a 409 even when the decision is possible now.
    const third = await decideAs(tokens.admin, {
      form: "ro_reversal",
      id: id2,
      decision: "complete",
      expected_status: "submitted",
    });
    expectErrorEnvelope(third, 409);
    const [row] = await t.db().select().from(schema.roReversals).where(eq(schema.roReversals.id, id2));
    expect(row).toMatchObject({ status: "approved", decidedBy: ids.manager });
    expect(await t.db().select().from(schema.requestEvents).where(eq(schema.requestEvents.recordId, id2))).toHaveLength(
      1,
    );
  });

  it("needs information: the requester answers on the record (back to submitted); only they may", async () => {
    const id = await submitRo(tokens.staff);
    expectErrorEnvelope(await decideAs(tokens.manager, { form: "ro_reversal", id, decision: "needs_info" }), 422);
    await decideAs(tokens.manager, { form: "ro_reversal", id, decision: "needs_info", comment: "Which job line?" });
    const asked = async () => (await t.db().select().from(schema.roReversals).where(eq(schema.roReversals.id, id)))[0];
    expect(await asked()).toMatchObject({ status: "needs_info", decidedBy: ids.manager });
    expectErrorEnvelope(
      await decideAs(tokens.admin, { form: "ro_reversal", id, decision: "answer", comment: "me" }),
      403,
    );
    await t.db().delete(schema.mailOutbox);
    const answered = await decideAs(tokens.staff, { form: "ro_reversal", id, decision: "answer", comment: "Line 2" });
    expect(answered.json.content.status).toBe("submitted");
    // Back with the approvers undecided: the list and the exports show no 'Decided by/at' of the question.
    expect(await asked()).toMatchObject({ status: "submitted", decidedBy: null, decidedAt: null });
    const mails = await t.db().select().from(schema.mailOutbox);
    expect(mails.map((m) => m.toAddresses)).toEqual([["manager@example.com"]]);
  });
});

describe("a decided request is locked for its requester", () => {
  it("the requester edits a submitted request, not a decided one (409)", async () => {
    const id = await submitRo(tokens.staff);
    const edit = (reason: string) =>
      callRoute(
        addRo,
        apiRequest("/api/v1/ro-reversal-request/add/update", {
          method: "POST",
          token: tokens.staff,
          body: roBody({ id, reason }),
        }),
      );
    expect((await edit("still open")).status).toBe(200);
    await decideAs(tokens.manager, { form: "ro_reversal", id, decision: "approve" });
    const res = await edit("changed after approval");
    expectErrorEnvelope(res, 409);
    expect(res.json.message).toBe(DECIDED_REQUEST_LOCKED);
    const [row] = await t.db().select().from(schema.roReversals).where(eq(schema.roReversals.id, id));
    expect(row.reason).toBe("still open");
  });
});

describe("GET /api/v1/request/timeline and /api/v1/my_requests", () => {
  it("the timeline lists each step (who, when, comment); another person's submission is a 404 for staff", async () => {
    const id = await submitRo(tokens.staff);
    await decideAs(tokens.manager, { form: "ro_reversal", id, decision: "deny", comment: "Not a labour error" });
    const own = await timelineAs(tokens.staff, "ro_reversal", id);
    expect(own.status).toBe(200);
    expect(own.json.content.status).toBe("denied");
    expect(own.json.content.steps).toMatchObject([
      { decision: "submit", status: "submitted", by: "Sam Staff" },
      {
        decision: "deny",
        from_status: "submitted",
        status: "denied",
        by: "Morgan Manager",
        comment: "Not a labour error",
      },
    ]);
    const other = await timelineAs(tokens.staff2, "ro_reversal", id);
    expectErrorEnvelope(other, 404);
    expectErrorEnvelope(await timelineAs(tokens.staff2, "ro_reversal", 999999), 404);
    expect((await timelineAs(tokens.admin, "ro_reversal", id)).status).toBe(200);
  });

  it("my_requests: the caller's own requests of every form, latest change first, filtered; the header's count of changes", async () => {
    const a = await submitRo(tokens.staff);
    const b = await submitRo(tokens.staff);
    await submitRo(tokens.staff2);
    const [s] = await t
      .db()
      .insert(schema.improvementSuggestions)
      .values({
        name: "Better bays",
        date: "2026-11-20",
        locationId,
        locationName: "Downtown Motors",
        email: "staff@example.com",
        createdBy: ids.staff,
      })
      .returning({ id: schema.improvementSuggestions.id });
    await markRequestsSeen(ids.staff);
    await decideAs(tokens.manager, { form: "ro_reversal", id: a, decision: "approve" });
    const res = await callRoute(myRequestsCall, apiRequest("/api/v1/my_requests", { token: tokens.staff }));
    expect(res.status).toBe(200);
    expect(res.json.content.total).toBe(3);
    expect(res.json.content.rows.map((r: { form: string; id: number }) => `${r.form}:${r.id}`)).toEqual([
      `ro_reversal:${a}`,
      `suggestion:${s.id}`,
      `ro_reversal:${b}`,
    ]);
    expect(res.json.content.rows[0]).toMatchObject({ status: "approved", path: `/roreversal/view/${a}` });
    // What changed since the requester last looked is marked; nothing else is.
    expect(res.json.content.rows.map((r: { changed: boolean }) => r.changed)).toEqual([true, false, false]);
    const approved = await callRoute(
      myRequestsCall,
      apiRequest("/api/v1/my_requests?status=approved&form=ro_reversal", { token: tokens.staff }),
    );
    expect(approved.json.content.rows.map((r: { id: number }) => r.id)).toEqual([a]);
    expect(await countChangedRequests(ids.staff)).toBe(1);
    const staffUser = (await resolveToken(tokens.staff))!;
    expect((await headerCounts(staffUser, { requests: true })).requestsChanged).toBe(1);
    expect((await headerCounts(staffUser, { requests: false })).requestsChanged).toBe(0);
    await markRequestsSeen(ids.staff);
    expect(await countChangedRequests(ids.staff)).toBe(0);
    const later = await callRoute(myRequestsCall, apiRequest("/api/v1/my_requests", { token: tokens.staff }));
    expect(later.json.content.rows.some((r: { changed: boolean }) => r.changed)).toBe(false);
    expect((await headerCounts(staffUser, { requests: true })).requestsChanged).toBe(0);
  });
});

describe("the mapping's Approvers (form/mapper add/update and get)", () => {
  it("names portal users of roles 1 and 2 as approvers; staff are refused; leaving approvers out keeps them", async () => {
    await t.db().delete(schema.formEmailMappings);
    const save = (body: Record<string, unknown>) =>
      callRoute(
        mapperSave,
        apiRequest("/api/v1/form/mapper/add/update", { method: "POST", token: tokens.admin, body }),
      );
    const res = await save({
      form_id: 1,
      location: String(locationId),
      to_email: "a@example.com",
      approvers: `${ids.approver2},${ids.manager}`,
    });
    expect(res.status).toBe(200);
    const mappingId = res.json.content.ids[0];
    const got = await callRoute(
      mapperGet,
      apiRequest(`/api/v1/form/mapper/get?id=${mappingId}`, { token: tokens.admin }),
    );
    expect(got.json.content.approvers.split(",").map(Number).sort()).toEqual([ids.approver2, ids.manager].sort());
    // approver2 is now an approver there: their decision goes through.
    const id = await submitRo(tokens.staff);
    expect((await decideAs(tokens.approver2, { form: "ro_reversal", id, decision: "approve" })).status).toBe(200);

    const staffApprover = await save({
      id: mappingId,
      form_id: 1,
      location: String(locationId),
      to_email: "a@example.com",
      approvers: String(ids.staff),
    });
    expectErrorEnvelope(staffApprover, 422);
    expect(staffApprover.json.content.approverIds).toEqual(["Approvers must be administrators or managers."]);
    // An old client sends no approvers: they stay.
    expect(
      (await save({ id: mappingId, form_id: 1, location: String(locationId), to_email: "b@example.com" })).status,
    ).toBe(200);
    const after = await t
      .db()
      .select()
      .from(schema.formMappingApprovers)
      .where(eq(schema.formMappingApprovers.mappingId, mappingId));
    expect(after).toHaveLength(2);
  });
});

describe("lists gain status, decided by and decided at, and filter on status", () => {
  it("the RO reversal list call filters by status (its STATUS_FILTER number) and carries the decision", async () => {
    const a = await submitRo(tokens.staff);
    const b = await submitRo(tokens.staff);
    await decideAs(tokens.manager, { form: "ro_reversal", id: a, decision: "approve" });
    const list = (filters: Record<string, unknown>) =>
      callRoute(
        listRo,
        apiRequest("/api/v1/ro-reversal-request/list", { method: "POST", token: tokens.admin, body: { filters } }),
      );
    const approved = await list({ status: 3 });
    expect(approved.status).toBe(200);
    const rows = JSON.stringify(approved.json.content);
    expect(rows).toContain(`"id":${a}`);
    expect(rows).not.toContain(`"id":${b}`);
    expect(rows).toContain('"status":"approved"');
    expect(rows).toContain('"decided_by":"Morgan Manager"');
    const submitted = JSON.stringify((await list({ status: 1 })).json.content);
    expect(submitted).toContain(`"id":${b}`);
    expect(submitted).not.toContain(`"id":${a}`);
    expectErrorEnvelope(await list({ status: "approved" }), 422);
  });
});

describe("bulk decisions from the lists (decideMany)", () => {
  it("approves the selected rows with one comment; rows the user may not decide, or already decided, are reported and kept", async () => {
    const admin = (await resolveToken(tokens.admin))!;
    const staffUser = (await resolveToken(tokens.staff))!;
    const a = await submitRo(tokens.staff);
    const b = await submitRo(tokens.staff);
    const own = await submitRo(tokens.admin);
    const decided = await submitRo(tokens.staff);
    await decideAs(tokens.manager, { form: "ro_reversal", id: decided, decision: "deny", comment: "no" });
    await t.db().delete(schema.mailOutbox);

    await expect(decideMany("ro_reversal", [a], "deny", " ", admin)).rejects.toMatchObject({ status: 422 });
    await expect(decideMany("ro_reversal", [a], "approve", "", staffUser)).rejects.toMatchObject({ status: 403 });

    const res = await decideMany("ro_reversal", [a, b, own, decided], "approve", "Batch OK", admin);
    expect(res.decided.sort()).toEqual([a, b].sort());
    expect(res.refused.map((r) => r.id).sort()).toEqual([own, decided].sort());
    // Each refusal says why, as the list names it ('#12: your own request', '#14: <who> already changed ...').
    const why = bulkOutcome("approve", res.decided, res.refused);
    expect(why.summary).toBe("2 approved, 2 not decided.");
    expect(why.lines).toContain(`#${own}: your own request`);
    expect(why.lines.find((l) => l.startsWith(`#${decided}: `))).toMatch(/already changed this request to Denied/);
    const rows = await t
      .db()
      .select({ id: schema.roReversals.id, status: schema.roReversals.status })
      .from(schema.roReversals);
    const status = Object.fromEntries(rows.map((r) => [r.id, r.status]));
    expect([status[a], status[b], status[own], status[decided]]).toEqual([
      "approved",
      "approved",
      "submitted",
      "denied",
    ]);
    // One mail per decided request, to its requester.
    expect(await t.db().select().from(schema.mailOutbox)).toHaveLength(2);
  });
});

describe("bulk decisions on the suggestion list", () => {
  it("moves a selection under review, then declines it with one reason; a decline without one is refused whole", async () => {
    const admin = (await resolveToken(tokens.admin))!;
    const make = async (name: string) =>
      (
        await t
          .db()
          .insert(schema.improvementSuggestions)
          .values({
            name,
            date: "2026-11-20",
            locationId,
            locationName: "Downtown Motors",
            email: "staff@example.com",
            createdBy: ids.staff,
          })
          .returning({ id: schema.improvementSuggestions.id })
      )[0].id;
    const a = await make("Wider bay doors");
    const b = await make("Second parts counter");
    const status = async () => {
      const rows = await t
        .db()
        .select({ id: schema.improvementSuggestions.id, status: schema.improvementSuggestions.status })
        .from(schema.improvementSuggestions);
      const by = Object.fromEntries(rows.map((r) => [r.id, r.status]));
      return [by[a], by[b]];
    };
    // 'approve' is not a suggestion's step: every row is refused, nothing changes.
    expect((await decideMany("improvement_suggestion", [a, b], "approve", "", admin)).refused).toHaveLength(2);
    expect((await decideMany("improvement_suggestion", [a, b], "review", "", admin)).decided.sort()).toEqual(
      [a, b].sort(),
    );
    expect(await status()).toEqual(["under_review", "under_review"]);
    await expect(decideMany("improvement_suggestion", [a, b], "decline", "", admin)).rejects.toMatchObject({
      status: 422,
    });
    expect(await status()).toEqual(["under_review", "under_review"]);
    expect(
      (await decideMany("improvement_suggestion", [a, b], "decline", "Not this year", admin)).decided,
    ).toHaveLength(2);
    expect(await status()).toEqual(["declined", "declined"]);
  });
});

describe("deadlines: Overdue in the lists and the approvers' daily summary", () => {
  it("stamps due times from the form's target, filters Overdue, and mails each approver once a day (none when none)", async () => {
    const admin = (await resolveToken(tokens.admin))!;
    await t.db().delete(schema.overdueSummaries);
    await saveRequestTargets({ ro_reversal: 2 }, admin);
    const late = await submitRo(tokens.staff);
    const fresh = await submitRo(tokens.staff);
    const [row] = await t
      .db()
      .select({ dueAt: schema.roReversals.dueAt })
      .from(schema.roReversals)
      .where(eq(schema.roReversals.id, fresh));
    expect(row.dueAt!.getTime()).toBeGreaterThan(Date.now() + 24 * 3600_000);
    // Nothing overdue yet: no summary.
    await t.db().delete(schema.mailOutbox);
    expect((await sendOverdueSummaries()).sent).toBe(0);
    expect(await t.db().select().from(schema.mailOutbox)).toHaveLength(0);

    await t
      .db()
      .update(schema.roReversals)
      .set({ dueAt: new Date(Date.now() - 3600_000) })
      .where(eq(schema.roReversals.id, late));
    const list = await callRoute(
      listRo,
      apiRequest("/api/v1/ro-reversal-request/list", {
        method: "POST",
        token: tokens.admin,
        body: { filters: { overdue: 1 } },
      }),
    );
    const text = JSON.stringify(list.json.content);
    expect(text).toContain(`"id":${late}`);
    expect(text).not.toContain(`"id":${fresh}`);
    expect(text).toContain('"overdue":true');

    const first = await sendOverdueSummaries();
    expect(first.sent).toBe(2); // the administrator and the mapped manager
    const mails = await t.db().select().from(schema.mailOutbox);
    expect(mails.map((m) => m.toAddresses[0]).sort()).toEqual(["admin@example.com", "manager@example.com"]);
    expect(mails[0].body).toContain(`/roreversal/view/${late}`);
    expect(mails[0].body).not.toContain(`/roreversal/view/${fresh}`);
    // Once a day.
    expect((await sendOverdueSummaries()).sent).toBe(0);
    // A decided request is not overdue any more.
    await decideAs(tokens.manager, { form: "ro_reversal", id: late, decision: "approve" });
    const after = JSON.stringify(
      (
        await callRoute(
          listRo,
          apiRequest("/api/v1/ro-reversal-request/list", {
            method: "POST",
            token: tokens.admin,
            body: { filters: { overdue: 1 } },
          }),
        )
      ).json.content,
    );
    expect(after).not.toContain(`"id":${late}`);
    await saveRequestTargets({ ro_reversal: 0 }, admin);
  });
});

describe("an unrouted submission is assigned by an administrator", () => {
  it("stays flagged unrouted; an administrator assigns a manager, who may then decide it; nobody else assigns", async () => {
    const admin = (await resolveToken(tokens.admin))!;
    const manager = (await resolveToken(tokens.manager))!;
    const id = await submitRo(tokens.staff, { location: otherLocationId });
    const [row] = await t
      .db()
      .select({ routed: schema.roReversals.routed })
      .from(schema.roReversals)
      .where(eq(schema.roReversals.id, id));
    expect(row.routed).toBe(false);
    expectErrorEnvelope(await decideAs(tokens.approver2, { form: "ro_reversal", id, decision: "approve" }), 403);

    await expect(assignRequest("ro_reversal", id, ids.approver2, manager)).rejects.toMatchObject({ status: 403 });
    await expect(assignRequest("ro_reversal", id, ids.staff2, admin)).rejects.toMatchObject({ status: 422 });
    const routed = await submitRo(tokens.staff);
    await expect(assignRequest("ro_reversal", routed, ids.approver2, admin)).rejects.toMatchObject({
      status: 422,
      message: ASSIGN_ONLY_UNROUTED,
    });

    await assignRequest("ro_reversal", id, ids.approver2, admin);
    expect((await decideAs(tokens.approver2, { form: "ro_reversal", id, decision: "approve" })).status).toBe(200);
    const steps = (await timelineAs(tokens.admin, "ro_reversal", id)).json.content.steps;
    expect(steps.map((x: { decision: string }) => x.decision)).toEqual(["submit", "assign", "approve"]);
  });
});

describe("the suggestion workflow", () => {
  it("submitted -> under review -> accepted -> implemented; a decline needs a reason; approve is not a suggestion's decision", async () => {
    const [sug] = await t
      .db()
      .insert(schema.improvementSuggestions)
      .values({
        name: "Bay lights",
        date: "2026-11-20",
        locationId,
        locationName: "Downtown Motors",
        email: "staff@example.com",
        createdBy: ids.staff,
      })
      .returning({ id: schema.improvementSuggestions.id });
    const go = (decision: string, comment = "") =>
      decideAs(tokens.admin, { form: "suggestion", id: sug.id, decision, comment });
    expectErrorEnvelope(await go("approve"), 422);
    expect((await go("review")).json.content.status).toBe("under_review");
    expectErrorEnvelope(await go("decline"), 422);
    expect((await go("accept")).json.content.status).toBe("accepted");
    expect((await go("implement")).json.content.status).toBe("implemented");
    const mine = await callRoute(
      myRequestsCall,
      apiRequest("/api/v1/my_requests?form=suggestion", { token: tokens.staff }),
    );
    expect(mine.json.content.rows[0]).toMatchObject({ form: "suggestion", id: sug.id, status: "implemented" });
  });
});

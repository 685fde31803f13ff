/**
 * The write rules (docs/decisions.md) for the staff requests, through every write path (the four v1 add/update calls, the screens'
 * save actions, decide), per role, against the real database:
 * - 43.2: an approver decides only their own scope and never edits a request; a request stays where it
 *   was filed unless an administrator moves it (in its timeline); once decided, its content is locked for
 *   all but administrators, whose every change is a timeline entry with before/after.
 * - 43.3: an update call changes only the fields its body names.
 * - 43.8: a decision against a status that no longer holds is a 409 naming the status now.
 */
import { beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { and, desc, eq } from "drizzle-orm";
import type { SessionUser } from "@/lib/auth/session";

const signedIn = vi.hoisted(() => ({ user: null as SessionUser | null }));
vi.mock("next/headers", () => import("@/test/mock-next-headers"));
vi.mock("@/lib/auth/guards", async (importOriginal) => {
  const mod = await importOriginal<typeof import("@/lib/auth/guards")>();
  return { ...mod, getCurrentUser: async () => signedIn.user };
});

import { apiRequest, callRoute, setupTestDatabase, tokenFor, lockWaiters } from "@/test/db";
import { expectErrorEnvelope } from "@/test/auth";
import { schema } from "@/lib/db";
import { resolveToken } from "@/lib/auth/session";
import { listFormLocations } from "@/lib/forms/locations";
import { POST as roSave } from "@/app/api/v1/ro-reversal-request/add/update/route";
import { POST as techSave } from "@/app/api/v1/techtime/add/update/route";
import { POST as suggestionSave } from "@/app/api/v1/continuous/improvement/suggestions/add/update/route";
import { POST as uniformSave } from "@/app/api/v1/uniform/request/add/update/route";
import { POST as decideCall } from "@/app/api/v1/request/decide/route";
import { GET as timelineCall } from "@/app/api/v1/request/timeline/route";
import { APPROVERS_DO_NOT_EDIT, DECIDED_REQUEST_LOCKED, ONLY_ADMINS_MOVE } from "@/lib/requests/edit-rules";
import { NOT_AN_APPROVER } from "@/lib/requests/access";
import { loadRequestPanel } from "@/lib/requests/queries";
import { getRoReversal } from "@/lib/forms/ro-reversal/queries";
import { roReversalFormValues } from "@/lib/forms/ro-reversal/columns";
import { getTechTime, techTimeFormValues } from "@/lib/forms/tech-time/queries";
import { getSuggestion } from "@/lib/forms/suggestions/queries";
import { suggestionFormValues } from "@/lib/forms/suggestions/columns";
import type { FormKey } from "@/lib/forms/form-keys";

const { saveRoReversalAction } = await import("@/lib/forms/ro-reversal/actions");
const { saveTechTimeAction } = await import("@/lib/forms/tech-time/actions");
const { saveSuggestionAction } = await import("@/lib/forms/suggestions/actions");

const t = setupTestDatabase();
const tokens: Record<string, string> = {};
const users: Record<string, SessionUser> = {};
const ids: Record<string, number> = {};
/** Location A: the seeded manager is the RO reversal approver there. Location B: approver2 is. */
const loc = { a: { id: 0, name: "" }, b: { id: 0, name: "" } };

type Handler = Parameters<typeof callRoute>[0];
const post = (handler: Handler, path: string, token: string, body: unknown) =>
  callRoute(handler, apiRequest(path, { method: "POST", token, body }));

/** Each request form: its v1 save call, a valid new body at a location, its table and a decision that decides it. */
const FORMS = {
  ro_reversal: {
    api: "ro_reversal",
    save: (token: string, body: unknown) => post(roSave, "/api/v1/ro-reversal-request/add/update", token, body),
    body: (at: typeof loc.a) => ({
      empolyee_name: "Jane Doe",
      date_of_request: "11/20/2026",
      full_ra: "RA-1001",
      date_ra_was_originally_closed: "2026-11-01",
      pay_type: "Warranty",
      location: at.id,
      reason: "Wrong labour line",
      howMuchTimeBilled: "2.5",
      questions: "94%",
    }),
    table: schema.roReversals,
    decision: "approve",
  },
  tech_time: {
    api: "tech_time",
    save: (token: string, body: unknown) => post(techSave, "/api/v1/techtime/add/update", token, body),
    body: (at: typeof loc.a) => ({
      empolyee_number: "T-77",
      empolyee_name: "Tom Tech",
      date: "11/20/2026",
      location: at.name,
      employee_email: "tom@example.com",
      attendanceClockTimeArr: [{ date: "11/19/2026", reason: "Forgot to clock in", timeIn: "8:00", timeOut: "17:30" }],
      shopTimeObjects: [{ date: "2026-11-18", customerName: "ACME", roNumber: "RO-9", timeIn: "09:00" }],
    }),
    table: schema.techTimes,
    decision: "approve",
  },
  improvement_suggestion: {
    api: "suggestion",
    save: (token: string, body: unknown) =>
      post(suggestionSave, "/api/v1/continuous/improvement/suggestions/add/update", token, body),
    body: (at: typeof loc.a) => ({
      name: "Pat Staff",
      date: "03/05/2026",
      location_id: at.id,
      email: "pat@example.com",
      phone_number: "555-0100",
      describe_current_process_and_problem: "Paper forms",
      how_will_it_benefit_the_business: "Saves an hour a day",
    }),
    table: schema.improvementSuggestions,
    decision: "review",
  },
  uniform_request: {
    api: "uniform",
    save: (token: string, body: unknown) => post(uniformSave, "/api/v1/uniform/request/add/update", token, body),
    body: (at: typeof loc.a) => ({
      designation_id: 2,
      location_id: at.id,
      empolyee_first_name: "Sam",
      empolyee_last_name: "Porter",
      requestor_name: "Ada Admin",
      new_hire: "yes",
      new_order: "yes",
      re_order: "no",
      wear_id: 3,
      text: "L",
      shirt_quantity: "2",
      pant_quantity: "4",
      comment: "Starts Monday",
    }),
    table: schema.uniformRequests,
    decision: "approve",
  },
} as const;
const FORM_KEYS = Object.keys(FORMS) as (keyof typeof FORMS)[];

const submit = async (form: keyof typeof FORMS, token = tokens.staff, at = loc.a) => {
  const res = await FORMS[form].save(token, FORMS[form].body(at));
  expect(res.status, JSON.stringify(res.json)).toBe(200);
  return res.json.content.id as number;
};
const stored = async (form: keyof typeof FORMS, id: number) => {
  const table = FORMS[form].table;
  const [row] = await t.db().select().from(table).where(eq(table.id, id));
  return row as Record<string, unknown>;
};
const decideAs = (token: string, body: Record<string, unknown>) =>
  post(decideCall, "/api/v1/request/decide", token, body);
const timeline = async (form: string, id: number) =>
  (await callRoute(timelineCall, apiRequest(`/api/v1/request/timeline?form=${form}&id=${id}`, { token: tokens.admin })))
    .json.content.steps as { decision: string; status: string; by: string; comment: string }[];
const events = (form: FormKey, id: number) =>
  t
    .db()
    .select()
    .from(schema.requestEvents)
    .where(and(eq(schema.requestEvents.formKey, form), eq(schema.requestEvents.recordId, id)));
/** The row without what every save stamps, for 'nothing else changed'. */
const content = (row: Record<string, unknown>) => {
  const { updatedAt: _a, updatedBy: _b, updatedByName: _c, ...rest } = row;
  return rest;
};

async function makeUser(username: string, roleId: number) {
  const [u] = await t
    .db()
    .insert(schema.users)
    .values({ username, firstName: username, lastName: "User", email: `${username}@example.com`, roleId })
    .returning({ id: schema.users.id });
  ids[username] = u.id;
}

beforeAll(async () => {
  await makeUser("approver2", 2);
  await makeUser("staff2", 3);
  for (const name of ["admin", "manager", "staff", "approver2", "staff2"]) {
    tokens[name] = await tokenFor(t.db(), name);
    users[name] = (await resolveToken(tokens[name]))!;
    ids[name] = users[name].id;
  }
  const [a, b] = await listFormLocations();
  loc.a = { id: a.id, name: a.name };
  loc.b = { id: b.id, name: b.name };
});

beforeEach(async () => {
  signedIn.user = null;
  await t.db().delete(schema.requestEvents);
  for (const f of FORM_KEYS) await t.db().delete(FORMS[f].table);
  await t.db().delete(schema.formEmailMappings);
  for (const [at, approver] of [
    [loc.a.id, ids.manager],
    [loc.b.id, ids.approver2],
  ] as const) {
    const [m] = await t
      .db()
      .insert(schema.formEmailMappings)
      .values({ formKey: "ro_reversal", locationId: at, toEmails: ["service@example.com"] })
      .returning({ id: schema.formEmailMappings.id });
    await t.db().insert(schema.formMappingApprovers).values({ mappingId: m.id, userId: approver });
  }
});

describe("an approver decides only their own scope, and a request stays where it was filed", () => {
  it("the probe: location A's approver neither edits a location-B request, nor moves it to A, nor approves it", async () => {
    const id = await submit("ro_reversal", tokens.staff, loc.b);
    const before = await stored("ro_reversal", id);
    const edit = await FORMS.ro_reversal.save(tokens.manager, { id, reason: "Edited by A's approver" });
    expectErrorEnvelope(edit, 403);
    expect(edit.json.message).toBe(APPROVERS_DO_NOT_EDIT);
    expectErrorEnvelope(await FORMS.ro_reversal.save(tokens.manager, { id, location: loc.a.id }), 403);
    const approve = await decideAs(tokens.manager, { form: "ro_reversal", id, decision: "approve" });
    expectErrorEnvelope(approve, 403);
    expect(approve.json.message).toBe(NOT_AN_APPROVER);
    expect(await stored("ro_reversal", id)).toEqual(before);
    expect(await events("ro_reversal", id)).toEqual([]);
    // Location B's own approver decides it.
    expect((await decideAs(tokens.approver2, { form: "ro_reversal", id, decision: "approve" })).status).toBe(200);
  });

  it.each(FORM_KEYS)(
    "%s: an approver (role 2) does not edit another person's request through the v1 call (403)",
    async (form) => {
      const id = await submit(form);
      const before = await stored(form, id);
      for (const token of [tokens.manager, tokens.approver2]) {
        const res = await FORMS[form].save(token, { ...FORMS[form].body(loc.a), id });
        expectErrorEnvelope(res, 403);
        expect(res.json.message).toBe(APPROVERS_DO_NOT_EDIT);
      }
      expect(await stored(form, id)).toEqual(before);
    },
  );

  it.each(FORM_KEYS)(
    "%s: staff updating someone else's request get the same 404 as for one that does not exist",
    async (form) => {
      const id = await submit(form);
      const other = await FORMS[form].save(tokens.staff2, { ...FORMS[form].body(loc.a), id });
      const missing = await FORMS[form].save(tokens.staff2, { ...FORMS[form].body(loc.a), id: 999_999 });
      expectErrorEnvelope(other, 404);
      expect(other.json).toEqual(missing.json);
    },
  );

  it.each(FORM_KEYS)(
    "%s: its requester edits it while open; once decided it is locked for them (409) and for approvers (403), not for an administrator",
    async (form) => {
      const id = await submit(form);
      const api = FORMS[form].api;
      expect((await FORMS[form].save(tokens.staff, { ...FORMS[form].body(loc.a), id })).status).toBe(200);
      expect((await decideAs(tokens.admin, { form: api, id, decision: FORMS[form].decision })).status).toBe(200);
      const late = await FORMS[form].save(tokens.staff, { ...FORMS[form].body(loc.a), id });
      expectErrorEnvelope(late, 409);
      expect(late.json.message).toBe(DECIDED_REQUEST_LOCKED);
      expectErrorEnvelope(await FORMS[form].save(tokens.manager, { ...FORMS[form].body(loc.a), id }), 403);
      const decided = await stored(form, id);
      expect((await FORMS[form].save(tokens.admin, { ...FORMS[form].body(loc.a), id })).status).toBe(200);
      // Nothing changed in the body: nothing recorded, and the status stays what was decided.
      expect((await stored(form, id)).status).toBe(decided.status);
    },
  );

  it("the screens' save actions follow the same rules: an approver 403, its requester while open, an administrator after", async () => {
    const ro = await submit("ro_reversal");
    const tech = await submit("tech_time");
    const idea = await submit("improvement_suggestion");
    const admin = users.admin;
    const roInput = { ...roReversalFormValues(await getRoReversal(ro, admin)), reason: "By the screen" };
    const techInput = { ...techTimeFormValues(await getTechTime(tech, admin)), employeeName: "By the screen" };
    const ideaInput = { ...suggestionFormValues((await getSuggestion(idea, admin))!), id: idea, name: "By the screen" };
    const run = () =>
      Promise.all([saveRoReversalAction(roInput), saveTechTimeAction(techInput), saveSuggestionAction(ideaInput)]);
    signedIn.user = users.manager;
    for (const res of await run())
      expect(res).toMatchObject({ ok: false, status: 403, message: APPROVERS_DO_NOT_EDIT });
    expect((await stored("ro_reversal", ro)).reason).toBe("Wrong labour line");
    signedIn.user = users.staff;
    for (const res of await run()) expect(res).toMatchObject({ ok: true });
    await decideAs(tokens.admin, { form: "ro_reversal", id: ro, decision: "approve" });
    expect(await saveRoReversalAction(roInput)).toMatchObject({ ok: false, status: 409 });
    signedIn.user = users.admin;
    expect(await saveRoReversalAction({ ...roInput, reason: "Corrected" })).toMatchObject({ ok: true });
    expect((await stored("ro_reversal", ro)).reason).toBe("Corrected");
  });

  it("its requester cannot move it to another location (403 naming the rule); sending its own location back is fine", async () => {
    const id = await submit("ro_reversal");
    const moved = await FORMS.ro_reversal.save(tokens.staff, { id, location: loc.b.id });
    expectErrorEnvelope(moved, 403);
    expect(moved.json.message).toBe(ONLY_ADMINS_MOVE);
    expect((await stored("ro_reversal", id)).locationId).toBe(loc.a.id);
    expect((await FORMS.ro_reversal.save(tokens.staff, { id, location: loc.a.id, reason: "Same place" })).status).toBe(
      200,
    );
    expect(await stored("ro_reversal", id)).toMatchObject({ locationId: loc.a.id, reason: "Same place" });
  });

  it("an administrator moves a request: it is in its timeline (from where to where) and in the audit log", async () => {
    const id = await submit("uniform_request");
    const mailsBefore = (await t.db().select().from(schema.mailOutbox)).length;
    expect((await FORMS.uniform_request.save(tokens.admin, { id, location_id: loc.b.id })).status).toBe(200);
    expect(await stored("uniform_request", id)).toMatchObject({ locationId: loc.b.id, locationName: loc.b.name });
    // A uniform request's update queues no mail (only a new one does).
    expect(await t.db().select().from(schema.mailOutbox)).toHaveLength(mailsBefore);
    const move = (await timeline("uniform", id)).find((s) => s.decision === "move");
    expect(move).toMatchObject({ status: "submitted", comment: `Moved from ${loc.a.name} to ${loc.b.name}.` });
    const [audit] = await t
      .db()
      .select()
      .from(schema.auditLog)
      .where(
        and(
          eq(schema.auditLog.action, "request.edit"),
          eq(schema.auditLog.entity, "uniform_request"),
          eq(schema.auditLog.entityId, String(id)),
        ),
      );
    expect(audit).toMatchObject({
      actorId: ids.admin,
      entity: "uniform_request",
      before: { Location: loc.a.name, locationId: loc.a.id },
      after: { Location: loc.b.name, locationId: loc.b.id },
    });
  });

  it("the probe: an administrator's change of an approved request's RA number is a timeline entry with before and after; the status stays", async () => {
    const id = await submit("ro_reversal");
    await decideAs(tokens.manager, { form: "ro_reversal", id, decision: "approve" });
    expectErrorEnvelope(await FORMS.ro_reversal.save(tokens.manager, { id, full_ra: "RA-2002" }), 403);
    expect((await FORMS.ro_reversal.save(tokens.admin, { id, full_ra: "RA-2002" })).status).toBe(200);
    expect(await stored("ro_reversal", id)).toMatchObject({ fullRa: "RA-2002", status: "approved" });
    const last = (await timeline("ro_reversal", id)).at(-1)!;
    expect(last).toMatchObject({ decision: "edit", status: "approved", comment: "Full RA#: 'RA-1001' → 'RA-2002'" });
    const [audit] = await t
      .db()
      .select()
      .from(schema.auditLog)
      .where(
        and(
          eq(schema.auditLog.action, "request.edit"),
          eq(schema.auditLog.entity, "ro_reversal"),
          eq(schema.auditLog.entityId, String(id)),
        ),
      )
      .orderBy(desc(schema.auditLog.id));
    expect(audit).toMatchObject({ before: { "Full RA#": "RA-1001" }, after: { "Full RA#": "RA-2002" } });
  });

  it("a requester's own edit of an open request is audited but not a timeline entry", async () => {
    const id = await submit("improvement_suggestion");
    expect((await FORMS.improvement_suggestion.save(tokens.staff, { id, name: "Pat S." })).status).toBe(200);
    expect(await events("improvement_suggestion", id)).toEqual([]);
    const audits = await t
      .db()
      .select()
      .from(schema.auditLog)
      .where(
        and(
          eq(schema.auditLog.action, "request.edit"),
          eq(schema.auditLog.entity, "improvement_suggestion"),
          eq(schema.auditLog.entityId, String(id)),
        ),
      );
    expect(audits).toHaveLength(1);
    expect(audits[0]).toMatchObject({ before: { Name: "Pat Staff" }, after: { Name: "Pat S." } });
  });

  it("the record page offers Edit to its requester while open and to administrators, never to an approver", async () => {
    const id = await submit("ro_reversal");
    const mayEdit = async (who: string) => (await loadRequestPanel("ro_reversal", id, users[who]))!.mayEdit;
    expect(await mayEdit("staff")).toBe(true);
    expect(await mayEdit("manager")).toBe(false);
    expect(await mayEdit("approver2")).toBe(false);
    expect(await mayEdit("admin")).toBe(true);
    await decideAs(tokens.manager, { form: "ro_reversal", id, decision: "approve" });
    expect(await mayEdit("staff")).toBe(false);
    expect(await mayEdit("admin")).toBe(true);
  });
});

describe("a field left out of a request's update call keeps its stored value", () => {
  const keeps = async (form: keyof typeof FORMS, named: Record<string, unknown>, changed: Record<string, unknown>) => {
    const id = await submit(form);
    const before = await stored(form, id);
    const res = await FORMS[form].save(tokens.staff, { id, ...named });
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    const after = await stored(form, id);
    expect(after).toMatchObject(changed);
    expect(content(after)).toEqual(content({ ...before, ...changed }));
    return id;
  };

  it("ro-reversal-request/add/update {id, reason}: every other field (the warranty answers too) stays", async () => {
    await keeps("ro_reversal", { reason: "Only this" }, { reason: "Only this" });
  });

  it("techtime/add/update {id, empolyee_name}: the e-mail, date, location and every row stay", async () => {
    const id = await submit("tech_time");
    const rowsBefore = await t.db().select().from(schema.techTimeRows).where(eq(schema.techTimeRows.techTimeId, id));
    const before = await stored("tech_time", id);
    expect((await FORMS.tech_time.save(tokens.staff, { id, empolyee_name: "Tom T." })).status).toBe(200);
    expect(content(await stored("tech_time", id))).toEqual(content({ ...before, employeeName: "Tom T." }));
    const rowsAfter = await t.db().select().from(schema.techTimeRows).where(eq(schema.techTimeRows.techTimeId, id));
    const cells = (rows: typeof rowsBefore) => rows.map(({ id: _i, createdAt: _c, updatedAt: _u, ...r }) => r);
    expect(cells(rowsAfter)).toEqual(cells(rowsBefore));
    expect(rowsAfter).toHaveLength(2);
  });

  it("continuous/improvement/suggestions/add/update {id, name}: the phone and both texts stay", async () => {
    await keeps("improvement_suggestion", { name: "Pat S." }, { name: "Pat S." });
  });

  it("uniform/request/add/update {id, text}: the designation, wear and both quantities stay", async () => {
    await keeps("uniform_request", { text: "XL" }, { sizes: "XL" });
  });

  it("a named field is checked with the stored ones: Warranty over a stored Customer Pay request needs the billed time (422 under its payload name)", async () => {
    const id = await submit("ro_reversal");
    await FORMS.ro_reversal.save(tokens.staff, { id, pay_type: "Customer Pay" });
    expect(await stored("ro_reversal", id)).toMatchObject({ payType: "Customer Pay", billedTime: null });
    const res = await FORMS.ro_reversal.save(tokens.staff, { id, pay_type: "Warranty" });
    expectErrorEnvelope(res, 422);
    expect(Object.keys(res.json.content)).toContain("howMuchTimeBilled");
    expect((await stored("ro_reversal", id)).payType).toBe("Customer Pay");
  });
});

describe("no lost update, the merge of stored and named fields runs under the row's lock", () => {
  /**
   * Two partial updates of one request started while another transaction holds its row: each reads (or,
   * before the fix, had read) the stored values, then both wait; the lock is released and they run one
   * after the other. Read before the lock, the second would write back the first's field as it was.
   */
  async function concurrently(
    form: keyof typeof FORMS,
    id: number,
    a: Record<string, unknown>,
    b: Record<string, unknown>,
  ) {
    const table = FORMS[form].table;
    let saves: Promise<{ status: number; json: { message: string } }>[] = [];
    await t.db().transaction(async (tx) => {
      await tx.select({ id: table.id }).from(table).where(eq(table.id, id)).for("update");
      saves = [FORMS[form].save(tokens.staff, { id, ...a }), FORMS[form].save(tokens.staff, { id, ...b })];
      await lockWaiters(t.db(), 2);
    });
    for (const res of await Promise.all(saves)) expect(res.status, res.json.message).toBe(200);
  }

  it("ro-reversal-request/add/update: {id, reason} and {id, empolyee_name} at once both end stored", async () => {
    const id = await submit("ro_reversal");
    await concurrently("ro_reversal", id, { reason: "Reason by A" }, { empolyee_name: "Name by B" });
    expect(await stored("ro_reversal", id)).toMatchObject({ reason: "Reason by A", employeeName: "Name by B" });
  });

  it("uniform/request/add/update: {id, text} and {id, comment} at once both end stored", async () => {
    const id = await submit("uniform_request");
    await concurrently("uniform_request", id, { text: "XXL" }, { comment: "Comment by B" });
    expect(await stored("uniform_request", id)).toMatchObject({ sizes: "XXL", comment: "Comment by B" });
  });

  it("techtime/add/update: {id, empolyee_name} and {id, employee_email} at once both end stored", async () => {
    const id = await submit("tech_time");
    await concurrently("tech_time", id, { empolyee_name: "Tom A." }, { employee_email: "b@example.com" });
    expect(await stored("tech_time", id)).toMatchObject({ employeeName: "Tom A.", employeeEmail: "b@example.com" });
  });
});

describe("a decision against a status that no longer holds is a 409 naming the status now", () => {
  it("expected_status that never held on an undecided request: 409 (not 422) with the status it is in", async () => {
    const id = await submit("ro_reversal");
    const res = await decideAs(tokens.manager, {
      form: "ro_reversal",
      id,
      decision: "approve",
      expected_status: "needs_info",
    });
    expectErrorEnvelope(res, 409);
    expect(res.json.message).toBe("This request is Submitted now, not Needs information.");
    expect(res.json.content).toMatchObject({ status: ["submitted"] });
    expect((await stored("ro_reversal", id)).status).toBe("submitted");
  });

  it("after the requester answered, an approver still holding 'Needs information' gets a 409 naming Submitted and who", async () => {
    const id = await submit("ro_reversal");
    await decideAs(tokens.manager, { form: "ro_reversal", id, decision: "needs_info", comment: "Which line?" });
    await decideAs(tokens.staff, { form: "ro_reversal", id, decision: "answer", comment: "Line 2" });
    const res = await decideAs(tokens.manager, {
      form: "ro_reversal",
      id,
      decision: "deny",
      comment: "No",
      expected_status: "needs_info",
    });
    expectErrorEnvelope(res, 409);
    expect(res.json.message).toContain("to Submitted");
    const staffName = [users.staff.firstName, users.staff.lastName].filter(Boolean).join(" ");
    expect(res.json.content).toMatchObject({ status: ["submitted"], decided_by: [staffName] });
  });
});

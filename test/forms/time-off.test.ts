/**
 * The fifth staff form (docs/features/staff-forms.md), the time-off request, through its v1 calls and the shared request calls:
 * each field's message (and the rules between the days and the half day), the requester's name and
 * e-mail from the profile, the location's manager and the mail, a partial update keeping what it leaves
 * out, decisions by the location's approver, refusals per role (someone else's is a 404, an approver
 * does not edit, the requester not after the decision), delete, My requests, search and the export.
 */
import { beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { eq } from "drizzle-orm";

vi.mock("next/headers", () => import("@/test/mock-next-headers"));

import { apiRequest, callRoute, setupTestDatabase, tokenFor } from "@/test/db";
import { expectErrorEnvelope } from "@/test/auth";
import { csvRecords } from "@/test/export-files";
import { schema } from "@/lib/db";
import { resolveToken } from "@/lib/auth/session";
import { POST as addUpdate } from "@/app/api/v1/time-off-request/add/update/route";
import { POST as list } from "@/app/api/v1/time-off-request/list/route";
import { GET as get } from "@/app/api/v1/time-off-request/get/route";
import { DELETE as del } from "@/app/api/v1/time-off-request/delete/route";
import { GET as exportFile } from "@/app/api/export/timeoff/route";
import { POST as decideCall } from "@/app/api/v1/request/decide/route";
import { GET as myRequestsCall } from "@/app/api/v1/my_requests/route";
import { TIME_OFF_MESSAGES } from "@/lib/forms/time-off/schemas";
import { APPROVERS_DO_NOT_EDIT, DECIDED_REQUEST_LOCKED } from "@/lib/requests/edit-rules";
import { NOT_AN_APPROVER } from "@/lib/requests/access";
import { dateMessage } from "@/lib/validation/dates";
import { searchPage } from "@/lib/search/queries";

const t = setupTestDatabase();
const tokens: Record<string, string> = {};
const ids: Record<string, number> = {};
let locationId: number;
let otherLocationId: number;
const r = schema.timeOffRequests;
const M = TIME_OFF_MESSAGES;

const post = (handler: Parameters<typeof callRoute>[0], path: string, token: string | undefined, body: unknown) =>
  callRoute(handler, apiRequest(path, { method: "POST", token, body }));
const save = (body: Record<string, unknown>, token = tokens.staff) =>
  post(addUpdate, "/api/v1/time-off-request/add/update", token, body);
const listAs = (token: string, body: unknown = {}) => post(list, "/api/v1/time-off-request/list", token, body);
const getAs = (token: string, id: number) =>
  callRoute(get, apiRequest(`/api/v1/time-off-request/get?id=${id}`, { token }));
const decideAs = (token: string, body: Record<string, unknown>) =>
  post(decideCall, "/api/v1/request/decide", token, { form: "time_off", ...body });
const rows = () => t.db().select().from(r).orderBy(r.id);

const valid = () => ({
  date_from: "2026-12-21",
  date_to: "2026-12-24",
  type: "Vacation",
  location: locationId,
  note: "Family visit",
});
const submit = async (token = tokens.staff, extra: Record<string, unknown> = {}) => {
  const res = await save({ ...valid(), ...extra }, token);
  expect(res.status, JSON.stringify(res.json)).toBe(200);
  return res.json.content.id as number;
};

beforeAll(async () => {
  for (const name of ["admin", "manager", "staff"]) {
    tokens[name] = await tokenFor(t.db(), name);
    const [u] = await t.db().select({ id: schema.users.id }).from(schema.users).where(eq(schema.users.username, name));
    ids[name] = u.id;
  }
  const [other] = await t
    .db()
    .insert(schema.users)
    .values({ username: "staff2", firstName: "Robin", lastName: "Other", email: "staff2@example.com", roleId: 3 })
    .returning({ id: schema.users.id });
  ids.staff2 = other.id;
  tokens.staff2 = await tokenFor(t.db(), "staff2");
  const locs = await t.db().select({ id: schema.locations.id, name: schema.locations.name }).from(schema.locations);
  locationId = locs.find((l) => l.name === "Downtown Motors")!.id;
  otherLocationId = locs.find((l) => l.id !== locationId)!.id;
});

beforeEach(async () => {
  await t.db().delete(schema.requestEvents);
  await t.db().delete(r);
  await t.db().delete(schema.mailOutbox);
  await t.db().delete(schema.formEmailMappings);
  // Time-off at Downtown Motors: routed to HR, the seeded manager its approver.
  const [m] = await t
    .db()
    .insert(schema.formEmailMappings)
    .values({ formKey: "time_off_request", locationId, toEmails: ["hr@example.com"] })
    .returning({ id: schema.formEmailMappings.id });
  await t.db().insert(schema.formMappingApprovers).values({ mappingId: m.id, userId: ids.manager });
});

describe("time-off-request/add/update", () => {
  it("saves the requester's name and e-mail from the profile, the location's manager, and queues the routed mail", async () => {
    const res = await save({ ...valid(), manager_email: "ignored@example.com" });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ message: "Time-off Request Added Successfully", content: { routed: true } });
    const [row] = await rows();
    expect(row).toMatchObject({
      employeeName: "Sam Staff",
      employeeEmail: "staff@example.com",
      dateFrom: "2026-12-21",
      dateTo: "2026-12-24",
      halfDay: false,
      type: "Vacation",
      note: "Family visit",
      locationId,
      managerEmail: "manager1@example.com",
      status: "submitted",
      createdBy: ids.staff,
    });
    const mails = await t.db().select().from(schema.mailOutbox);
    expect(mails.map((m) => m.toAddresses)).toEqual(
      expect.arrayContaining([
        ["hr@example.com", "manager1@example.com", "manager@example.com"],
        ["staff@example.com"],
      ]),
    );
    // Named by its reference (lib/forms/references.ts): its days and whose.
    expect(mails[0].subject).toBe("Time off 12/21–12/24 · Sam Staff");
    expect(mails[0].body).toContain(`/timeoff/view/${row.id}`);
    expect(mails[0].body).toContain("12/21/2026");
  });

  it.each([
    ["date_from", M.dateFrom],
    ["date_to", M.dateTo],
    ["type", M.type],
    ["location", M.location],
  ])("refuses a missing %s with its message, and writes nothing", async (field, message) => {
    for (const empty of [undefined, "", "NULL", "   "]) {
      const body: Record<string, unknown> = { ...valid(), [field]: empty };
      if (empty === undefined) delete body[field];
      const res = await save(body);
      expectErrorEnvelope(res, 422);
      expect(res.json.content[field], `${field}=${String(empty)}`).toContain(message);
    }
    expect(await rows()).toHaveLength(0);
    expect(await t.db().select().from(schema.mailOutbox)).toHaveLength(0);
  });

  it("refuses days that do not exist, a type not offered, an unknown location and a note past its limit", async () => {
    for (const d of ["2026-02-30", "12/21/2026", "abc", "1e3"]) {
      const res = await save({ ...valid(), date_from: d });
      expectErrorEnvelope(res, 422);
      expect(res.json.content.date_from, d).toEqual([dateMessage("Date From")]);
    }
    expect((await save({ ...valid(), type: "Holiday" })).json.content.type).toEqual([M.type]);
    for (const loc of [999_999, "abc", -1]) {
      const res = await save({ ...valid(), location: loc });
      expectErrorEnvelope(res, 422);
      expect(Object.values(res.json.content).flat(), String(loc)).toContain(M.location);
    }
    const long = await save({ ...valid(), note: "x".repeat(65_535) });
    expectErrorEnvelope(long, 422);
    expect(long.json.content.note).toEqual(["Note Can Not Be Longer Than 65534 Characters."]);
    expect(await rows()).toHaveLength(0);
  });

  it("Date To may not be before Date From; a half day is one day only (both with the other fields' messages)", async () => {
    const before = await save({ ...valid(), date_from: "2026-12-24", date_to: "2026-12-21" });
    expectErrorEnvelope(before, 422);
    expect(before.json.content).toEqual({ date_to: [M.toBeforeFrom] });
    const half = await save({ ...valid(), half_day: true });
    expect(half.json.content).toEqual({ half_day: [M.halfDayOneDay] });
    const both = await save({ ...valid(), half_day: "1", type: "" });
    expect(Object.keys(both.json.content).sort()).toEqual(["half_day", "type"]);
    expect((await save({ ...valid(), half_day: "maybe" })).json.content.half_day).toEqual([M.halfDay]);
    expect(await rows()).toHaveLength(0);
    await submit(tokens.staff, { date_from: "2026-12-22", date_to: "2026-12-22", half_day: "true", type: "Sick" });
    await submit(tokens.staff, { date_from: "2026-12-23", date_to: "2026-12-23", half_day: 0, note: "" });
    expect((await rows()).map((x) => [x.dateFrom, x.halfDay, x.type, x.note])).toEqual([
      ["2026-12-22", true, "Sick", "Family visit"],
      ["2026-12-23", false, "Vacation", null],
    ]);
  });

  it("an update changes only the fields it names; the rules hold for the result; the requester stays the requester", async () => {
    const id = await submit();
    const res = await save({ id, type: "Personal" });
    expect(res.status).toBe(200);
    expect(res.json.message).toBe("Time-off Request Updated Successfully");
    const [row] = await rows();
    expect(row).toMatchObject({ type: "Personal", dateFrom: "2026-12-21", dateTo: "2026-12-24", note: "Family visit" });
    // A half day over the stored four days is refused, though the body names only the box.
    const half = await save({ id, half_day: 1 });
    expectErrorEnvelope(half, 422);
    expect(half.json.content).toEqual({ half_day: [M.halfDayOneDay] });
    // An administrator's edit keeps the requester's name and e-mail.
    expect((await save({ id, note: "Shortened", date_to: "2026-12-22" }, tokens.admin)).status).toBe(200);
    const got = await getAs(tokens.staff, id);
    expect(got.json.content).toMatchObject({
      employee_name: "Sam Staff",
      employee_email: "staff@example.com",
      date_from: "2026-12-21",
      date_to: "2026-12-22",
      half_day: false,
      type: "Personal",
      note: "Shortened",
      location: locationId,
      status: "submitted",
    });
  });
});

describe("refusals per role", () => {
  it("someone else's request is the same 404 as one that does not exist, for get and update", async () => {
    const theirs = await submit(tokens.staff2);
    const missing = await getAs(tokens.staff, 999_999);
    const other = await getAs(tokens.staff, theirs);
    expectErrorEnvelope(other, 404);
    expect(other.json).toEqual(missing.json);
    const hijack = await save({ id: theirs, note: "mine now" });
    expectErrorEnvelope(hijack, 404);
    expect(hijack.json).toEqual((await save({ id: 999_999, note: "x" })).json);
    expect((await rows())[0].note).toBe("Family visit");
    // Roles 1 and 2 see it.
    expect((await getAs(tokens.manager, theirs)).status).toBe(200);
    expectErrorEnvelope(await callRoute(get, apiRequest(`/api/v1/time-off-request/get?id=${theirs}`)), 401);
  });

  it("its approver decides but does not edit (403); the requester edits until the decision (409 after); an administrator still may", async () => {
    const id = await submit();
    const edit = await save({ id, note: "By the approver" }, tokens.manager);
    expectErrorEnvelope(edit, 403);
    expect(edit.json.message).toBe(APPROVERS_DO_NOT_EDIT);
    expect((await save({ id, note: "Still open" })).status).toBe(200);
    expect((await decideAs(tokens.manager, { id, decision: "approve", comment: "Enjoy" })).status).toBe(200);
    const late = await save({ id, note: "After the decision" });
    expectErrorEnvelope(late, 409);
    expect(late.json.message).toBe(DECIDED_REQUEST_LOCKED);
    expect((await save({ id, note: "Admin's fix" }, tokens.admin)).status).toBe(200);
    const [row] = await rows();
    expect(row).toMatchObject({ note: "Admin's fix", status: "approved", decidedBy: ids.manager });
  });

  it("list: staff see their own, roles 1 and 2 everyone's; delete is for roles 1 and 2 only", async () => {
    const mine = await submit();
    const theirs = await submit(tokens.staff2, { type: "Unpaid" });
    const own = await listAs(tokens.staff);
    expect(own.json.content.totalRecords).toBe(1);
    expect(own.json.content.row.map((x: { id: number }) => x.id)).toEqual([mine]);
    const all = await listAs(tokens.manager, { filters: { type: 4 } });
    expect(all.json.content.row.map((x: { id: number }) => x.id)).toEqual([theirs]);
    const body = { deleteArr: [mine] };
    const path = "/api/v1/time-off-request/delete";
    expectErrorEnvelope(await callRoute(del, apiRequest(path, { method: "DELETE", token: tokens.staff, body })), 403);
    expect(await rows()).toHaveLength(2);
    const res = await callRoute(del, apiRequest(path, { method: "DELETE", token: tokens.manager, body }));
    expect(res.status).toBe(200);
    expect((await rows()).map((x) => x.id)).toEqual([theirs]);
  });
});

describe("through the shared request parts (no code of its own there)", () => {
  it("decisions: approve by its approver at that location, deny with a reason, needs info; others are refused", async () => {
    const a = await submit();
    const elsewhere = await submit(tokens.staff, { location: otherLocationId });
    const approved = await decideAs(tokens.manager, { id: a, decision: "approve" });
    expect(approved.json.content).toMatchObject({ form: "time_off", id: a, status: "approved" });
    const notMapped = await decideAs(tokens.manager, { id: elsewhere, decision: "approve" });
    expectErrorEnvelope(notMapped, 403);
    expect(notMapped.json.message).toBe(NOT_AN_APPROVER);
    expectErrorEnvelope(await decideAs(tokens.staff2, { id: elsewhere, decision: "approve" }), 403);
    expectErrorEnvelope(await decideAs(tokens.admin, { id: elsewhere, decision: "deny" }), 422);
    expect(
      (await decideAs(tokens.admin, { id: elsewhere, decision: "needs_info", comment: "Which days?" })).status,
    ).toBe(200);
    const b = await submit();
    expect((await decideAs(tokens.manager, { id: b, decision: "deny", comment: "Short-staffed" })).status).toBe(200);
    expect((await rows()).map((x) => x.status)).toEqual(["approved", "needs_info", "denied"]);
  });

  it("My requests lists it with its record page; search finds it for roles 1 and 2 and its requester, nobody else", async () => {
    const id = await submit(tokens.staff, { note: "Snorkelling trip" });
    await decideAs(tokens.manager, { id, decision: "approve" });
    const mine = await callRoute(
      myRequestsCall,
      apiRequest("/api/v1/my_requests?form=time_off", { token: tokens.staff }),
    );
    expect(mine.json.content.rows).toMatchObject([
      { form: "time_off", id, status: "approved", path: `/timeoff/view/${id}` },
    ]);
    const hits = async (token: string) => {
      const groups = await searchPage({ q: "snorkelling", user: (await resolveToken(token))!, kind: "form" });
      return groups.flatMap((g) => g.results.map((x) => x.href));
    };
    expect(await hits(tokens.admin)).toEqual([`/timeoff/view/${id}`]);
    expect(await hits(tokens.manager)).toEqual([`/timeoff/view/${id}`]);
    expect(await hits(tokens.staff)).toEqual([`/timeoff/view/${id}`]);
    expect(await hits(tokens.staff2)).toEqual([]);
    // Its type is searched too, and the result names the form.
    const [vacation] = await searchPage({ q: "vacation", user: (await resolveToken(tokens.admin))!, kind: "form" });
    expect(vacation.results).toMatchObject([{ href: `/timeoff/view/${id}`, context: "Time-off Request" }]);
  });

  it("the export carries every field of the request and its state", async () => {
    await submit(tokens.staff, { date_from: "2026-12-22", date_to: "2026-12-22", half_day: true, note: "=cmd()" });
    await submit(tokens.staff2);
    const link = await listAs(tokens.admin, { is_export: "csv" });
    expect(link.json.message).toBe("success export");
    const url = new URL(link.json.content.web);
    const res = await exportFile(apiRequest(`${url.pathname}${url.search}`, { token: tokens.admin }), {
      params: Promise.resolve({}),
    });
    expect(res.status).toBe(200);
    const records = csvRecords(await res.text());
    expect(records).toHaveLength(2);
    expect(records.find((x) => x["Employee Name"] === "Sam Staff")).toMatchObject({
      "Employee E-mail": "staff@example.com",
      "Date From": "12/22/2026",
      "Date To": "12/22/2026",
      "Half Day": "Yes",
      Type: "Vacation",
      Note: "'=cmd()",
      Location: "Downtown Motors",
    });
  });
});

/**
 * RO reversal requests through the v1 calls (docs/features/staff-forms.md): the payload's names, every required field in
 * turn, Warranty's extra fields, dates that do not exist, a 191-character name, an unknown location,
 * the mail in the same transaction, staff editing only their own, the list's scope, delete, exports
 * with formula injection neutralised.
 */
import { beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { eq } from "drizzle-orm";

vi.mock("next/headers", () => import("@/test/mock-next-headers"));

import { apiRequest, callRoute, setupTestDatabase, tokenFor } from "@/test/db";
import { expectErrorEnvelope } from "@/test/auth";
import { schema } from "@/lib/db";
import { POST as addUpdate } from "@/app/api/v1/ro-reversal-request/add/update/route";
import { POST as list } from "@/app/api/v1/ro-reversal-request/list/route";
import { GET as get } from "@/app/api/v1/ro-reversal-request/get/route";
import { DELETE as del } from "@/app/api/v1/ro-reversal-request/delete/route";
import { GET as exportRo } from "@/app/api/export/roreversal/route";
import { GET as locationsCall } from "@/app/api/v1/getdepartmentlocationswohtml/route";
import { RO_MESSAGES } from "@/lib/forms/ro-reversal/schemas";

const t = setupTestDatabase();
const tokens: Record<string, string> = {};
let locationId: number;

const post = (handler: typeof addUpdate, path: string, token: string | undefined, body: unknown) =>
  callRoute(handler, apiRequest(path, { method: "POST", token, body }));
const save = (body: Record<string, unknown>, token = tokens.staff) =>
  post(addUpdate, "/api/v1/ro-reversal-request/add/update", token, body);
const listAs = (token: string, body: unknown = {}) => post(list, "/api/v1/ro-reversal-request/list", token, body);

const valid = () => ({
  empolyee_name: "Jane Doe",
  date_of_request: "11/20/2026",
  full_ra: "RA-1001",
  date_ra_was_originally_closed: "2026-11-01",
  pay_type: "Customer Pay",
  location: locationId,
  reason: "Wrong labour line",
  manager_email: "ignored@example.com",
});

beforeAll(async () => {
  for (const name of ["admin", "manager", "staff"]) tokens[name] = await tokenFor(t.db(), name);
  [{ id: locationId }] = await t
    .db()
    .select({ id: schema.locations.id })
    .from(schema.locations)
    .where(eq(schema.locations.name, "Downtown Motors"));
});
beforeEach(async () => {
  await t.db().delete(schema.roReversals);
  await t.db().delete(schema.mailOutbox);
  await t.db().delete(schema.formEmailMappings);
});

describe("getdepartmentlocationswohtml", () => {
  it("answers department 5's locations; manager e-mails only to a signed-in caller", async () => {
    const anon = await callRoute(
      locationsCall,
      apiRequest("/api/v1/getdepartmentlocationswohtml?slug=x&department_id=5"),
    );
    expect(anon.status).toBe(200);
    expect(anon.json.content.locations.map((l: { name: string }) => l.name)).toContain("Downtown Motors");
    expect(anon.json.content.locations[0].manager_email).toBeNull();
    const signed = await callRoute(
      locationsCall,
      apiRequest("/api/v1/getdepartmentlocationswohtml?department_id=5", { token: tokens.staff }),
    );
    expect(signed.json.content.locations.find((l: { id: number }) => l.id === locationId).manager_email).toBe(
      "manager1@example.com",
    );
    expectErrorEnvelope(
      await callRoute(locationsCall, apiRequest("/api/v1/getdepartmentlocationswohtml?department_id=7")),
      422,
    );
  });
});

describe("ro-reversal-request/add/update", () => {
  it("saves with the payload's names, records the location's manager, and queues the mail in the same transaction", async () => {
    await t
      .db()
      .insert(schema.formEmailMappings)
      .values({ formKey: "ro_reversal", locationId, toEmails: ["service@example.com"], ccEmails: ["cc@example.com"] });
    const res = await save(valid());
    expect(res.status).toBe(200);
    expect(res.json.status).toBe("success");
    expect(res.json.content.routed).toBe(true);
    const [row] = await t.db().select().from(schema.roReversals);
    expect(row).toMatchObject({
      employeeName: "Jane Doe",
      dateOfRequest: "2026-11-20",
      dateRaClosed: "2026-11-01",
      managerEmail: "manager1@example.com",
      routed: true,
      billedTime: null,
      questions: null,
    });
    const mails = await t.db().select().from(schema.mailOutbox);
    expect(mails.map((m) => m.toAddresses)).toEqual(
      expect.arrayContaining([["service@example.com", "manager1@example.com"], ["staff@example.com"]]),
    );
    expect(mails[0].html).toContain("Jane Doe");
    expect(mails[0].body).toContain(`/roreversal/view/${row.id}`);
  });

  it("links in the mail come from the configured address, never the request's Host", async () => {
    const saved = { app: process.env.APP_URL, auth: process.env.AUTH_URL };
    delete process.env.APP_URL;
    delete process.env.AUTH_URL;
    try {
      const headers = { host: "portal-login.evil.example", "x-forwarded-host": "portal-login.evil.example" };
      const res = await callRoute(
        addUpdate,
        apiRequest("/api/v1/ro-reversal-request/add/update", {
          method: "POST",
          token: tokens.staff,
          body: valid(),
          headers,
        }),
      );
      expect(res.status).toBe(200);
      const mails = await t.db().select().from(schema.mailOutbox);
      expect(mails.length).toBeGreaterThan(0);
      for (const m of mails) {
        expect(m.body).not.toContain("evil.example");
        expect(m.html).not.toContain("evil.example");
        expect(m.body).toMatch(/Open the record: http:\/\/localhost:\d+\/roreversal\/view\/\d+/);
      }
    } finally {
      if (saved.app !== undefined) process.env.APP_URL = saved.app;
      if (saved.auth !== undefined) process.env.AUTH_URL = saved.auth;
    }
  });

  it.each([
    ["empolyee_name", "Jane\r\nBcc: victim@example.com", "Employee Name must be on one line."],
    ["empolyee_name", "Jane\u2028Doe", "Employee Name must be on one line."],
    ["full_ra", "RA-1\nRA-2", "Full RA# must be on one line."],
  ])(
    "refuses a line break in the one-line field %s with 422 and the field's message, never a 500",
    async (field, value, message) => {
      const res = await save({ ...valid(), [field]: value });
      expectErrorEnvelope(res, 422);
      expect(res.json.content[field]).toEqual([message]);
      expect(await t.db().select().from(schema.roReversals)).toHaveLength(0);
      expect(await t.db().select().from(schema.mailOutbox)).toHaveLength(0);
    },
  );

  it("without a mapping it is saved, unrouted, and the manager is still mailed", async () => {
    const res = await save(valid());
    expect(res.json.content.routed).toBe(false);
    const [row] = await t.db().select().from(schema.roReversals);
    expect(row.routed).toBe(false);
    const mails = await t.db().select().from(schema.mailOutbox);
    expect(mails.some((m) => m.toAddresses.includes("manager1@example.com"))).toBe(true);
  });

  it.each([
    ["empolyee_name", RO_MESSAGES.employeeName],
    ["date_of_request", RO_MESSAGES.dateOfRequest],
    ["full_ra", RO_MESSAGES.fullRa],
    ["date_ra_was_originally_closed", RO_MESSAGES.dateRaClosed],
    ["location", RO_MESSAGES.location],
    ["reason", RO_MESSAGES.reason],
  ])("refuses a missing %s with the old portal's message, and writes nothing", async (field, message) => {
    for (const empty of [undefined, "", "NULL", "   "]) {
      const body: Record<string, unknown> = { ...valid(), [field]: empty };
      if (empty === undefined) delete body[field];
      const res = await save(body);
      expectErrorEnvelope(res, 422);
      expect(res.json.content[field], `${field}=${String(empty)}`).toContain(message);
    }
    expect(await t.db().select().from(schema.roReversals)).toHaveLength(0);
    expect(await t.db().select().from(schema.mailOutbox)).toHaveLength(0);
  });

  it("Warranty requires the billed time and the question; Customer Pay drops them", async () => {
    const res = await save({ ...valid(), pay_type: "Warranty" });
    expectErrorEnvelope(res, 422);
    expect(res.json.content.howMuchTimeBilled).toEqual([RO_MESSAGES.billedTime]);
    expect(res.json.content.questions).toEqual([RO_MESSAGES.questions]);
    expect(
      (await save({ ...valid(), pay_type: "Warranty", howMuchTimeBilled: "2.5h vs 1.0h", questions: "92%" })).status,
    ).toBe(200);
    expect((await save({ ...valid(), pay_type: "Customer Pay", howMuchTimeBilled: "x", questions: "y" })).status).toBe(
      200,
    );
    const rows = await t.db().select().from(schema.roReversals).orderBy(schema.roReversals.id);
    expect(rows.map((r) => [r.payType, r.billedTime, r.questions])).toEqual([
      ["Warranty", "2.5h vs 1.0h", "92%"],
      ["Customer Pay", null, null],
    ]);
    expectErrorEnvelope(await save({ ...valid(), pay_type: "Cash" }), 422);
  });

  it("refuses an RA closed after the date of request, with a message on that field; the same day is fine", async () => {
    const res = await save({ ...valid(), date_of_request: "11/20/2026", date_ra_was_originally_closed: "2026-11-21" });
    expectErrorEnvelope(res, 422);
    expect(res.json.content).toEqual({ date_ra_was_originally_closed: [RO_MESSAGES.closedAfterRequest] });
    expect(await t.db().select().from(schema.roReversals)).toHaveLength(0);
    // Reported together with another field's message, not after it is fixed.
    const both = await save({ ...valid(), empolyee_name: "", date_ra_was_originally_closed: "11/30/2026" });
    expect(Object.keys(both.json.content).sort()).toEqual(["date_ra_was_originally_closed", "empolyee_name"]);
    expect(
      (await save({ ...valid(), date_of_request: "11/20/2026", date_ra_was_originally_closed: "11/20/2026" })).status,
    ).toBe(200);
  });

  it("refuses dates that do not exist, a 191-character name, and a location that does not exist", async () => {
    for (const d of ["02/30/2026", "2026-13-01", "abc", "1e3"]) {
      const res = await save({ ...valid(), date_of_request: d });
      expectErrorEnvelope(res, 422);
      expect(res.json.content.date_of_request, d).toEqual(["Please enter a valid date (MM/DD/YYYY)."]);
    }
    const long = await save({ ...valid(), empolyee_name: "x".repeat(191) });
    expectErrorEnvelope(long, 422);
    expect(long.json.content.empolyee_name).toEqual(["Employee Name Can Not Be Longer Than 190 Characters."]);
    expect((await save({ ...valid(), empolyee_name: "x".repeat(190) })).status).toBe(200);
    for (const loc of [999_999, "abc", "1e3", -1]) {
      const res = await save({ ...valid(), location: loc });
      expectErrorEnvelope(res, 422);
      expect(Object.values(res.json.content).flat(), String(loc)).toContain(RO_MESSAGES.location);
    }
  });

  it("staff edit their own request; another user's answers the same 404 as one that does not exist; an administrator edits anyone's, a manager nobody else's", async () => {
    const mine = await save(valid());
    const id = mine.json.content.id;
    expect((await save({ ...valid(), id, empolyee_name: "Jane Q" })).status).toBe(200);
    const adminOwn = await save({ ...valid(), empolyee_name: "Admin's" }, tokens.admin);
    const refused = await save({ ...valid(), id: adminOwn.json.content.id, empolyee_name: "hijack" });
    const missing = await save({ ...valid(), id: 999_999, empolyee_name: "hijack" });
    expectErrorEnvelope(refused, 404);
    expect(refused.json).toEqual(missing.json);
    const getOther = await callRoute(
      get,
      apiRequest(`/api/v1/ro-reversal-request/get?id=${adminOwn.json.content.id}`, { token: tokens.staff }),
    );
    const getMissing = await callRoute(
      get,
      apiRequest("/api/v1/ro-reversal-request/get?id=999999", { token: tokens.staff }),
    );
    expectErrorEnvelope(getOther, 404);
    expect(getOther.json).toEqual(getMissing.json);
    const [still] = await t
      .db()
      .select()
      .from(schema.roReversals)
      .where(eq(schema.roReversals.id, adminOwn.json.content.id));
    expect(still.employeeName).toBe("Admin's");
    expectErrorEnvelope(await save({ ...valid(), id, empolyee_name: "By manager" }, tokens.manager), 403);
    expect((await save({ ...valid(), id, empolyee_name: "By admin" }, tokens.admin)).status).toBe(200);
    expectErrorEnvelope(await save({ ...valid(), id: 999_999 }), 404);
    const got = await callRoute(get, apiRequest(`/api/v1/ro-reversal-request/get?id=${id}`, { token: tokens.staff }));
    expect(got.json.content).toMatchObject({ empolyee_name: "By admin", date_of_request: "11/20/2026" });
  });
});

describe("ro-reversal-request/list, delete and export", () => {
  it("lists staff's own requests only; managers see all, filter and sort", async () => {
    await save(valid());
    await save(
      { ...valid(), empolyee_name: "Zed Admin", pay_type: "Warranty", howMuchTimeBilled: "1h", questions: "q" },
      tokens.admin,
    );
    const staff = await listAs(tokens.staff);
    expect(staff.json.content.totalRecords).toBe(1);
    expect(staff.json.content.row[0]).toMatchObject({ empolyee_name: "Jane Doe", date_ra: "11/01/2026" });
    const admin = await listAs(tokens.admin, {
      filters: { pay_type: 2 },
      sort: { field: "empolyee_name", type: "asc" },
    });
    expect(admin.json.content.row.map((r: { empolyee_name: string }) => r.empolyee_name)).toEqual(["Zed Admin"]);
    expectErrorEnvelope(await listAs(tokens.admin, { sort: { field: "password", type: "asc" } }), 422);
    expectErrorEnvelope(await listAs(tokens.admin, { perPage: 7 }), 422);
  });

  it("deletes for roles 1 and 2 only, with the old portal's message", async () => {
    const a = (await save(valid())).json.content.id;
    const del_ = (token: string, body: unknown) =>
      callRoute(del, apiRequest("/api/v1/ro-reversal-request/delete", { method: "DELETE", token, body }));
    expectErrorEnvelope(await del_(tokens.staff, { deleteArr: [a] }), 403);
    const ok = await del_(tokens.manager, { deleteArr: [a] });
    expect(ok.json.message).toBe("You successfully deleted the record(s).");
    expect(await t.db().select().from(schema.roReversals)).toHaveLength(0);
    expectErrorEnvelope(await del_(tokens.manager, { deleteArr: [a] }), 404);
    expectErrorEnvelope(await del_(tokens.manager, { deleteArr: [] }), 422);
  });

  it("exports the list (and a selection) as CSV with formula injection neutralised; the link is the caller's", async () => {
    const a = (await save({ ...valid(), empolyee_name: '=HYPERLINK("http://evil")', reason: "+1+1" })).json.content.id;
    await save({ ...valid(), empolyee_name: "Other" });
    const link = await listAs(tokens.staff, { is_export: "csv", ids: [a] });
    expect(link.json.message).toBe("success export");
    const url = new URL(link.json.content.web);
    const res = await exportRo(apiRequest(`${url.pathname}${url.search}`, { token: tokens.staff }), {
      params: Promise.resolve({}),
    });
    expect(res.status).toBe(200);
    const csv = await res.text();
    expect(csv).toContain(`"'=HYPERLINK(""http://evil"")"`);
    expect(csv).toContain("'+1+1");
    expect(csv).not.toContain("Other");
    expect(csv.split("\r\n")[0]).toContain(
      "Employee Name,Date Of Request,Full RA,Date RA,Pay Type,Reason,Billed Time,Question",
    );
    expectErrorEnvelope(
      await callRoute(exportRo, apiRequest(`${url.pathname}${url.search}`, { token: tokens.admin })),
      403,
    );
    const all = await listAs(tokens.admin, { is_export: "xlsx" });
    const u2 = new URL(all.json.content.web);
    const x = await exportRo(apiRequest(`${u2.pathname}${u2.search}`, { token: tokens.admin }), {
      params: Promise.resolve({}),
    });
    expect(x.headers.get("content-type")).toContain("spreadsheetml");
  });
});

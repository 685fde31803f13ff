/**
 * The form email manager's v1 calls (docs/features/staff-forms.md): the permission on every call, the picker, the list
 * per form in id order, add (one mapping per location) and edit, the tag checks (invalid and
 * duplicate addresses, 'NULL' read as empty), the duplicate form x location check, closed rows.
 */
import { beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { eq } from "drizzle-orm";

vi.mock("next/headers", () => import("@/test/mock-next-headers"));

import { apiRequest, callRoute, setupTestDatabase, tokenFor } from "@/test/db";
import { expectErrorEnvelope } from "@/test/auth";
import { schema } from "@/lib/db";
import { GET as pickerGet } from "@/app/api/v1/form/manager/get/route";
import { POST as mapperList } from "@/app/api/v1/form/mapper/list/route";
import { GET as mapperGet } from "@/app/api/v1/form/mapper/get/route";
import { POST as mapperSave } from "@/app/api/v1/form/mapper/add/update/route";
import { DELETE as mapperDelete } from "@/app/api/v1/form/mapper/delete/route";
import { GET as mapperCheck } from "@/app/api/v1/formemailmanager/check/route";
import { GET as mapperExport } from "@/app/api/export/form-email-mappings/route";
import { listApproverCandidates } from "@/lib/forms/email-manager/queries";

const t = setupTestDatabase();
const tokens: Record<string, string> = {};
const loc: Record<string, number> = {};

const save = (body: Record<string, unknown>, token = tokens.admin) =>
  callRoute(mapperSave, apiRequest("/api/v1/form/mapper/add/update", { method: "POST", token, body }));
const list = (body: Record<string, unknown>, token = tokens.admin) =>
  callRoute(mapperList, apiRequest("/api/v1/form/mapper/list", { method: "POST", token, body }));
const check = (q: string, token = tokens.admin) =>
  callRoute(mapperCheck, apiRequest(`/api/v1/formemailmanager/check?${q}`, { token }));

beforeAll(async () => {
  for (const name of ["admin", "manager", "staff"]) tokens[name] = await tokenFor(t.db(), name);
  for (const l of await t.db().select().from(schema.locations)) loc[l.name] = l.id;
  // The manager holds the permission too (a non-administrator with it): closed rows are not theirs to change.
  const [manager] = await t.db().select().from(schema.users).where(eq(schema.users.username, "manager"));
  const [perm] = await t
    .db()
    .select()
    .from(schema.permissions)
    .where(eq(schema.permissions.name, "access_form_email_manager"));
  await t
    .db()
    .insert(schema.userPermissions)
    .values({ userId: manager.id, permissionId: perm.id })
    .onConflictDoNothing();
  tokens.manager = await tokenFor(t.db(), "manager");
});
beforeEach(async () => {
  await t.db().delete(schema.formEmailMappings);
});

describe("permission access_form_email_manager", () => {
  it("refuses every mapper call to a user without it (403), even with valid input", async () => {
    const staff = tokens.staff;
    expectErrorEnvelope(await callRoute(pickerGet, apiRequest("/api/v1/form/manager/get", { token: staff })), 403);
    expectErrorEnvelope(await list({}, staff), 403);
    expectErrorEnvelope(await callRoute(mapperGet, apiRequest("/api/v1/form/mapper/get?id=1", { token: staff })), 403);
    expectErrorEnvelope(
      await save({ form_id: 1, location: String(loc["Downtown Motors"]), to_email: "a@example.com" }, staff),
      403,
    );
    expectErrorEnvelope(
      await callRoute(
        mapperDelete,
        apiRequest("/api/v1/form/mapper/delete", { method: "DELETE", token: staff, body: { deleteArr: [1] } }),
      ),
      403,
    );
    expectErrorEnvelope(await check(`form_key_id=1&location=${loc["Downtown Motors"]}`, staff), 403);
    expect(await t.db().select().from(schema.formEmailMappings)).toHaveLength(0);
  });

  it("answers the picker's forms", async () => {
    const res = await callRoute(pickerGet, apiRequest("/api/v1/form/manager/get", { token: tokens.admin }));
    expect(res.json.content).toEqual([
      { text: "RO Reversal Request", value: 1 },
      { text: "Tech Time", value: 2 },
      { text: "Continuous Improvement Suggestions", value: 3 },
      { text: "Uniform Request", value: 4 },
      { text: "Time-off Request", value: 5 },
    ]);
  });
});

describe("form/mapper/add/update", () => {
  it("adds one mapping per location, collapses duplicate addresses, reads 'NULL' as no CC", async () => {
    const res = await save({
      form_id: 1,
      location: `${loc["Downtown Motors"]},${loc["Valley Trucks"]}`,
      to_email: "a@example.com, B@example.com,a@EXAMPLE.com",
      cc_email: "NULL",
      manager_email: "x",
    });
    expect(res.status).toBe(200);
    expect(res.json.content.ids).toHaveLength(2);
    const rows = await t.db().select().from(schema.formEmailMappings).orderBy(schema.formEmailMappings.id);
    expect(rows.map((r) => [r.formKey, r.locationId, r.toEmails, r.ccEmails])).toEqual([
      ["ro_reversal", loc["Downtown Motors"], ["a@example.com", "B@example.com"], []],
      ["ro_reversal", loc["Valley Trucks"], ["a@example.com", "B@example.com"], []],
    ]);
    const got = await callRoute(
      mapperGet,
      apiRequest(`/api/v1/form/mapper/get?id=${rows[0].id}`, { token: tokens.admin }),
    );
    expect(got.json.content).toMatchObject({
      formName: "RO Reversal Request",
      form_id: 1,
      location_id: String(loc["Downtown Motors"]),
      locationName: "Downtown Motors",
      to_email: "a@example.com,B@example.com",
      cc_email: "",
    });
  });

  it("refuses missing form, location and To, invalid tags, unknown forms and locations", async () => {
    const base = { form_id: 2, location: String(loc["Downtown Motors"]), to_email: "a@example.com" };
    const cases: [Record<string, unknown>, string, string][] = [
      [{ form_id: "" }, "form_id", "Select Form"],
      [{ form_id: 9 }, "form_id", "Select Form"],
      [{ form_id: "abc" }, "form_id", "Select Form"],
      [{ location: "" }, "location", "Select Location"],
      [{ location: "abc" }, "location.0", "Select Location"],
      [{ location: "1e3" }, "location.0", "Select Location"],
      [{ to_email: "" }, "to_email", "Please enter email"],
      [{ to_email: "NULL" }, "to_email", "Please enter email"],
      [{ to_email: "a@example.com,not-an-email" }, "to_email.1", "Please enter valid Email"],
      [{ cc_email: "x@" }, "cc_email.0", "Please enter valid Email"],
    ];
    for (const [patch, field, message] of cases) {
      const res = await save({ ...base, ...patch });
      expectErrorEnvelope(res, 422);
      expect(res.json.content[field], JSON.stringify(patch)).toEqual([message]);
    }
    const unknown = await save({ ...base, location: "999999" });
    expectErrorEnvelope(unknown, 422);
    expect(unknown.json.message).toBe("Select Location");
    expect(await t.db().select().from(schema.formEmailMappings)).toHaveLength(0);
  });

  it("refuses a duplicate form x location with the check's message; the check reports it the old way", async () => {
    const dt = loc["Downtown Motors"];
    const first = await save({ form_id: 2, location: String(dt), to_email: "a@example.com" });
    const id = first.json.content.ids[0];
    const dup = await save({ form_id: 2, location: `${loc["Valley Trucks"]},${dt}`, to_email: "b@example.com" });
    expectErrorEnvelope(dup, 409);
    expect(dup.json.message).toBe("Tech Time is already mapped for Downtown Motors.");
    expect(await t.db().select().from(schema.formEmailMappings)).toHaveLength(1);
    const found = await check(`form_key_id=2&location=${dt}`);
    expect(found.status).toBe(200);
    expect(found.json).toMatchObject({
      status: "success",
      message: "Tech Time is already mapped for Downtown Motors.",
    });
    // No duplicate: the old portal's shape (status, message), HTTP 200 so the browser logs no failed request.
    for (const q of [`form_key_id=2&location=${dt}&edit_id=${id}`, `form_key_id=1&location=${dt}`]) {
      const none = await check(q);
      expect(none.status, q).toBe(200);
      expect(none.json, q).toEqual({
        code: 200,
        status: "error",
        message: "No duplicate mapping.",
        content: { duplicate: false },
      });
    }
    expect((await save({ id, form_id: 2, location: String(dt), to_email: "c@example.com" })).status).toBe(200);
  });
});

describe("list, closed rows, delete, export", () => {
  it("lists one form's mappings in id order; closed rows are changed and deleted by role 1 only", async () => {
    await save({ form_id: 1, location: String(loc["Valley Trucks"]), to_email: "v@example.com" });
    await save({
      form_id: 1,
      location: String(loc["Downtown Motors"]),
      to_email: "d@example.com",
      cc_email: "c1@example.com,c2@example.com",
    });
    await save({ form_id: 3, location: String(loc["Downtown Motors"]), to_email: "s@example.com" });
    const ro = await list({ formType: 1 });
    expect(ro.json.content.totalRecords).toBe(2);
    expect(ro.json.content.row.map((r: { locationName: string }) => r.locationName)).toEqual([
      "Valley Trucks",
      "Downtown Motors",
    ]);
    expect((await list({})).json.content.totalRecords).toBe(2);
    expect((await list({ formType: "improvement_suggestion" })).json.content.totalRecords).toBe(1);
    expectErrorEnvelope(await list({ formType: 12 }), 422);

    const [closed] = await t
      .db()
      .update(schema.formEmailMappings)
      .set({ status: "Close" })
      .where(eq(schema.formEmailMappings.locationId, loc["Valley Trucks"]))
      .returning();
    expectErrorEnvelope(
      await save(
        { id: closed.id, form_id: 1, location: String(loc["Valley Trucks"]), to_email: "x@example.com" },
        tokens.manager,
      ),
      403,
    );
    const del = (token: string, ids: number[]) =>
      callRoute(
        mapperDelete,
        apiRequest("/api/v1/form/mapper/delete", { method: "DELETE", token, body: { deleteArr: ids } }),
      );
    expectErrorEnvelope(await del(tokens.manager, [closed.id]), 403);
    const ok = await del(tokens.admin, [closed.id]);
    expect(ok.json.message).toBe("You successfully deleted the record(s).");

    const link = await list({ formType: 1, is_export: "csv" });
    const url = new URL(link.json.content.web);
    const csv = await (
      await mapperExport(apiRequest(`${url.pathname}${url.search}`, { token: tokens.admin }), {
        params: Promise.resolve({}),
      })
    ).text();
    expect(csv).toContain("Downtown Motors");
    expect(csv).toContain('"c1@example.com, c2@example.com"');
    expect(csv).not.toContain("s@example.com");
  });
});

describe("approvers on the list", () => {
  it("names a mapping's approvers in the list and its export; the picker offers deciders with their role", async () => {
    const users = await t.db().select().from(schema.users);
    const id = (username: string) => users.find((u) => u.username === username)!.id;
    const saved = await save({
      form_id: 2,
      location: String(loc["Downtown Motors"]),
      to_email: "a@example.com",
      approvers: `${id("manager")},${id("admin")}`,
    });
    expect(saved.status).toBe(200);
    await save({ form_id: 2, location: String(loc["Valley Trucks"]), to_email: "b@example.com" });

    const link = await list({ formType: 2, is_export: "csv" });
    const url = new URL(link.json.content.web);
    const csv = await (
      await mapperExport(apiRequest(`${url.pathname}${url.search}`, { token: tokens.admin }), {
        params: Promise.resolve({}),
      })
    ).text();
    const lines = csv.split(/\r?\n/);
    expect(lines[0]).toContain("CC Email,Approvers");
    expect(lines.find((l) => l.includes("Downtown Motors"))).toContain('"Alex Admin, Morgan Manager"');
    expect(lines.find((l) => l.includes("Valley Trucks"))).toMatch(/b@example\.com,,,/);

    const candidates = await listApproverCandidates();
    expect(candidates).toContainEqual({ id: id("manager"), name: "Morgan Manager", roleName: "Calendar Manager" });
    expect(candidates.map((c) => c.id)).not.toContain(id("staff"));
  });
});

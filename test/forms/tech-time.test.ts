/**
 * Tech time forms through the v1 calls (docs/features/staff-forms.md): payload names, the location sent by name, the
 * required fields in turn, e-mail format, rows (dates and HH:MM checked, empty rows not stored, at
 * most 16 shop rows), editing (reachable; staff only their own), the list's scope and its export.
 */
import { beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { asc, eq, sql } from "drizzle-orm";

vi.mock("next/headers", () => import("@/test/mock-next-headers"));

import { apiRequest, callRoute, setupTestDatabase, tokenFor } from "@/test/db";
import { expectErrorEnvelope } from "@/test/auth";
import { schema } from "@/lib/db";
import { rowsOf } from "@/lib/db/rows";
import { POST as addUpdate } from "@/app/api/v1/techtime/add/update/route";
import { POST as list } from "@/app/api/v1/techtime/list/route";
import { GET as exportTech } from "@/app/api/export/techtime/route";
import { TECH_MESSAGES } from "@/lib/forms/tech-time/schemas";

const t = setupTestDatabase();
const tokens: Record<string, string> = {};

const post = (handler: typeof addUpdate, path: string, token: string, body: unknown) =>
  callRoute(handler, apiRequest(path, { method: "POST", token, body }));
const save = (body: Record<string, unknown>, token = tokens.staff) =>
  post(addUpdate, "/api/v1/techtime/add/update", token, body);

const valid = () => ({
  empolyee_number: "T-77",
  empolyee_name: "Tom Tech",
  date: "11/20/2026",
  location: "Valley Trucks",
  employee_email: "tom@example.com",
  manager_email: "NULL",
  attendanceClockTimeArr: [
    { date: "11/19/2026", reason: "Forgot to clock in", timeIn: "8:00", timeOut: "17:30" },
    { date: "", reason: "", timeIn: "", timeOut: "" },
    { date: "NULL", reason: "NULL", timeIn: "NULL", timeOut: "NULL" },
  ],
  shopTimeObjects: [
    {
      date: "2026-11-18",
      customerName: "ACME",
      roNumber: "RO-9",
      reason: "Missed punch",
      job: "Brakes",
      timeIn: "09:00",
      timeOut: "10:15",
    },
  ],
});

beforeAll(async () => {
  for (const name of ["admin", "manager", "staff"]) tokens[name] = await tokenFor(t.db(), name);
});
beforeEach(async () => {
  await t.db().delete(schema.techTimes);
  await t.db().delete(schema.mailOutbox);
});

describe("techtime/add/update", () => {
  it("saves with the payload's names, the location by name, and only the rows that hold something", async () => {
    const res = await save(valid());
    expect(res.status).toBe(200);
    expect(res.json.message).toBe("Tech Time Saved Successfully");
    const [row] = await t.db().select().from(schema.techTimes);
    expect(row).toMatchObject({
      employeeNumber: "T-77",
      employeeName: "Tom Tech",
      date: "2026-11-20",
      employeeEmail: "tom@example.com",
      managerEmail: "manager3@example.com",
      routed: false,
    });
    const rows = await t
      .db()
      .select()
      .from(schema.techTimeRows)
      .orderBy(asc(schema.techTimeRows.kind), asc(schema.techTimeRows.position));
    expect(rows.map((r) => [r.kind, r.date, r.timeIn, r.timeOut, r.customerName])).toEqual([
      ["attendance", "2026-11-19", "08:00", "17:30", null],
      ["shop", "2026-11-18", "09:00", "10:15", "ACME"],
    ]);
    const mails = await t.db().select().from(schema.mailOutbox);
    const mail = mails.find((m) => m.toAddresses.includes("manager3@example.com"))!;
    expect(mail.body).toContain("Shop time 1: 11/18/2026 · ACME · RO RO-9");
    // Named by its reference (lib/forms/references.ts); its rows' texts kept for its search vector.
    expect(mail.subject).toBe("Tech time 11/20 RO RO-9");
    expect(row.rowsText).toBe("Forgot to clock in RO-9 ACME Missed punch Brakes");
    const [found] = rowsOf<{ n: number }>(
      await t
        .db()
        .execute(
          sql`select count(*)::int as n from tech_times where search_vector @@ to_tsquery('english', 'ro & 9') and search_vector @@ to_tsquery('english', 'brake')`,
        ),
    );
    expect(found.n).toBe(1);
  });

  it.each([
    ["empolyee_number", TECH_MESSAGES.employeeNumber],
    ["empolyee_name", TECH_MESSAGES.employeeName],
    ["date", TECH_MESSAGES.date],
    ["location", TECH_MESSAGES.location],
    ["employee_email", TECH_MESSAGES.emailRequired],
  ])("refuses a missing %s with the old portal's message", async (field, message) => {
    for (const empty of ["", "NULL"]) {
      const res = await save({ ...valid(), [field]: empty });
      expectErrorEnvelope(res, 422);
      expect(res.json.content[field]).toEqual([message]);
    }
    expect(await t.db().select().from(schema.techTimes)).toHaveLength(0);
  });

  it("refuses a malformed e-mail, an unknown location, a 191-character name, bad dates and times, 17 shop rows", async () => {
    const cases: [Record<string, unknown>, string, string][] = [
      [{ employee_email: "tom@" }, "employee_email", TECH_MESSAGES.emailInvalid],
      [{ location: "Atlantis" }, "location", TECH_MESSAGES.location],
      [
        { empolyee_name: "x".repeat(191) },
        "empolyee_name",
        "Employee's Full Name Can Not Be Longer Than 190 Characters.",
      ],
      // A line break in a one-line field (it becomes the mail's subject): the field's message, never a 500 (docs/security.md).
      [
        { empolyee_name: "Tom\r\nBcc: victim@example.com" },
        "empolyee_name",
        "Employee's Full Name must be on one line.",
      ],
      [{ empolyee_number: "T-77\nX" }, "empolyee_number", "Emp Number must be on one line."],
      [{ date: "02/30/2026" }, "date", "Please enter a valid date (MM/DD/YYYY)."],
      [
        { attendanceClockTimeArr: [{ date: "02/30/2026" }] },
        "attendanceClockTimeArr.0.date",
        "Please enter a valid date (MM/DD/YYYY).",
      ],
      [
        { attendanceClockTimeArr: [{ timeIn: "25:00" }] },
        "attendanceClockTimeArr.0.timeIn",
        "Please enter the time as HH:MM.",
      ],
      [{ shopTimeObjects: [{ timeOut: "abc" }] }, "shopTimeObjects.0.timeOut", "Please enter the time as HH:MM."],
      [{ shopTimeObjects: [{ timeOut: "1e3" }] }, "shopTimeObjects.0.timeOut", "Please enter the time as HH:MM."],
      [{ shopTimeObjects: Array.from({ length: 17 }, () => ({})) }, "shopTimeObjects", "At most 16 shop time rows."],
      [
        { attendanceClockTimeArr: Array.from({ length: 5 }, () => ({})) },
        "attendanceClockTimeArr",
        "At most 4 attendance rows.",
      ],
    ];
    for (const [patch, field, message] of cases) {
      const res = await save({ ...valid(), ...patch });
      expectErrorEnvelope(res, 422);
      expect(res.json.content[field], JSON.stringify(patch).slice(0, 60)).toEqual([message]);
    }
    expect((await save({ ...valid(), shopTimeObjects: Array.from({ length: 16 }, () => ({ job: "j" })) })).status).toBe(
      200,
    );
    expect(await t.db().select().from(schema.techTimeRows).where(eq(schema.techTimeRows.kind, "shop"))).toHaveLength(
      16,
    );
  });

  it("edits replace the rows; staff cannot edit another user's form, nor an approver, an administrator can", async () => {
    const id = (await save(valid())).json.content.id;
    expect(
      (await save({ ...valid(), id, shopTimeObjects: [], attendanceClockTimeArr: [{ reason: "Only one" }] })).status,
    ).toBe(200);
    const rows = await t.db().select().from(schema.techTimeRows).where(eq(schema.techTimeRows.techTimeId, id));
    expect(rows.map((r) => r.reason)).toEqual(["Only one"]);
    const other = (await save(valid(), tokens.admin)).json.content.id;
    // Someone else's form answers exactly as one that does not exist (no existence oracle, docs/security.md).
    const refused = await save({ ...valid(), id: other, empolyee_name: "hijack" });
    expectErrorEnvelope(refused, 404);
    expect(refused.json).toEqual((await save({ ...valid(), id: 999_999, empolyee_name: "hijack" })).json);
    expectErrorEnvelope(await save({ ...valid(), id: other, empolyee_name: "fixed" }, tokens.manager), 403);
    expect((await save({ ...valid(), id, empolyee_name: "fixed" }, tokens.admin)).status).toBe(200);
  });
});

describe("techtime/list", () => {
  it("answers staff their own forms, managers everyone's, and exports the list's columns, then the rows'", async () => {
    await save(valid());
    await save({ ...valid(), empolyee_name: "@SUM(A1)" }, tokens.admin);
    const staff = await post(list, "/api/v1/techtime/list", tokens.staff, {});
    expect(staff.json.content.totalRecords).toBe(1);
    expect(staff.json.content.row[0]).toMatchObject({
      empolyee_number: "T-77",
      empolyee_name: "Tom Tech",
      date: "11/20/2026",
      location: "Valley Trucks",
    });
    const admin = await post(list, "/api/v1/techtime/list", tokens.admin, { filters: { empolyee_name: "sum" } });
    expect(admin.json.content.totalRecords).toBe(1);
    const link = await post(list, "/api/v1/techtime/list", tokens.admin, { is_export: true });
    const url = new URL(link.json.content.web);
    const csv = await (
      await exportTech(apiRequest(`${url.pathname}${url.search}`, { token: tokens.admin }), {
        params: Promise.resolve({}),
      })
    ).text();
    expect(csv.split("\r\n")[0].replace(/^\uFEFF/, "")).toMatch(
      /^Employee Number,Employee Name,Employee Email,Date,Location,Updated By,Updated At,Status,Decided By,Decided At,Overdue,Attendance 1 Date,/,
    );
    expect(csv).toContain("'@SUM(A1)");
  });
});

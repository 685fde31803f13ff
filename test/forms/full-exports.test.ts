/**
 * Exports (docs/features/staff-forms.md): every staff form's CSV and XLSX export carries every submitted field (tech time's
 * attendance and shop rows, the suggestion's phone and texts, the uniform's sizes and note), with dates,
 * times and numbers as typed XLSX cells in the old portal's display formats, and text cells still neutralised.
 */
import { beforeAll, describe, expect, it, vi } from "vitest";
import { eq } from "drizzle-orm";

vi.mock("next/headers", () => import("@/test/mock-next-headers"));

import { apiRequest, callRoute, setupTestDatabase, tokenFor } from "@/test/db";
import { csvRecords, readXlsx, serialOf } from "@/test/export-files";
import { schema } from "@/lib/db";
import { POST as roAdd } from "@/app/api/v1/ro-reversal-request/add/update/route";
import { POST as roList } from "@/app/api/v1/ro-reversal-request/list/route";
import { GET as roFile } from "@/app/api/export/roreversal/route";
import { POST as techAdd } from "@/app/api/v1/techtime/add/update/route";
import { POST as techList } from "@/app/api/v1/techtime/list/route";
import { GET as techFile } from "@/app/api/export/techtime/route";
import { POST as suggestionAdd } from "@/app/api/v1/continuous/improvement/suggestions/add/update/route";
import { POST as suggestionList } from "@/app/api/v1/continuous/improvement/suggestions/list/route";
import { GET as suggestionFile } from "@/app/api/export/improvement-suggestions/route";
import { POST as uniformAdd } from "@/app/api/v1/uniform/request/add/update/route";
import { POST as uniformList } from "@/app/api/v1/uniform/request/list/route";
import { GET as uniformFile } from "@/app/api/export/uniform-requests/route";

const t = setupTestDatabase();
const tokens: Record<string, string> = {};
let location: { id: number; name: string };

type Handler = Parameters<typeof callRoute>[0];
const post = (handler: Handler, path: string, body: unknown, token = tokens.admin) =>
  callRoute(handler, apiRequest(path, { method: "POST", token, body }));

/** Both files of a list's export (the whole list, as the admin): the CSV's records and the XLSX reader. */
async function exportBoth(list: Handler, listPath: string, file: Handler, body: Record<string, unknown> = {}) {
  const out: { csv: Record<string, string>[]; xlsx: ReturnType<typeof readXlsx> } = {} as never;
  for (const format of ["csv", "xlsx"] as const) {
    const link = await post(list, listPath, { ...body, is_export: format });
    expect(link.json.message).toBe("success export");
    const url = new URL(link.json.content.web);
    const res = await file(apiRequest(`${url.pathname}${url.search}`, { token: tokens.admin }), {
      params: Promise.resolve({}),
    });
    expect(res.status).toBe(200);
    if (format === "csv") out.csv = csvRecords(await res.text());
    else out.xlsx = readXlsx(new Uint8Array(await res.arrayBuffer()));
  }
  return out;
}

/** A date cell of the XLSX: a number cell styled MM/DD/YYYY holding that day. */
function expectDayCell(
  x: ReturnType<typeof readXlsx>,
  header: string,
  row: number,
  [y, m, d]: [number, number, number],
) {
  const c = x.cell(header, row)!;
  expect(c, header).toMatchObject({ type: "n" });
  expect(Number(c.value), header).toBe(serialOf(y, m, d));
  expect(x.formatOf(c.style), header).toBe("mm/dd/yyyy");
}
function expectTimeCell(x: ReturnType<typeof readXlsx>, header: string, row: number, h: number, min: number) {
  const c = x.cell(header, row)!;
  expect(c, header).toMatchObject({ type: "n" });
  expect(Number(c.value), header).toBeCloseTo((h * 60 + min) / 1440, 10);
  expect(x.formatOf(c.style), header).toBe("hh:mm");
}
/** Updated At: a date cell (its value the instant, shown as its day). */
function expectInstantCell(x: ReturnType<typeof readXlsx>, row: number) {
  const c = x.cell("Updated At", row)!;
  expect(c.type).toBe("n");
  expect(Math.abs(Number(c.value) - (Date.now() / 86_400_000 + 25569))).toBeLessThan(1); // within a day of now, whatever the zone
  expect(x.formatOf(c.style)).toBe("mm/dd/yyyy");
}

beforeAll(async () => {
  for (const name of ["admin", "manager", "staff"]) tokens[name] = await tokenFor(t.db(), name);
  [location] = await t
    .db()
    .select({ id: schema.locations.id, name: schema.locations.name })
    .from(schema.locations)
    .where(eq(schema.locations.name, "Downtown Motors"));
});

describe("RO reversal export", () => {
  it("has every field; its two dates are date cells", async () => {
    const saved = await post(roAdd, "/api/v1/ro-reversal-request/add/update", {
      empolyee_name: "-Jane Doe",
      date_of_request: "11/20/2026",
      full_ra: "RA-1001",
      date_ra_was_originally_closed: "2026-11-01",
      pay_type: "Warranty",
      location: location.id,
      reason: "Wrong labour line,\nsecond line",
      howMuchTimeBilled: "2.5 h",
      questions: "92%",
    });
    expect(saved.status).toBe(200);
    const { csv, xlsx } = await exportBoth(roList, "/api/v1/ro-reversal-request/list", roFile);
    expect(csv).toHaveLength(1);
    expect(csv[0]).toMatchObject({
      "Employee Name": "'-Jane Doe",
      "Date Of Request": "11/20/2026",
      "Full RA": "RA-1001",
      "Date RA": "11/01/2026",
      "Pay Type": "Warranty",
      Reason: "Wrong labour line,\nsecond line",
      "Billed Time": "2.5 h",
      Question: "92%",
      Location: location.name,
      "Updated By": "Alex Admin",
    });
    expect(csv[0]["Updated At"]).toMatch(/^\d{2}\/\d{2}\/\d{4}$/);
    expect(xlsx.cell("Employee Name", 2)).toMatchObject({ type: "inlineStr", value: "'-Jane Doe" });
    expectDayCell(xlsx, "Date Of Request", 2, [2026, 11, 20]);
    expectDayCell(xlsx, "Date RA", 2, [2026, 11, 1]);
    expectInstantCell(xlsx, 2);
  });
});

describe("tech time export", () => {
  it("has the form's fields and every attendance and shop row, dates and times as typed cells", async () => {
    const saved = await post(techAdd, "/api/v1/techtime/add/update", {
      empolyee_number: "T-77",
      empolyee_name: "Tom Tech",
      date: "11/20/2026",
      location: location.name,
      employee_email: "tom@example.com",
      attendanceClockTimeArr: [
        { date: "11/19/2026", reason: "Forgot to clock in", timeIn: "8:00", timeOut: "17:30" },
        { date: "", reason: "Lunch", timeIn: "", timeOut: "13:05" },
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
        ...Array.from({ length: 14 }, () => ({ job: "filler" })),
        {
          date: "2026-11-17",
          customerName: "=cmd|' /C calc'!A0",
          roNumber: "12",
          reason: "Last",
          job: "Tyres",
          timeIn: "23:59",
          timeOut: "",
        },
      ],
    });
    expect(saved.status).toBe(200);
    const { csv, xlsx } = await exportBoth(techList, "/api/v1/techtime/list", techFile);
    expect(csv).toHaveLength(1);
    const r = csv[0];
    expect(r).toMatchObject({
      "Employee Number": "T-77",
      "Employee Name": "Tom Tech",
      "Employee Email": "tom@example.com",
      Date: "11/20/2026",
      Location: location.name,
    });
    expect(r).toMatchObject({
      "Attendance 1 Date": "11/19/2026",
      "Attendance 1 Reason For Edit": "Forgot to clock in",
      "Attendance 1 Time In": "08:00",
      "Attendance 1 Time Out": "17:30",
      "Attendance 2 Date": "",
      "Attendance 2 Reason For Edit": "Lunch",
      "Attendance 2 Time Out": "13:05",
      "Attendance 4 Reason For Edit": "",
      "Shop Time 1 Date": "11/18/2026",
      "Shop Time 1 Customer Name": "ACME",
      "Shop Time 1 RO Number": "RO-9",
      "Shop Time 1 Reason": "Missed punch",
      "Shop Time 1 Job": "Brakes",
      "Shop Time 1 Time In": "09:00",
      "Shop Time 1 Time Out": "10:15",
      "Shop Time 2 Job": "filler",
      "Shop Time 16 Date": "11/17/2026",
      "Shop Time 16 Customer Name": "'=cmd|' /C calc'!A0",
      "Shop Time 16 RO Number": "12",
      "Shop Time 16 Job": "Tyres",
      "Shop Time 16 Time In": "23:59",
    });
    // The request's state (docs/features/requests.md) adds Status, Decided By, Decided At and Overdue after the form's fields.
    // 4 attendance rows of 4 fields, 16 shop rows of 7, after the form's 7 columns.
    expect(Object.keys(r)).toHaveLength(7 + 4 + 4 * 4 + 16 * 7);
    expectDayCell(xlsx, "Date", 2, [2026, 11, 20]);
    expectDayCell(xlsx, "Attendance 1 Date", 2, [2026, 11, 19]);
    expectTimeCell(xlsx, "Attendance 1 Time In", 2, 8, 0);
    expectTimeCell(xlsx, "Attendance 2 Time Out", 2, 13, 5);
    expectDayCell(xlsx, "Shop Time 16 Date", 2, [2026, 11, 17]);
    expectTimeCell(xlsx, "Shop Time 16 Time In", 2, 23, 59);
    expect(xlsx.cell("Shop Time 16 RO Number", 2)).toMatchObject({ type: "inlineStr", value: "12" });
    expect(xlsx.cell("Shop Time 16 Customer Name", 2)).toMatchObject({
      type: "inlineStr",
      value: "'=cmd|' /C calc'!A0",
    });
    expect(xlsx.cell("Attendance 2 Date", 2)).toBeUndefined();
    expectInstantCell(xlsx, 2);
  });
});

describe("continuous improvement suggestion export", () => {
  it("has the phone and both texts besides the list's columns", async () => {
    const saved = await post(
      suggestionAdd,
      "/api/v1/continuous/improvement/suggestions/add/update",
      {
        name: "Pat Staff",
        date: "03/05/2026",
        location_id: location.id,
        email: "pat@example.com",
        phone_number: "+1 555 0100",
        describe_current_process_and_problem: "Paper forms get lost.\nEvery week.",
        how_will_it_benefit_the_business: "@once: saves an hour a day",
      },
      tokens.staff,
    );
    expect(saved.status).toBe(200);
    const { csv, xlsx } = await exportBoth(
      suggestionList,
      "/api/v1/continuous/improvement/suggestions/list",
      suggestionFile,
    );
    expect(csv).toHaveLength(1);
    expect(csv[0]).toMatchObject({
      Name: "Pat Staff",
      Date: "03/05/2026",
      "Location Name": location.name,
      Email: "pat@example.com",
      Phone: "'+1 555 0100",
      "What Project / Process Improvement are you Proposing?": "Paper forms get lost.\nEvery week.",
      "How will it Benefit the Business?": "'@once: saves an hour a day",
    });
    expectDayCell(xlsx, "Date", 2, [2026, 3, 5]);
    expect(xlsx.cell("Phone", 2)).toMatchObject({ type: "inlineStr", value: "'+1 555 0100" });
    expect(xlsx.cell("What Project / Process Improvement are you Proposing?", 2)!.value).toBe(
      "Paper forms get lost.\nEvery week.",
    );
    expectInstantCell(xlsx, 2);
  });
});

describe("uniform request export", () => {
  it("has the sizes and the note; quantities are number cells", async () => {
    const saved = await post(
      uniformAdd,
      "/api/v1/uniform/request/add/update",
      {
        designation_id: 2,
        location_id: location.id,
        empolyee_first_name: "Tess",
        empolyee_last_name: "Tech",
        requestor_name: "Sam Staff",
        new_hire: "yes",
        new_order: "yes",
        re_order: "no",
        wear_id: 3,
        text: "Shirt M, pants 32x30",
        shirt_quantity: "3",
        pant_quantity: "2",
        comment: "=Starts Monday\nat 8",
      },
      tokens.staff,
    );
    expect(saved.status).toBe(200);
    const { csv, xlsx } = await exportBoth(uniformList, "/api/v1/uniform/request/list", uniformFile, {
      from_date: "2000-01-01",
      to_date: "2999-12-31",
    });
    expect(csv).toHaveLength(1);
    expect(csv[0]).toMatchObject({
      Designation: "Technician",
      "Employee Name": "Tess Tech",
      Wear: "Shirt & Pant",
      "Total Item Quantity": "",
      "Total Shirt Quantity": "3",
      "Total Pant Quantity": "2",
      "Size(s)": "Shirt M, pants 32x30",
      "Note/Comment": "'=Starts Monday\nat 8",
    });
    expect(xlsx.cell("Total Shirt Quantity", 2)).toMatchObject({ type: "n", value: "3" });
    expect(xlsx.cell("Total Pant Quantity", 2)).toMatchObject({ type: "n", value: "2" });
    expect(xlsx.cell("Size(s)", 2)).toMatchObject({ type: "inlineStr", value: "Shirt M, pants 32x30" });
    expect(xlsx.cell("Note/Comment", 2)).toMatchObject({ type: "inlineStr", value: "'=Starts Monday\nat 8" });
    expectInstantCell(xlsx, 2);
  });
});

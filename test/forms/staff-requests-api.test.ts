/**
 * The continuous improvement and uniform request v1 calls (docs/features/staff-forms.md) against a real database: saves
 * with their mail queued in the same transaction, the old portal's payload names, bad input, who may list,
 * export and edit what, the date range, exports with formula injection neutralised.
 */
import { beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { eq, sql } from "drizzle-orm";

vi.mock("next/headers", () => import("@/test/mock-next-headers"));

import { apiRequest, callRoute, setupTestDatabase, tokenFor } from "@/test/db";
import { expectErrorEnvelope, sessionFor } from "@/test/auth";
import { schema } from "@/lib/db";
import { listFormLocations } from "@/lib/forms/locations";
import { POST as uniformList } from "@/app/api/v1/uniform/request/list/route";
import { POST as uniformExport } from "@/app/api/v1/uniform/request/export/route";
import { POST as uniformAdd } from "@/app/api/v1/uniform/request/add/update/route";
import { GET as uniformFile } from "@/app/api/export/uniform-requests/route";
import { POST as suggestionList } from "@/app/api/v1/continuous/improvement/suggestions/list/route";
import { GET as suggestionGet } from "@/app/api/v1/continuous/improvement/suggestions/get/route";
import { DELETE as suggestionDelete } from "@/app/api/v1/continuous/improvement/suggestions/delete/route";
import { POST as suggestionAdd } from "@/app/api/v1/continuous/improvement/suggestions/add/update/route";
import { GET as suggestionFile } from "@/app/api/export/improvement-suggestions/route";
import { UNIFORM_MESSAGES } from "@/lib/forms/uniform/schemas";
import { SUGGESTION_MESSAGES } from "@/lib/forms/suggestions/schemas";

const t = setupTestDatabase();
const tokens: Record<string, string> = {};
let locationId = 0;
let locationName = "";

type Handler = Parameters<typeof callRoute>[0];
const call = (handler: Handler, path: string, token: string | undefined, body?: unknown, method = "POST") =>
  callRoute(handler, apiRequest(path, { method, token, body }));

const uniform = (over: Record<string, unknown> = {}) => ({
  designation_id: 1,
  location_id: locationId,
  empolyee_first_name: "Sam",
  empolyee_last_name: "Porter",
  requestor_name: "Ada Admin",
  new_hire: "yes",
  new_order: "yes",
  re_order: "no",
  wear_id: 2,
  text: "L",
  quantity: "3",
  comment: "Starts Monday",
  ...over,
});
const suggestion = (over: Record<string, unknown> = {}) => ({
  name: "Pat Staff",
  date: "03/05/2026",
  location_id: locationId,
  email: "pat@example.com",
  phone_number: "NULL",
  describe_current_process_and_problem: "Paper forms",
  how_will_it_benefit_the_business: "Saves an hour a day",
  ...over,
});
const addUniform = (body: unknown, token = tokens.staff) =>
  call(uniformAdd, "/api/v1/uniform/request/add/update", token, body);
const listUniform = (body: unknown, token = tokens.admin) =>
  call(uniformList, "/api/v1/uniform/request/list", token, body);
const addSuggestion = (body: unknown, token = tokens.staff) =>
  call(suggestionAdd, "/api/v1/continuous/improvement/suggestions/add/update", token, body);
const listSuggestions = (body: unknown, token = tokens.admin) =>
  call(suggestionList, "/api/v1/continuous/improvement/suggestions/list", token, body);

async function download(handler: Handler, web: string, token: string) {
  const url = new URL(web);
  const res = await handler(apiRequest(`${url.pathname}${url.search}`, { token }), { params: Promise.resolve({}) });
  return { status: res.status, text: await res.text() };
}

beforeAll(async () => {
  for (const name of ["admin", "manager", "staff"]) tokens[name] = await tokenFor(t.db(), name);
  const [loc] = await listFormLocations();
  locationId = loc.id;
  locationName = loc.name;
  await t
    .db()
    .update(schema.locations)
    .set({ managerEmail: "manager@dealer.example.com" })
    .where(eq(schema.locations.id, locationId));
});
beforeEach(async () => {
  await t.db().delete(schema.uniformRequests);
  await t.db().delete(schema.improvementSuggestions);
  await t.db().delete(schema.mailOutbox);
});

describe("uniform/request/add/update", () => {
  it("saves a request with the location's name and manager e-mail and queues its mail in the same transaction", async () => {
    const res = await addUniform(uniform({ manager_email: "attacker@evil.example" }));
    expect(res.status).toBe(200);
    expect(res.json.status).toBe("success");
    const [row] = await t.db().select().from(schema.uniformRequests);
    expect(row).toMatchObject({
      locationName,
      managerEmail: "manager@dealer.example.com",
      newHire: true,
      newOrder: true,
      reOrder: false,
      quantity: 3,
      shirtQuantity: null,
      routed: false,
    });
    const mails = await t.db().select().from(schema.mailOutbox);
    expect(mails.flatMap((m) => m.toAddresses)).toContain("manager@dealer.example.com");
    expect(mails.flatMap((m) => m.toAddresses)).not.toContain("attacker@evil.example");
  });

  it("records routed when the form email manager maps the form and location", async () => {
    await t
      .db()
      .insert(schema.formEmailMappings)
      .values({
        formKey: "uniform_request",
        locationId,
        toEmails: ["uniforms@dealer.example.com"],
        ccEmails: [],
      } as never);
    expect((await addUniform(uniform())).status).toBe(200);
    const [row] = await t.db().select().from(schema.uniformRequests);
    expect(row.routed).toBe(true);
    await t.db().delete(schema.formEmailMappings);
  });

  it.each([
    ["designation_id", UNIFORM_MESSAGES.designation],
    ["location_id", UNIFORM_MESSAGES.location],
    ["empolyee_first_name", UNIFORM_MESSAGES.firstName],
    ["empolyee_last_name", UNIFORM_MESSAGES.lastName],
    ["requestor_name", UNIFORM_MESSAGES.requestor],
    ["wear_id", UNIFORM_MESSAGES.wear],
    ["text", UNIFORM_MESSAGES.sizes],
    ["quantity", UNIFORM_MESSAGES.quantity.required],
    ["comment", UNIFORM_MESSAGES.comment],
  ])("without %s: 422 '%s', nothing saved", async (field, message) => {
    const res = await addUniform(uniform({ [field]: "" }));
    expectErrorEnvelope(res, 422);
    expect(JSON.stringify(res.json.content)).toContain(message);
    expect(await t.db().$count(schema.uniformRequests)).toBe(0);
  });

  it.each([
    ["0", UNIFORM_MESSAGES.quantity.min],
    ["1001", UNIFORM_MESSAGES.quantity.max],
    ["abc", UNIFORM_MESSAGES.numeric],
    ["1e3", UNIFORM_MESSAGES.numeric],
    ["-3", UNIFORM_MESSAGES.quantity.min],
  ])("a quantity of %j: 422 '%s'", async (quantity, message) => {
    const res = await addUniform(uniform({ quantity }));
    expectErrorEnvelope(res, 422);
    expect(res.json.message).toBe(message);
  });

  it("ignores the quantities the chosen wear does not use: shirt_quantity 0 with a Polo is saved", async () => {
    const res = await addUniform(
      uniform({ designation_id: 5, wear_id: 4, quantity: "2", shirt_quantity: 0, pant_quantity: "-1" }),
    );
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    const [row] = await t.db().select().from(schema.uniformRequests);
    expect(row).toMatchObject({ wearId: 4, quantity: 2, shirtQuantity: null, pantQuantity: null });
  });

  it("a technician's 'Shirt & Pant' needs shirt_quantity and pant_quantity", async () => {
    const res = await addUniform(uniform({ designation_id: 2, wear_id: 3, quantity: "", shirt_quantity: "2" }));
    expect(res.json.message).toBe(UNIFORM_MESSAGES.pantQuantity.required);
    expect(
      (
        await addUniform(
          uniform({ designation_id: 2, wear_id: 3, quantity: "", shirt_quantity: "2", pant_quantity: "4" }),
        )
      ).status,
    ).toBe(200);
    const [row] = await t.db().select().from(schema.uniformRequests);
    expect(row).toMatchObject({ quantity: null, shirtQuantity: 2, pantQuantity: 4 });
  });

  it("a 191-character name and a location that does not exist are refused", async () => {
    expect((await addUniform(uniform({ empolyee_first_name: "x".repeat(191) }))).status).toBe(422);
    const res = await addUniform(uniform({ location_id: 987654 }));
    expectErrorEnvelope(res, 422);
    expect(res.json.message).toBe("Select Location");
  });

  it.each([
    ["empolyee_first_name", "Employee First Name must be on one line."],
    ["empolyee_last_name", "Employee Last Name must be on one line."],
    ["requestor_name", "Requestor Name must be on one line."],
  ])("a line break in %s is a 422 with the field's message, never a 500 from the mail", async (field, message) => {
    const res = await addUniform(uniform({ [field]: "Sam\r\nBcc: victim@example.com" }));
    expectErrorEnvelope(res, 422);
    expect(res.json.content[field]).toEqual([message]);
    expect(await t.db().$count(schema.uniformRequests)).toBe(0);
    expect(await t.db().$count(schema.mailOutbox)).toBe(0);
  });

  it("its requester updates an open request by id, an administrator any; a manager (an approver) not", async () => {
    await addUniform(uniform());
    const [row] = await t.db().select().from(schema.uniformRequests);
    expect((await addUniform(uniform({ id: row.id, text: "L" }))).status).toBe(200);
    expectErrorEnvelope(await addUniform(uniform({ id: row.id, text: "XL" }), tokens.manager), 403);
    expect((await t.db().select().from(schema.uniformRequests))[0].sizes).toBe("L");
    expect((await addUniform(uniform({ id: row.id, text: "XL" }), tokens.admin)).status).toBe(200);
    expect((await t.db().select().from(schema.uniformRequests))[0].sizes).toBe("XL");
  });
});

describe("uniform/request/list and export", () => {
  it("roles 1 and 2 only: staff get 403, signed out 401, for the list, the export and the file", async () => {
    for (const [h, path, body] of [
      [uniformList, "/api/v1/uniform/request/list", {}],
      [uniformExport, "/api/v1/uniform/request/export", { technician_uniform_id_arr: [1] }],
    ] as const) {
      expectErrorEnvelope(await call(h, path, tokens.staff, body), 403);
      expectErrorEnvelope(await call(h, path, undefined, body), 401);
      expect((await call(h, path, tokens.manager, body)).status).toBe(200);
    }
    const { header } = await sessionFor(t.db(), "staff");
    expectErrorEnvelope(
      await callRoute(
        uniformList,
        apiRequest("/api/v1/uniform/request/list", { method: "POST", body: {}, headers: { cookie: header } }),
      ),
      403,
    );
    const web = (await listUniform({ is_export: "csv" })).json.content.web as string;
    expect((await download(uniformFile, web, tokens.staff)).status).toBe(403);
  });

  it("lists with the payload names, filters by the date range, sorts and pages", async () => {
    for (let i = 0; i < 5; i++) await addUniform(uniform({ empolyee_first_name: `E${i}`, quantity: String(i + 1) }));
    await t
      .db()
      .execute(
        sql`update uniform_requests set updated_at = timestamptz '2026-01-10 12:00:00-08' where employee_first_name in ('E0', 'E1')`,
      );
    const all = await listUniform({});
    expect(all.json.content.totalRecords).toBe(5);
    expect(all.json.content.row[0]).toMatchObject({
      designation_name: "Driver/Porter",
      empolyee_first_name: "E4",
      new_hire: "yes",
      re_order: "no",
      wear_name: "Shirt",
      location: locationName,
    });
    const january = await listUniform({
      from_date: "2026-01-10",
      to_date: "2026-01-10",
      sort: { field: "quantity", type: "asc" },
    });
    expect(january.json.content.row.map((r: { quantity: number }) => r.quantity)).toEqual([1, 2]);
    expect((await listUniform({ from_date: "2026-01-11", to_date: "2026-01-31" })).json.content.totalRecords).toBe(0);
    expectErrorEnvelope(await listUniform({ from_date: "02/30/2026", to_date: "2026-03-01" }), 422);
    const page2 = await listUniform({ perPage: 25, page: 1, sort: { field: "employee_name", type: "desc" } });
    expect(page2.json.content.row.map((r: { empolyee_first_name: string }) => r.empolyee_first_name)).toEqual([
      "E4",
      "E3",
      "E2",
      "E1",
      "E0",
    ]);
    expect((await listUniform({ filters: { new_hire: 2 } })).json.content.totalRecords).toBe(0);
    expect((await listUniform({ filters: { employee_name: "e3 port" } })).json.content.totalRecords).toBe(1);
  });

  it("reads the last pages from the other end with the same rows as the forward order", async () => {
    for (let i = 0; i < 60; i++) await addUniform(uniform({ empolyee_first_name: `P${String(i).padStart(2, "0")}` }));
    const names = async (page: number) =>
      (
        (await listUniform({ page, perPage: 25, sort: { field: "employee_name", type: "asc" } })).json.content.row as {
          empolyee_first_name: string;
        }[]
      ).map((r) => r.empolyee_first_name);
    const all = [...(await names(1)), ...(await names(2)), ...(await names(3))];
    expect(all).toEqual(Array.from({ length: 60 }, (_, i) => `P${String(i).padStart(2, "0")}`));
    expect((await listUniform({ page: 4 })).json.content.row).toEqual([]);
  });

  it("exports all, filtered and a selection, with formula injection neutralised", async () => {
    await addUniform(uniform({ empolyee_first_name: '=HYPERLINK("http://evil")', comment: "x" }));
    await addUniform(uniform({ empolyee_first_name: "Quinn" }));
    const all = (await listUniform({ is_export: "csv" })).json;
    expect(all.message).toBe("success export");
    const csv = (await download(uniformFile, all.content.web, tokens.admin)).text;
    expect(csv).toContain("Designation,Employee Name,Location");
    expect(csv).toContain(`"'=HYPERLINK(""http://evil"") Porter"`);
    expect(csv).toContain("Quinn Porter");
    const [quinn] = await t
      .db()
      .select()
      .from(schema.uniformRequests)
      .where(eq(schema.uniformRequests.employeeFirstName, "Quinn"));
    const sel = (
      await call(uniformExport, "/api/v1/uniform/request/export", tokens.admin, {
        technician_uniform_id_arr: [quinn.id],
      })
    ).json;
    const selCsv = (await download(uniformFile, sel.content.web, tokens.admin)).text;
    expect(selCsv).toContain("Quinn Porter");
    expect(selCsv).not.toContain("HYPERLINK");
    const filtered = (await listUniform({ is_export: "xlsx", filters: { employee_name: "quinn" } })).json;
    const file = await download(uniformFile, filtered.content.web, tokens.admin);
    expect(file.status).toBe(200);
  });
});

describe("the uniform export's keyset batches", () => {
  it.each([
    ["id", true],
    ["quantity", true],
    ["designation", false],
    ["employee_name", false],
    ["updated_at", true],
  ] as const)(
    "sorted by %s (desc %s), 2,100 rows with microseconds apart: every row once, in the list's order",
    async (field, desc) => {
      await t.db()
        .execute(sql`insert into uniform_requests (designation_id, location_id, location_name, employee_first_name, employee_last_name, new_hire, new_order, re_order,
      requestor_name, wear_id, sizes, quantity, comment, updated_at)
      select 1 + g % 6, ${locationId}, 'Loc', 'N' || (g % 50), 'L' || g, false, false, false, 'R', 4, 'M', case when g % 7 = 0 then null else g % 30 end, 'c',
        timestamptz '2026-01-01' + (g % 400) * interval '1 minute' + (g % 3) * interval '1 microsecond'
      from generate_series(1, 2100) g`);
      const { uniformList: list } = await import("@/lib/forms/uniform/queries");
      const { resolveToken } = await import("@/lib/auth/session");
      const user = (await resolveToken(tokens.admin))!;
      const seen: number[] = [];
      for await (const batch of list.exportBatches({ filters: {}, sort: { id: field, desc }, user }))
        seen.push(...batch.map((r) => r.id));
      expect(seen).toHaveLength(2100);
      expect(new Set(seen).size).toBe(2100);
      const paged: number[] = [];
      for (let page = 1; page <= 5; page++)
        paged.push(
          ...(
            await listUniform({ page, perPage: 500, sort: { field, type: desc ? "desc" : "asc" } })
          ).json.content.row.map((r: { id: number }) => r.id),
        );
      expect(paged).toEqual(seen);
    },
  );
});

describe("the uniform list's total", () => {
  it("without a filter is the trigger-kept count: inserts, deletes and a truncate keep it exact", async () => {
    const total = async (body: unknown = {}) => (await listUniform(body)).json.content.totalRecords as number;
    const insert = (n: number) =>
      t.db()
        .execute(sql`insert into uniform_requests (designation_id, location_id, location_name, employee_first_name, employee_last_name, new_hire, new_order, re_order,
        requestor_name, wear_id, sizes, quantity, comment) select 1 + g % 6, ${locationId}, 'Loc', 'N', 'L' || g, false, false, false, 'R', 4, 'M', 1, 'c' from generate_series(1, ${n}) g`);
    await insert(60);
    await insert(2);
    expect(await total()).toBe(62);
    await t.db().execute(sql`delete from uniform_requests where designation_id = 2`);
    const [{ n }] = await t
      .db()
      .select({ n: sql<number>`count(*)::int` })
      .from(schema.uniformRequests);
    expect(n).toBe(51);
    expect(await total()).toBe(51);
    expect(await total({ from_date: "2000-01-01", to_date: "2000-01-02" })).toBe(0); // a filter still counts
    const lastPage = (await listUniform({ page: 3, perPage: 25 })).json.content;
    expect([lastPage.totalRecords, lastPage.row.length]).toEqual([51, 1]);
    await t.db().execute(sql`truncate uniform_requests`);
    expect(await total()).toBe(0);
  });
});

describe("the generic form list's export batches (lib/data-table/list-definition.ts)", () => {
  it.each([
    ["quantity", false],
    ["quantity", true],
    ["updated_at", false],
    ["designation", true],
  ] as const)("sorted by %s (desc %s) follow the list's order, numbers and dates by value", async (field, desc) => {
    await t.db()
      .execute(sql`insert into uniform_requests (designation_id, location_id, location_name, employee_first_name, employee_last_name, new_hire, new_order, re_order,
      requestor_name, wear_id, sizes, quantity, comment, updated_at)
      select 1 + g % 6, ${locationId}, 'Loc', 'N' || (g % 50), 'L' || g, false, false, false, 'R', 4, 'M', case when g % 7 = 0 then null else g % 30 end, 'c',
        timestamptz '2026-01-01' + (g % 400) * interval '1 minute' + (g % 3) * interval '1 microsecond'
      from generate_series(1, 2100) g`);
    const { uniformList: generic } = await import("@/lib/forms/uniform/queries");
    const seen: number[] = [];
    for await (const batch of generic.exportBatches({ filters: {}, sort: { id: field, desc }, user: {} as never }))
      seen.push(...batch.map((r) => r.id));
    const paged: number[] = [];
    for (let page = 1; page <= 5; page++)
      paged.push(
        ...(
          await listUniform({ page, perPage: 500, sort: { field, type: desc ? "desc" : "asc" } })
        ).json.content.row.map((r: { id: number }) => r.id),
      );
    expect(seen).toHaveLength(2100);
    expect(seen).toEqual(paged);
  });
});

describe("continuous improvement suggestions", () => {
  it("saves with the old portal's names, reads 'NULL' as empty, queues the mail, and answers get", async () => {
    const res = await addSuggestion(suggestion());
    expect(res.status).toBe(200);
    const got = await call(
      suggestionGet,
      `/api/v1/continuous/improvement/suggestions/get?id=${res.json.content.id}`,
      tokens.staff,
      undefined,
      "GET",
    );
    expect(got.json.content).toMatchObject({
      name: "Pat Staff",
      date: "03/05/2026",
      phone_number: "",
      how_will_it_benefit_the_business: "Saves an hour a day",
      location_id: locationId,
      location_name: locationName,
      manager_email: "manager@dealer.example.com",
    });
    expect(await t.db().$count(schema.mailOutbox)).toBeGreaterThan(0);
  });

  it.each([
    ["name", SUGGESTION_MESSAGES.name],
    ["date", SUGGESTION_MESSAGES.date],
    ["location_id", SUGGESTION_MESSAGES.location],
    ["email", SUGGESTION_MESSAGES.email],
  ])("without %s: 422 '%s'", async (field, message) => {
    const res = await addSuggestion(suggestion({ [field]: "" }));
    expectErrorEnvelope(res, 422);
    expect(res.json.message).toBe(message);
  });

  it("refuses 02/30/2026, a 191-character name and an unknown location", async () => {
    expect((await addSuggestion(suggestion({ date: "02/30/2026" }))).status).toBe(422);
    expect((await addSuggestion(suggestion({ name: "n".repeat(191) }))).status).toBe(422);
    expect((await addSuggestion(suggestion({ location_id: 987654 }))).json.message).toBe("Select Location");
    expect(await t.db().$count(schema.improvementSuggestions)).toBe(0);
  });

  it("a line break in the name is a 422 with the field's message, never a 500 from the mail", async () => {
    const res = await addSuggestion(suggestion({ name: "Pat\nBcc: victim@example.com" }));
    expectErrorEnvelope(res, 422);
    expect(res.json.content.name).toEqual(["Name must be on one line."]);
    expect(await t.db().$count(schema.improvementSuggestions)).toBe(0);
  });

  it("staff see, edit and delete only their own; roles 1 and 2 everyone's", async () => {
    const mine = (await addSuggestion(suggestion())).json.content.id as number;
    const theirs = (await addSuggestion(suggestion({ name: "Manager idea" }), tokens.manager)).json.content
      .id as number;
    expect((await listSuggestions({}, tokens.staff)).json.content.totalRecords).toBe(1);
    expect((await listSuggestions({}, tokens.admin)).json.content.totalRecords).toBe(2);
    const edit = await addSuggestion(suggestion({ id: theirs, name: "Hijacked" }));
    // Someone else's answers exactly as one that does not exist (no existence oracle, docs/security.md).
    expectErrorEnvelope(edit, 404);
    expect(edit.json).toEqual((await addSuggestion(suggestion({ id: 999_999, name: "Hijacked" }))).json);
    expectErrorEnvelope(
      await call(
        suggestionGet,
        `/api/v1/continuous/improvement/suggestions/get?id=${theirs}`,
        tokens.staff,
        undefined,
        "GET",
      ),
      404,
    );
    expect((await addSuggestion(suggestion({ id: mine, name: "Pat, edited" }))).status).toBe(200);
    expect((await addSuggestion(suggestion({ id: mine, name: "Admin edit" }), tokens.admin)).status).toBe(200);
    expectErrorEnvelope(
      await call(
        suggestionDelete,
        "/api/v1/continuous/improvement/suggestions/delete",
        tokens.staff,
        { deleteArr: [theirs] },
        "DELETE",
      ),
      404,
    );
    const del = await call(
      suggestionDelete,
      "/api/v1/continuous/improvement/suggestions/delete",
      tokens.admin,
      { deleteArr: [theirs, mine] },
      "DELETE",
    );
    expect(del.json.message).toBe("You successfully deleted the record(s).");
    expect(await t.db().$count(schema.improvementSuggestions)).toBe(0);
  });

  it("exports with formula injection neutralised; the link is its maker's only", async () => {
    await addSuggestion(suggestion({ name: "@SUM(A1:A9)" }));
    const web = (await listSuggestions({ is_export: "csv" })).json.content.web as string;
    const file = await download(suggestionFile, web, tokens.admin);
    expect(file.text).toContain("Name,Date,Location Name,Email,Updated By,Updated At");
    expect(file.text).toContain("'@SUM(A1:A9)");
    expect((await download(suggestionFile, web, tokens.staff)).status).toBe(403);
  });
});

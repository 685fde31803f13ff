/**
 * The user list's v1 calls (docs/features/users.md): listuser (rows, filters, sort, paging, export link), deleteuser
 * (deactivates; not oneself), getroles, getstate, getdepartment; administrators only.
 */
import { beforeAll, describe, expect, it, vi } from "vitest";
import { eq } from "drizzle-orm";

vi.mock("next/headers", () => import("@/test/mock-next-headers"));

import { apiRequest, callRoute, setupTestDatabase, tokenFor } from "@/test/db";
import { expectErrorEnvelope, sessionFor, userIdOf } from "@/test/auth";
import { schema } from "@/lib/db";
import { POST as listuser } from "@/app/api/v1/listuser/route";
import { POST as deleteuser } from "@/app/api/v1/deleteuser/route";
import { POST as getroles } from "@/app/api/v1/getroles/route";
import { POST as getstate } from "@/app/api/v1/getstate/route";
import { POST as getdepartment } from "@/app/api/v1/getdepartment/route";
import { POST as login } from "@/app/api/v1/login/route";
import { GET as firstMenu } from "@/app/api/v1/get_first_menu/route";
import { GET as exportUsers } from "@/app/api/export/users/route";
import { unzip } from "./zip";

const t = setupTestDatabase();
const tokens: Record<string, string> = {};
let hash: string;

async function addUser(u: {
  username: string;
  firstName: string;
  lastName: string;
  email?: string;
  empId?: string;
  phone?: string;
  roleId?: number;
}) {
  const [row] = await t
    .db()
    .insert(schema.users)
    .values({ roleId: 3, email: `${u.username}@example.com`, passwordHash: hash, ...u })
    .returning({ id: schema.users.id });
  return row.id;
}

const call = (handler: typeof listuser, path: string, token: string | undefined, body: unknown = {}) =>
  callRoute(handler, apiRequest(path, { method: "POST", token, body }));
const list = (body: unknown, token = tokens.admin) => call(listuser, "/api/v1/listuser", token, body);

beforeAll(async () => {
  for (const name of ["admin", "manager", "staff"]) tokens[name] = await tokenFor(t.db(), name);
  [{ passwordHash: hash }] = (await t
    .db()
    .select({ passwordHash: schema.users.passwordHash })
    .from(schema.users)
    .where(eq(schema.users.username, "staff"))) as { passwordHash: string }[];
  for (let i = 1; i <= 30; i++)
    await addUser({
      username: `person${i}`,
      firstName: i % 2 ? "Alice" : "Bob",
      lastName: `Smith${String(i).padStart(2, "0")}`,
      empId: `E${1000 + i}`,
      phone: `555000${i}`,
    });
});

describe("who may call", () => {
  const calls = [
    ["listuser", listuser, {}],
    ["deleteuser", deleteuser, { deleteArr: [999999] }],
    ["getroles", getroles, {}],
    ["getstate", getstate, {}],
    ["getdepartment", getdepartment, {}],
  ] as const;

  it.each(calls)("%s: the administrator yes; manager and staff 403; signed out 401", async (name, handler, body) => {
    const admin = await call(handler, `/api/v1/${name}`, tokens.admin, body);
    expect([200, 404]).toContain(admin.status); // deleteuser of an unknown id is a 404, but allowed
    for (const role of ["manager", "staff"])
      expectErrorEnvelope(await call(handler, `/api/v1/${name}`, tokens[role], body), 403);
    expectErrorEnvelope(await call(handler, `/api/v1/${name}`, undefined, body), 401);
  });

  it("a staff member's browser session is refused as well", async () => {
    const { header } = await sessionFor(t.db(), "staff");
    expectErrorEnvelope(
      await callRoute(
        listuser,
        apiRequest("/api/v1/listuser", { method: "POST", body: {}, headers: { cookie: header } }),
      ),
      403,
    );
  });
});

describe("listuser", () => {
  it("answers content.row and content.totalRecords with the payload names, 25 a page, id descending", async () => {
    const res = await list({});
    expect(res.status).toBe(200);
    expect(res.json.content.totalRecords).toBe(33);
    expect(res.json.content.row).toHaveLength(25);
    const ids = res.json.content.row.map((r: { id: number }) => r.id);
    expect(ids).toEqual([...ids].sort((a: number, b: number) => b - a));
    expect(Object.keys(res.json.content.row[0]).sort()).toEqual(
      [
        "id",
        "first_name",
        "last_name",
        "name",
        "email",
        "username",
        "emp_id",
        "role_id",
        "role_name",
        "location_id",
        "location_name",
        "department_id",
        "department_name",
        "state_id",
        "state",
        "phone",
        "status",
      ].sort(),
    );
  });

  it("filters (contains, case-insensitive) and sorts", async () => {
    const res = await list({ filters: { name: "bob smith1" }, sort: { field: "name", type: "desc" }, perPage: 50 });
    const names = res.json.content.row.map((r: { name: string }) => r.name);
    expect(names).toEqual(["Bob Smith18", "Bob Smith16", "Bob Smith14", "Bob Smith12", "Bob Smith10"]);
    expect(res.json.content.totalRecords).toBe(5);
    const byRole = await list({ filters: { role_id: 1 } });
    expect(byRole.json.content.row.map((r: { username: string }) => r.username)).toEqual(["admin"]);
    const wildcard = await list({ filters: { name: "%" } });
    expect(wildcard.json.content.totalRecords).toBe(0);
  });

  it("pages: the second page holds the rest; a page past the end is empty but still counts", async () => {
    const p2 = await list({ page: 2 });
    expect(p2.json.content.row).toHaveLength(8);
    const p9 = await list({ page: 9 });
    expect(p9.json.content).toMatchObject({ row: [], totalRecords: 33 });
  });

  it.each([
    [{ sort: { field: "password_hash", type: "asc" } }, "sort"],
    [{ filters: { password_hash: "x" } }, "filters.password_hash"],
    [{ filters: { role: "1 or 1=1" } }, "filters.role"],
    [{ page: 0 }, "page"],
    [{ page: -1 }, "page"],
    [{ page: "abc" }, "page"],
    [{ perPage: 30 }, "perPage"],
    [{ perPage: 100000 }, "perPage"],
  ])("refuses %j with a 422 naming %s", async (body, field) => {
    const res = await list(body);
    expectErrorEnvelope(res, 422);
    expect(Object.keys(res.json.content)).toContain(field);
  });
});

describe("deleteuser", () => {
  it("refuses to delete oneself, alone or among others", async () => {
    const me = await userIdOf(t.db(), "admin");
    const other = await userIdOf(t.db(), "person1");
    const res = await call(deleteuser, "/api/v1/deleteuser", tokens.admin, { deleteArr: [other, me] });
    expectErrorEnvelope(res, 422);
    expect(res.json.message).toBe("You can't delete your own account.");
    const [row] = await t.db().select().from(schema.users).where(eq(schema.users.id, other));
    expect(row.deletedAt).toBeNull();
  });

  it("deactivates: sessions end, sign-in is refused, the row (and so authorship) stays, the list no longer shows them", async () => {
    const id = await addUser({ username: "leaver", firstName: "Lee", lastName: "Ver" });
    const signIn = await callRoute(
      login,
      apiRequest("/api/v1/login", { method: "POST", body: { username: "leaver", password: "demo1234" } }),
    );
    const token = signIn.json.content.api_token as string;
    expect((await callRoute(firstMenu, apiRequest("/api/v1/get_first_menu", { token }))).status).toBe(200);

    const res = await call(deleteuser, "/api/v1/deleteuser", tokens.admin, { deleteArr: [id] });
    expect(res.json).toMatchObject({
      code: 200,
      status: "success",
      message: "You successfully deleted the record(s).",
      content: { deleted: [id] },
    });

    expectErrorEnvelope(await callRoute(firstMenu, apiRequest("/api/v1/get_first_menu", { token })), 401);
    expectErrorEnvelope(
      await callRoute(
        login,
        apiRequest("/api/v1/login", { method: "POST", body: { username: "leaver", password: "demo1234" } }),
      ),
      401,
    );
    const [row] = await t.db().select().from(schema.users).where(eq(schema.users.id, id));
    expect(row).toMatchObject({ firstName: "Lee", lastName: "Ver", status: "disabled" });
    expect(row.deletedAt).not.toBeNull();
    expect((await list({ filters: { name: "Lee Ver" } })).json.content.totalRecords).toBe(0);
    const audit = await t.db().select().from(schema.auditLog).where(eq(schema.auditLog.entity, "user"));
    expect(audit.some((a) => a.entityId === String(id) && a.action === "delete")).toBe(true);
    // Deleting again: nothing left to delete.
    expectErrorEnvelope(await call(deleteuser, "/api/v1/deleteuser", tokens.admin, { deleteArr: [id] }), 404);
  });

  it("refuses an empty or malformed list", async () => {
    expectErrorEnvelope(await call(deleteuser, "/api/v1/deleteuser", tokens.admin, { deleteArr: [] }), 422);
    expectErrorEnvelope(await call(deleteuser, "/api/v1/deleteuser", tokens.admin, { deleteArr: ["x"] }), 422);
  });
});

describe("lookups", () => {
  it("getroles, getstate (search), getdepartment (of a location)", async () => {
    expect((await call(getroles, "/api/v1/getroles", tokens.admin)).json.content).toEqual([
      { value: 1, text: "Administrator" },
      { value: 2, text: "Calendar Manager" },
      { value: 3, text: "Staff" },
    ]);
    const states = (await call(getstate, "/api/v1/getstate", tokens.admin, { search: "nev" })).json.content;
    expect(states).toEqual([expect.objectContaining({ text: "Nevada", code: "NV" })]);
    const [loc] = await t.db().select().from(schema.locations).limit(1);
    const deps = (await call(getdepartment, "/api/v1/getdepartment", tokens.admin, { location: loc.id })).json.content;
    expect(deps).toEqual([{ value: 5, text: "Dealerships" }]);
  });
});

describe("export", () => {
  async function download(body: unknown, token = tokens.admin) {
    const res = await list({
      ...(body as object),
      export_users: (body as { export_users?: unknown }).export_users ?? true,
    });
    expect(res.json).toMatchObject({ code: 200, status: "success", message: "success export" });
    const web = res.json.content.web as string;
    const url = new URL(web);
    expect(url.pathname).toBe("/api/export/users");
    const out = await exportUsers(apiRequest(`${url.pathname}${url.search}`, { token }), {
      params: Promise.resolve({}),
    });
    return { res: out, url };
  }

  it("streams a CSV of the filtered rows in the list's order, formula injection neutralised", async () => {
    await addUser({ username: "evil1", firstName: '=HYPERLINK("http://x")', lastName: "", empId: "+1+1" });
    await addUser({ username: "evil2", firstName: "@SUM(A1)", lastName: "x", phone: "-2" });
    await addUser({ username: "evil3", firstName: "\tTab", lastName: "y", empId: "\rcr" });
    const { res } = await download({ filters: { email: "evil" }, sort: { field: "emp_id", type: "asc" } });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toContain("text/csv");
    expect(res.headers.get("content-disposition")).toMatch(/attachment; filename="users-\d{4}-\d{2}-\d{2}\.csv"/);
    const text = await res.text();
    const lines = text
      .replace(/^\uFEFF/, "")
      .trim()
      .split("\r\n");
    expect(lines[0]).toBe("Name,E-mail,Dayforce Id,Role,Location,Department,State,Phone,Status,Permissions");
    expect(lines).toHaveLength(4);
    expect(text).toContain(`"'=HYPERLINK(""http://x"")",evil1@example.com,'+1+1,Staff`);
    expect(text).toContain("'@SUM(A1) x,evil2@example.com,,Staff,,,,'-2");
    expect(text).toContain("'\tTab y,evil3@example.com,\"'\rcr\"");
    for (const line of lines.slice(1)) expect(line).not.toMatch(/(^|,)"?[=+\-@]/);
  });

  it("keeps a deactivated person in the list and the export, with their status; the Status filter finds them", async () => {
    const id = await addUser({ username: "dormant1", firstName: "Dora", lastName: "Mant" });
    await addUser({ username: "dormant2", firstName: "Dan", lastName: "Mant" });
    await t.db().update(schema.users).set({ status: "disabled" }).where(eq(schema.users.id, id));
    const listed = await list({ filters: { email: "dormant", status: 2 } });
    expect(listed.json.content.row.map((u: { username: string; status: string }) => [u.username, u.status])).toEqual([
      ["dormant1", "disabled"],
    ]);
    const { res } = await download({ filters: { email: "dormant" }, sort: { field: "status", type: "desc" } });
    const lines = (await res.text())
      .replace(/^\uFEFF/, "")
      .trim()
      .split("\r\n");
    expect(lines.slice(1)).toEqual([
      "Dora Mant,dormant1@example.com,,Staff,,,,,Deactivated,",
      "Dan Mant,dormant2@example.com,,Staff,,,,,Active,",
    ]);
  });

  it("exports a selection as XLSX", async () => {
    const a = await userIdOf(t.db(), "evil1");
    const b = await userIdOf(t.db(), "person2");
    const { res } = await download({ export_users: "xlsx", users_arr: [a, b] });
    expect(res.headers.get("content-type")).toBe("application/vnd.openxmlformats-officedocument.spreadsheetml.sheet");
    const files = unzip(Buffer.from(await res.arrayBuffer()));
    expect([...files.keys()].sort()).toEqual([
      "[Content_Types].xml",
      "_rels/.rels",
      "xl/_rels/workbook.xml.rels",
      "xl/styles.xml",
      "xl/workbook.xml",
      "xl/worksheets/sheet1.xml",
    ]);
    const sheet = files.get("xl/worksheets/sheet1.xml")!;
    expect(sheet.match(/<row /g)).toHaveLength(3);
    expect(sheet).toContain(
      '<t xml:space="preserve">&apos;=HYPERLINK(&quot;http://x&quot;)</t>'.replace("&apos;", "'"),
    );
    expect(sheet).toContain("Bob Smith02");
    expect(sheet).not.toContain("<f>");
  });

  it("exports every row past one batch, none twice", async () => {
    for (let i = 0; i < 1100; i += 100) {
      await t
        .db()
        .insert(schema.users)
        .values(
          Array.from({ length: 100 }, (_, j) => ({
            username: `bulk${i + j}`,
            firstName: "Bulk",
            lastName: `N${i + j}`,
            roleId: 3,
          })),
        );
    }
    const { res } = await download({ filters: { name: "bulk" }, sort: { field: "name", type: "asc" } });
    const lines = (await res.text()).trim().split("\r\n").slice(1);
    expect(lines).toHaveLength(1100);
    expect(new Set(lines).size).toBe(1100);
  });

  it("the link is for the administrator who asked, and only while it is valid", async () => {
    const { url } = await download({});
    const other = await addUser({ username: "admin2", firstName: "Other", lastName: "Admin", roleId: 1 });
    const otherToken = await tokenFor(t.db(), "admin2");
    expect(other).toBeGreaterThan(0);
    const asOther = await callRoute(exportUsers, apiRequest(`${url.pathname}${url.search}`, { token: otherToken }));
    expectErrorEnvelope(asOther, 403);
    const asStaff = await callRoute(exportUsers, apiRequest(`${url.pathname}${url.search}`, { token: tokens.staff }));
    expectErrorEnvelope(asStaff, 403);
    const tampered = `${url.pathname}${url.search.replace(/p=[^&]+/, "p=e30")}`;
    expectErrorEnvelope(await callRoute(exportUsers, apiRequest(tampered, { token: tokens.admin })), 403);
  });
});

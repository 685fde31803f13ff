/**
 * Import users from a CSV with the user export's columns (docs/features/users.md): the preview says row
 * by row what will be created, changed and refused (and why) and writes nothing; commit writes the same
 * in one transaction and invites the new people; 5,000 rows in one go; administrators only.
 */
import { beforeAll, describe, expect, it, vi } from "vitest";
import { eq, sql } from "drizzle-orm";

vi.mock("next/headers", () => import("@/test/mock-next-headers"));

import { apiRequest, callRoute, setupTestDatabase, tokenFor } from "@/test/db";
import { expectErrorEnvelope, userIdOf } from "@/test/auth";
import { setupTempStorage, uploadRequest } from "@/test/files/helpers";
import { schema } from "@/lib/db";
import { resolveToken } from "@/lib/auth/session";
import { storeDocument } from "@/lib/files/api";
import { PEOPLE_MESSAGES as M } from "@/lib/users/schemas";
import { USER_EXPORT_COLUMNS } from "@/lib/users/columns";
import { POST as importusers } from "@/app/api/v1/importusers/route";
import { POST as listuser } from "@/app/api/v1/listuser/route";
import { GET as exportUsers } from "@/app/api/export/users/route";
import { parseCsv } from "@/test/export-files";
import type { ImportResult } from "@/lib/users/import";

const t = setupTestDatabase();
setupTempStorage();
const tokens: Record<string, string> = {};
const HEADER = USER_EXPORT_COLUMNS.map((c) => c.header).join(",");

async function upload(csv: string, token = tokens.admin): Promise<string> {
  const res = await callRoute(
    storeDocument,
    uploadRequest("/api/v1/store_document?kind=document", {
      token,
      parts: [{ name: "users.csv", type: "text/csv", data: Buffer.from(csv) }],
    }),
  );
  expect(res.status, JSON.stringify(res.json)).toBe(200);
  return res.json.content as string;
}
const call = (body: unknown, token = tokens.admin) =>
  callRoute(importusers, apiRequest("/api/v1/importusers", { method: "POST", token, body }));
const userCount = async () =>
  (
    await t
      .db()
      .select({ n: sql<number>`count(*)::int` })
      .from(schema.users)
  )[0].n;

beforeAll(async () => {
  for (const name of ["admin", "manager", "staff"]) tokens[name] = await tokenFor(t.db(), name);
});

describe("importusers", () => {
  it("refuses staff and calendar managers (403) and the signed-out (401)", async () => {
    const file = await upload(`${HEADER}\nAna Alba,ana@example.com,,Staff,,,,\n`);
    expectErrorEnvelope(await call({ file, commit: true }, tokens.staff), 403);
    expectErrorEnvelope(await call({ file, commit: true }, tokens.manager), 403);
    expectErrorEnvelope(await call({ file, commit: true }, ""), 401);
    expect(await t.db().select().from(schema.users).where(eq(schema.users.email, "ana@example.com"))).toHaveLength(0);
  });

  it("previews row by row (create, change, unchanged, refuse with why) and writes nothing; commit writes the rest", async () => {
    const staffId = await userIdOf(t.db(), "staff");
    const staffSession = (await tokenFor(t.db(), "staff")) as string;
    const csv = [
      HEADER,
      "Ana Alba,ana@example.com,E-1,Staff,Downtown Motors,Dealerships,California,555-123-4567",
      // The seeded staff member: made a calendar manager at another location.
      "Sam Staff,STAFF@example.com,,Calendar Manager,Valley Trucks,Dealerships,,",
      // The seeded calendar manager as stored: nothing changes.
      "Morgan Manager,manager@example.com,,Calendar Manager,,,,",
      "Bo Bad,bo@example.com,,Pilot,Nowhere,,,12ab",
      "Cy NoRole,cy@example.com,,,,,,",
      "Alex Admin,admin@example.com,,Staff,,,,",
      "Ana Again,ana@example.com,,Staff,,,,",
      "",
    ].join("\r\n");
    const [manager] = await t
      .db()
      .update(schema.users)
      .set({ empId: null, locationId: null, departmentId: null, stateId: null, phone: null })
      .where(eq(schema.users.username, "manager"))
      .returning();
    const managerLine = `${manager.firstName} ${manager.lastName},manager@example.com,,Calendar Manager,,,,`;
    const file = await upload(csv.replace("Morgan Manager,manager@example.com,,Calendar Manager,,,,", managerLine));
    const before = await userCount();
    const outboxBefore = (
      await t
        .db()
        .select({ n: sql<number>`count(*)::int` })
        .from(schema.mailOutbox)
    )[0].n;

    const preview = await call({ file });
    expect(preview.status, JSON.stringify(preview.json)).toBe(200);
    const p = preview.json.content as ImportResult;
    expect(p.committed).toBe(false);
    expect(p.rows.map((r) => [r.line, r.action])).toEqual([
      [2, "create"],
      [3, "change"],
      [4, "unchanged"],
      [5, "refuse"],
      [6, "refuse"],
      [7, "refuse"],
      [8, "refuse"],
    ]);
    expect(p.counts).toEqual({ create: 1, change: 1, unchanged: 1, refuse: 4 });
    expect(p.rows[1].changes).toEqual(
      expect.arrayContaining([
        { field: "Role", from: "Staff", to: "Calendar Manager" },
        { field: "Location", from: expect.any(String), to: "Valley Trucks" },
      ]),
    );
    expect(p.rows[3].errors).toEqual(
      expect.arrayContaining([
        M.importUnknownName("role", "Pilot"),
        M.importUnknownName("location", "Nowhere"),
        M.phoneNumeric,
      ]),
    );
    expect(p.rows[3].errors).not.toContain(M.roleRequired);
    expect(p.rows[4].errors).toEqual([M.roleRequired]);
    expect(p.rows[5].errors).toEqual([M.importOwnRecord]);
    expect(p.rows[6].errors).toEqual([M.importDuplicate]);
    expect(await userCount()).toBe(before);
    const [stillStaff] = await t.db().select().from(schema.users).where(eq(schema.users.id, staffId));
    expect(stillStaff.roleId).toBe(3);

    const done = await call({ file, commit: true });
    expect(done.status, JSON.stringify(done.json)).toBe(200);
    const d = done.json.content as ImportResult;
    expect(d.committed).toBe(true);
    expect(d.counts).toEqual(p.counts);
    expect(await userCount()).toBe(before + 1);
    const [ana] = await t.db().select().from(schema.users).where(eq(schema.users.email, "ana@example.com"));
    expect(ana).toMatchObject({
      firstName: "Ana",
      lastName: "Alba",
      empId: "E-1",
      roleId: 3,
      departmentId: 5,
      phone: "5551234567",
      passwordHash: null,
    });
    const [changed] = await t.db().select().from(schema.users).where(eq(schema.users.id, staffId));
    expect(changed.roleId).toBe(2);
    // A new role ends their sessions, as on Edit User.
    expect(await resolveToken(staffSession)).toBeNull();
    // The new person is invited through the outbox.
    const mails = await t
      .db()
      .select()
      .from(schema.mailOutbox)
      .where(sql`'ana@example.com' = any(${schema.mailOutbox.toAddresses})`);
    expect(mails).toHaveLength(1);
    expect(mails[0].body).toMatch(/\/set-password\/[A-Za-z0-9]+/);
    const outboxAfter = (
      await t
        .db()
        .select({ n: sql<number>`count(*)::int` })
        .from(schema.mailOutbox)
    )[0].n;
    expect(outboxAfter).toBe(outboxBefore + 1);
    // The upload is used up: no second commit, no file left behind.
    expectErrorEnvelope(await call({ file, commit: true }), 422);
    const [audit] = await t.db().select().from(schema.auditLog).where(eq(schema.auditLog.action, "user.import"));
    expect(audit.after).toMatchObject({ created: [ana.id], changed: [staffId], refused: 4 });
  });

  it("refuses a file without the export's headers, an empty one, and another user's upload", async () => {
    const noHeader = await call({ file: await upload("who,mail\nA B,a@example.com\n") });
    expectErrorEnvelope(noHeader, 422);
    expect(noHeader.json.message).toBe(M.importHeaders);
    const empty = await call({ file: await upload(`${HEADER}\n\n`) });
    expect(empty.json.message).toBe(M.importEmpty);
    // Another administrator's upload is not this one's to import.
    await t.db().insert(schema.users).values({ username: "admin2", email: "admin2@example.com", roleId: 1 });
    const otherFile = await upload(`${HEADER}\nA B,ab@example.com,,Staff,,,,\n`, await tokenFor(t.db(), "admin2"));
    const other = await call({ file: otherFile });
    expectErrorEnvelope(other, 422);
    expect(other.json.message).toBe("File not found.");
    expectErrorEnvelope(await call({}), 422);
  });

  it("round-trips the export: status and permissions edited in it are previewed as changes and imported", async () => {
    const db = t.db();
    const [perm] = await db
      .select()
      .from(schema.permissions)
      .where(eq(schema.permissions.name, "access_form_email_manager"));
    const made = await db
      .insert(schema.users)
      .values([
        { username: "rt-ann", email: "rt-ann@example.com", firstName: "Ann", lastName: "Round", roleId: 3 },
        { username: "rt-ben", email: "rt-ben@example.com", firstName: "Ben", lastName: "Round", roleId: 3 },
      ])
      .returning();
    const [ann, ben] = made;
    await db.insert(schema.userPermissions).values({ userId: ben.id, permissionId: perm.id });
    const benSession = await tokenFor(db, "rt-ben");

    const exportCsv = async () => {
      const res = await callRoute(
        listuser,
        apiRequest("/api/v1/listuser", {
          method: "POST",
          token: tokens.admin,
          body: { filters: { email: "rt-" }, sort: { field: "email", type: "asc" }, export_users: true },
        }),
      );
      const url = new URL(res.json.content.web as string);
      const out = await exportUsers(apiRequest(`${url.pathname}${url.search}`, { token: tokens.admin }), {
        params: Promise.resolve({}),
      });
      return parseCsv(await out.text()).filter((r) => r.some(Boolean));
    };
    const [header, ...rows] = await exportCsv();
    expect(header).toEqual(USER_EXPORT_COLUMNS.map((c) => c.header));
    const col = (name: string) => header.indexOf(name);
    expect(rows.map((r) => [r[col("E-mail")], r[col("Status")], r[col("Permissions")]])).toEqual([
      ["rt-ann@example.com", "Active", ""],
      ["rt-ben@example.com", "Active", "Access Form Email Manager"],
    ]);
    const toCsv = (all: string[][]) =>
      all.map((r) => r.map((c) => `"${c.replace(/"/g, '""')}"`).join(",")).join("\r\n");

    // The export as it is imports as unchanged.
    const same = (await call({ file: await upload(toCsv([header, ...rows])) })).json.content as ImportResult;
    expect(same.counts).toEqual({ create: 0, change: 0, unchanged: 2, refuse: 0 });

    // Edited: Ann gets two permissions (by label and by name), Ben is deactivated and loses his.
    const edited = rows.map((r) => [...r]);
    edited[0][col("Permissions")] = "Allow Environmental Data; access_social_media_calendar";
    edited[1][col("Status")] = "Deactivated";
    edited[1][col("Permissions")] = "";
    const bad = [...rows[0]];
    bad[col("E-mail")] = "rt-cid@example.com";
    bad[col("Status")] = "Sleeping";
    bad[col("Permissions")] = "Fly Planes";
    const file = await upload(toCsv([header, ...edited, bad]));
    const preview = (await call({ file })).json.content as ImportResult;
    expect(preview.rows.map((r) => [r.email, r.action])).toEqual([
      ["rt-ann@example.com", "change"],
      ["rt-ben@example.com", "change"],
      ["rt-cid@example.com", "refuse"],
    ]);
    expect(preview.rows[0].changes).toEqual([
      { field: "Permissions", from: "", to: "Access Social Media Calendar; Allow Environmental Data" },
    ]);
    expect(preview.rows[1].changes).toEqual([
      { field: "Status", from: "Active", to: "Deactivated" },
      { field: "Permissions", from: "Access Form Email Manager", to: "" },
    ]);
    expect(preview.rows[2].errors).toEqual([
      M.importUnknownName("status", "Sleeping"),
      M.importUnknownName("permission", "Fly Planes"),
    ]);
    // The preview wrote nothing.
    const [benBefore] = await db.select().from(schema.users).where(eq(schema.users.id, ben.id));
    expect(benBefore.status).toBe("active");

    const done = (await call({ file, commit: true })).json.content as ImportResult;
    expect(done.counts).toEqual({ create: 0, change: 2, unchanged: 0, refuse: 1 });
    const permsOf = async (id: number) =>
      (
        await db
          .select({ name: schema.permissions.name })
          .from(schema.userPermissions)
          .innerJoin(schema.permissions, eq(schema.permissions.id, schema.userPermissions.permissionId))
          .where(eq(schema.userPermissions.userId, id))
      )
        .map((p) => p.name)
        .sort();
    expect(await permsOf(ann.id)).toEqual(["access_social_media_calendar", "allow_environmental_data"]);
    expect(await permsOf(ben.id)).toEqual([]);
    const [benAfter] = await db.select().from(schema.users).where(eq(schema.users.id, ben.id));
    expect(benAfter.status).toBe("disabled");
    // Deactivated as by the button: his session ended, and it is audited.
    expect(await resolveToken(benSession)).toBeNull();
    const audits = await db
      .select()
      .from(schema.auditLog)
      .where(eq(schema.auditLog.entityId, String(ben.id)));
    expect(audits.map((a) => a.action)).toContain("user.deactivate");

    // The next export carries the new values; importing it changes nothing.
    const [, ...again] = await exportCsv();
    expect(again.map((r) => [r[col("Status")], r[col("Permissions")]])).toEqual([
      ["Active", "Access Social Media Calendar; Allow Environmental Data"],
      ["Deactivated", ""],
    ]);
    const stable = (await call({ file: await upload(toCsv([header, ...again])) })).json.content as ImportResult;
    expect(stable.counts).toEqual({ create: 0, change: 0, unchanged: 2, refuse: 0 });
  });

  it("creates a person imported as Deactivated without mailing a link, with the permissions the row names", async () => {
    const row = `Dee Dormant,dee@example.com,,Staff,,,,,Deactivated,Allow Environmental Data`;
    const done = await call({ file: await upload(`${HEADER}\n${row}\n`), commit: true });
    expect((done.json.content as ImportResult).counts.create).toBe(1);
    const [dee] = await t.db().select().from(schema.users).where(eq(schema.users.email, "dee@example.com"));
    expect(dee.status).toBe("disabled");
    const perms = await t.db().select().from(schema.userPermissions).where(eq(schema.userPermissions.userId, dee.id));
    expect(perms).toHaveLength(1);
    const links = await t.db().select().from(schema.passwordLinks).where(eq(schema.passwordLinks.userId, dee.id));
    expect(links).toHaveLength(0);
  });

  it("refuses more than 5,000 rows", async () => {
    const rows = Array.from({ length: 5001 }, (_, i) => `P ${i},over${i}@example.com,,Staff,,,,`);
    const res = await call({ file: await upload([HEADER, ...rows].join("\n")) });
    expectErrorEnvelope(res, 422);
    expect(res.json.message).toBe(M.importTooMany);
  });

  it("imports 5,000 rows in one go (preview and commit), in one transaction", async () => {
    const rows = Array.from(
      { length: 5000 },
      (_, i) => `Person ${i},bulk${i}@example.com,B-${i},Staff,Coastal Auto Group,Dealerships,Oregon,`,
    );
    const file = await upload([HEADER, ...rows].join("\n"));
    const before = await userCount();
    let started = Date.now();
    const preview = await call({ file });
    const previewMs = Date.now() - started;
    expect(preview.status, JSON.stringify(preview.json).slice(0, 500)).toBe(200);
    expect((preview.json.content as ImportResult).counts.create).toBe(5000);
    started = Date.now();
    const done = await call({ file, commit: true });
    const commitMs = Date.now() - started;
    expect(done.status, JSON.stringify(done.json).slice(0, 500)).toBe(200);
    expect(await userCount()).toBe(before + 5000);
    const links = await t
      .db()
      .select({ n: sql<number>`count(*)::int` })
      .from(schema.passwordLinks)
      .innerJoin(schema.users, eq(schema.users.id, schema.passwordLinks.userId))
      .where(sql`${schema.users.email} like 'bulk%@example.com'`);
    expect(links[0].n).toBe(5000);
    console.log(`import of 5,000 rows: preview ${previewMs} ms, commit ${commitMs} ms`);
    // Re-importing the same file changes nothing.
    const again = await call({ file: await upload([HEADER, ...rows].join("\n")) });
    expect((again.json.content as ImportResult).counts).toMatchObject({ unchanged: 5000, create: 0, change: 0 });
  }, 120_000);
});

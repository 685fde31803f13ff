/**
 * The user list's delete as a server action (docs/decisions.md): manager and staff are refused and nothing is
 * written; the administrator deactivates like v1 deleteuser (test/users/users-api.test.ts), never oneself. Its
 * Deactivate / Reactivate of the selection beside Delete, and the list's Status column and filter.
 */
import { beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { eq, inArray } from "drizzle-orm";
import { schema } from "@/lib/db";
import type { SessionUser } from "@/lib/auth/session";
import { setupTestDatabase } from "@/test/db";
import { actors } from "@/test/content/helpers";
import { issueToken, resolveToken } from "@/lib/auth/session";

const signedIn = vi.hoisted(() => ({ user: null as SessionUser | null }));
vi.mock("next/headers", () => import("@/test/mock-next-headers"));
vi.mock("@/lib/auth/guards", async (importOriginal) => {
  const mod = await importOriginal<typeof import("@/lib/auth/guards")>();
  return { ...mod, getCurrentUser: async () => signedIn.user };
});

const { deleteUsersAction, setUsersActiveAction } = await import("@/lib/users/actions");
const { userList } = await import("@/lib/users/queries");

const t = setupTestDatabase();
let who: Awaited<ReturnType<typeof actors>>;

beforeAll(async () => {
  who = await actors(t.db());
});
beforeEach(() => {
  signedIn.user = who.admin.user;
});

async function addUser(username: string) {
  const [row] = await t
    .db()
    .insert(schema.users)
    .values({ roleId: 3, username, firstName: "Lee", lastName: "Ver", email: `${username}@example.com` })
    .returning({ id: schema.users.id });
  return row.id;
}
const deletedAt = async (ids: number[]) =>
  (await t.db().select().from(schema.users).where(inArray(schema.users.id, ids))).map((r) => r.deletedAt);

describe("deleteUsersAction", () => {
  it("is refused to manager and staff: nothing is deleted", async () => {
    const id = await addUser("keeper");
    for (const role of ["manager", "staff"] as const) {
      signedIn.user = who[role].user;
      expect(await deleteUsersAction({ deleteArr: [id] }), role).toMatchObject({ ok: false, status: 403 });
    }
    expect(await deletedAt([id])).toEqual([null]);
  });

  it("the administrator deactivates the selected users, audited, with the v1 message", async () => {
    const a = await addUser("leaver1");
    const b = await addUser("leaver2");
    expect(await deleteUsersAction({ deleteArr: [a, b] })).toEqual({
      ok: true,
      data: { deleted: [a, b] },
      message: "You successfully deleted the record(s).",
    });
    const rows = await t
      .db()
      .select()
      .from(schema.users)
      .where(inArray(schema.users.id, [a, b]));
    for (const row of rows) expect(row).toMatchObject({ status: "disabled", deletedAt: expect.any(Date) });
    const audit = await t.db().select().from(schema.auditLog).where(eq(schema.auditLog.entity, "user"));
    expect(audit.filter((x) => x.action === "delete").map((x) => x.entityId)).toEqual(
      expect.arrayContaining([String(a), String(b)]),
    );
  });

  it("refuses oneself (alone or among others) and an empty selection; nothing is deleted", async () => {
    const other = await addUser("stayer");
    expect(await deleteUsersAction({ deleteArr: [other, who.admin.user.id] })).toMatchObject({
      ok: false,
      status: 422,
      message: "You can't delete your own account.",
    });
    expect(await deleteUsersAction({ deleteArr: [] })).toMatchObject({ ok: false, status: 422 });
    expect(await deletedAt([other, who.admin.user.id])).toEqual([null, null]);
  });
});

const statusOf = async (ids: number[]) =>
  (await t.db().select().from(schema.users).where(inArray(schema.users.id, ids)).orderBy(schema.users.id)).map(
    (r) => r.status,
  );

describe("setUsersActiveAction", () => {
  it("is refused to manager and staff: nobody is deactivated", async () => {
    const id = await addUser("active1");
    for (const role of ["manager", "staff"] as const) {
      signedIn.user = who[role].user;
      expect(await setUsersActiveAction({ ids: [id], active: false }), role).toMatchObject({ ok: false, status: 403 });
    }
    expect(await statusOf([id])).toEqual(["active"]);
  });

  it("deactivates and reactivates the selection, audited; the list shows and filters the status", async () => {
    const a = await addUser("sel1");
    const b = await addUser("sel2");
    const session = (await issueToken({ userId: a, kind: "api" })).token;
    expect(await setUsersActiveAction({ ids: [a, b], active: false })).toEqual({
      ok: true,
      data: { changed: [a, b] },
      message: "2 accounts were deactivated.",
    });
    expect(await statusOf([a, b])).toEqual(["disabled", "disabled"]);
    expect(await resolveToken(session)).toBeNull();
    // Already deactivated: nothing changes, and it says so.
    expect(await setUsersActiveAction({ ids: [a], active: false })).toMatchObject({
      ok: true,
      data: { changed: [] },
      message: "The selected accounts are already deactivated.",
    });

    // Kept in the list with their status; the Status filter (2: Deactivated) finds them.
    const state = { page: 1, size: 25 as const, sort: { id: "id", desc: false }, filters: { email: "sel" } };
    const listed = await userList.list(state, who.admin.user);
    expect(listed.rows.map((r) => [r.username, r.status])).toEqual([
      ["sel1", "disabled"],
      ["sel2", "disabled"],
    ]);
    const active = await userList.list({ ...state, filters: { email: "sel", status: "1" } }, who.admin.user);
    expect(active.total).toBe(0);

    expect(await setUsersActiveAction({ ids: [b], active: true })).toMatchObject({
      ok: true,
      message: "1 account was reactivated.",
    });
    expect(await statusOf([a, b])).toEqual(["disabled", "active"]);
    const disabled = await userList.list({ ...state, filters: { email: "sel", status: "2" } }, who.admin.user);
    expect(disabled.rows.map((r) => r.username)).toEqual(["sel1"]);
    const audits = await t
      .db()
      .select()
      .from(schema.auditLog)
      .where(inArray(schema.auditLog.entityId, [String(b)]));
    expect(audits.map((x) => x.action)).toEqual(["user.deactivate", "user.reactivate"]);
  });

  it("refuses deactivating oneself (alone or among others) and an empty selection; nobody is deactivated", async () => {
    const other = await addUser("selfish");
    expect(await setUsersActiveAction({ ids: [other, who.admin.user.id], active: false })).toMatchObject({
      ok: false,
      status: 422,
      message: "You can't deactivate your own account.",
    });
    expect(await setUsersActiveAction({ ids: [], active: false })).toMatchObject({ ok: false, status: 422 });
    expect(await statusOf([other])).toEqual(["active"]);
  });
});

/**
 * The user list's delete as a server action (docs/decisions.md): manager and staff are refused and nothing is
 * written; the administrator deactivates like v1 deleteuser (test/users/users-api.test.ts), never oneself.
 */
import { beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { eq, inArray } from "drizzle-orm";
import { schema } from "@/lib/db";
import type { SessionUser } from "@/lib/auth/session";
import { setupTestDatabase } from "@/test/db";
import { actors } from "@/test/content/helpers";

const signedIn = vi.hoisted(() => ({ user: null as SessionUser | null }));
vi.mock("next/headers", () => import("@/test/mock-next-headers"));
vi.mock("@/lib/auth/guards", async (importOriginal) => {
  const mod = await importOriginal<typeof import("@/lib/auth/guards")>();
  return { ...mod, getCurrentUser: async () => signedIn.user };
});

const { deleteUsersAction } = await import("@/lib/users/actions");

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

/**
 * People (docs/features/users.md): a person's location (and department, role, permissions) is not
 * theirs to change, and an update changes only the fields its body names. Through the v1 call
 * (changeprofile, own and another user's) and the screens' actions (Edit Profile, Edit User), against
 * the real database.
 */
import { beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { and, eq } from "drizzle-orm";
import type { SessionUser } from "@/lib/auth/session";
import { schema } from "@/lib/db";
import { callRoute, apiRequest, setupTestDatabase, lockWaiters } from "@/test/db";
import { expectErrorEnvelope } from "@/test/auth";
import { actors } from "@/test/content/helpers";
import { PEOPLE_MESSAGES as M } from "@/lib/users/schemas";

const signedIn = vi.hoisted(() => ({ user: null as SessionUser | null }));
vi.mock("next/headers", () => import("@/test/mock-next-headers"));
vi.mock("@/lib/auth/guards", async (importOriginal) => {
  const mod = await importOriginal<typeof import("@/lib/auth/guards")>();
  return { ...mod, getCurrentUser: async () => signedIn.user };
});

const { POST: changeprofile } = await import("@/app/api/v1/changeprofile/route");
const { updateProfileAction, updateUserAction } = await import("@/lib/users/actions");

const t = setupTestDatabase();
let who: Awaited<ReturnType<typeof actors>>;
let locations: { id: number; departmentId: number | null }[];

const { users, userPermissions, auditLog } = schema;
const rowOf = async (id: number) => (await t.db().select().from(users).where(eq(users.id, id)))[0];
const permissionsOf = async (id: number) =>
  (await t.db().select().from(userPermissions).where(eq(userPermissions.userId, id))).map((r) => r.permissionId);
const changeProfile = (token: string, body: unknown) =>
  callRoute(changeprofile, apiRequest("/api/v1/changeprofile", { method: "POST", token, body }));

/** A full profile and assignment for `id`, so that a field that is cleared by mistake shows. */
async function fill(id: number) {
  await t
    .db()
    .update(users)
    .set({
      locationId: locations[0].id,
      departmentId: locations[0].departmentId,
      stateId: 1,
      phone: "5551234567",
      post: "Service Advisor",
      teamDesignation: "Service",
      description: "Front desk.",
      bio: "Twenty years with trucks.",
      quote: "Measure twice.",
      quoteName: "A carpenter",
    })
    .where(eq(users.id, id));
}

beforeAll(async () => {
  who = await actors(t.db());
  locations = await t
    .db()
    .select({ id: schema.locations.id, departmentId: schema.locations.departmentId })
    .from(schema.locations)
    .orderBy(schema.locations.id)
    .limit(2);
  expect(locations).toHaveLength(2);
});
beforeEach(async () => {
  await fill(who.staff.user.id);
  signedIn.user = who.staff.user;
});

describe("a person's location is not theirs to change (changeprofile, own)", () => {
  it.each([
    ["location_id", { location_id: "second" }, "location"],
    ["site", { site: "second" }, "location"],
    ["department", { department: 77 }, "department"],
    ["role_id", { role_id: 1 }, "role"],
    ["permission_id", { permission_id: [1] }, "permissions"],
    ["state", { state: 2 }, "state"],
  ])("a body naming another %s is refused with a 422 naming it, and nothing changes", async (field, body, label) => {
    const sent = Object.fromEntries(
      Object.entries(body).map(([k, v]) => [k, v === "second" ? locations[1].id : v]),
    ) as Record<string, unknown>;
    const before = await rowOf(who.staff.user.id);
    const res = await changeProfile(who.staff.token, { ...sent, bio: "Moved myself." });
    expectErrorEnvelope(res, 422);
    expect(res.json.message).toBe(M.keptByAdministrator(label));
    expect(res.json.content).toHaveProperty(field === "site" ? "location_id" : field);
    expect(await rowOf(who.staff.user.id)).toEqual(before);
    expect(await permissionsOf(who.staff.user.id)).toEqual([]);
  });

  it("own-profile `state` is an administrator's (another value or null: 422 naming it; the stored one sent back: accepted)", async () => {
    for (const state of [2, "2", null]) {
      const res = await changeProfile(who.staff.token, { state, bio: "Moved state." });
      expectErrorEnvelope(res, 422);
      expect(res.json.message).toBe(M.keptByAdministrator("state"));
      expect(res.json.content).toHaveProperty("state");
    }
    expect(await rowOf(who.staff.user.id)).toMatchObject({ stateId: 1, bio: "Twenty years with trucks." });
    const res = await changeProfile(who.staff.token, { state: "1", bio: "Still here." });
    expect(res.status).toBe(200);
    expect(await rowOf(who.staff.user.id)).toMatchObject({ stateId: 1, bio: "Still here." });
  });

  it("the account's status (active/disabled) is not a field of the own-profile body at all", async () => {
    const res = await changeProfile(who.staff.token, { status: "disabled", bio: "Off." });
    expect(res.status).toBe(200);
    expect(await rowOf(who.staff.user.id)).toMatchObject({ status: "active", bio: "Off." });
  });

  it("a staff user cannot clear their location either (null is another value)", async () => {
    const res = await changeProfile(who.staff.token, { location_id: null });
    expectErrorEnvelope(res, 422);
    expect((await rowOf(who.staff.user.id)).locationId).toBe(locations[0].id);
  });

  it("the old client's body with the stored values sent back is accepted, and the other fields are saved", async () => {
    const res = await changeProfile(who.staff.token, {
      location_id: locations[0].id,
      site: String(locations[0].id),
      department: locations[0].departmentId,
      role_id: "3",
      permission_id: [],
      bio: "Sent back unchanged.",
    });
    expect(res.status).toBe(200);
    expect(await rowOf(who.staff.user.id)).toMatchObject({ locationId: locations[0].id, bio: "Sent back unchanged." });
  });

  it("the profile action has no location: one sent along is dropped, never stored", async () => {
    const res = await updateProfileAction({ bio: "From the form.", locationId: locations[1].id } as never);
    expect(res).toMatchObject({ ok: true });
    expect(await rowOf(who.staff.user.id)).toMatchObject({ locationId: locations[0].id, bio: "From the form." });
  });

  it("an administrator's change of a user's location is audited with before and after", async () => {
    const res = await changeProfile(who.admin.token, {
      id: who.staff.user.id,
      location_id: locations[1].id,
      department: locations[1].departmentId,
    });
    expect(res.status).toBe(200);
    expect((await rowOf(who.staff.user.id)).locationId).toBe(locations[1].id);
    const [audit] = await t
      .db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "user.update"), eq(auditLog.entityId, String(who.staff.user.id))))
      .orderBy(auditLog.id);
    expect(audit.actorId).toBe(who.admin.user.id);
    expect(audit.before).toMatchObject({ locationId: locations[0].id });
    expect(audit.after).toMatchObject({ locationId: locations[1].id });
  });
});

describe("a field left out is a field kept (people)", () => {
  const kept = {
    post: "Service Advisor",
    teamDesignation: "Service",
    description: "Front desk.",
    bio: "Twenty years with trucks.",
    quote: "Measure twice.",
    quoteName: "A carpenter",
    stateId: 1,
    phone: "5551234567",
    roleId: 3,
  };

  it('changeprofile {"bio":"x"} changes the bio only: location, post, team, quote, description stay', async () => {
    const res = await changeProfile(who.staff.token, { bio: "x" });
    expect(res.status).toBe(200);
    expect(await rowOf(who.staff.user.id)).toMatchObject({ ...kept, bio: "x", locationId: locations[0].id });
  });

  it("changeprofile with a field set to null clears that field only", async () => {
    expect((await changeProfile(who.staff.token, { quote: null })).status).toBe(200);
    expect(await rowOf(who.staff.user.id)).toMatchObject({ ...kept, quote: null, locationId: locations[0].id });
  });

  it("the profile action with one field changes that field only", async () => {
    expect(await updateProfileAction({ post: "Shop Foreman" })).toMatchObject({ ok: true });
    expect(await rowOf(who.staff.user.id)).toMatchObject({
      ...kept,
      post: "Shop Foreman",
      locationId: locations[0].id,
    });
  });

  it("changeprofile with another user's id and one field (phone) keeps role, state, location, department, permissions", async () => {
    await t.db().insert(userPermissions).values({ userId: who.staff.user.id, permissionId: 1 });
    try {
      const res = await changeProfile(who.admin.token, { id: who.staff.user.id, phone: "5559876543" });
      expect(res.status).toBe(200);
      expect(await rowOf(who.staff.user.id)).toMatchObject({
        ...kept,
        phone: "5559876543",
        locationId: locations[0].id,
        departmentId: locations[0].departmentId,
      });
      expect(await permissionsOf(who.staff.user.id)).toEqual([1]);
    } finally {
      await t.db().delete(userPermissions).where(eq(userPermissions.userId, who.staff.user.id));
    }
  });

  it("the Edit User action with one field (state) keeps role, location, department, phone, permissions", async () => {
    signedIn.user = who.admin.user;
    await t.db().insert(userPermissions).values({ userId: who.staff.user.id, permissionId: 1 });
    try {
      const [state] = await t.db().select().from(schema.states).where(eq(schema.states.id, 2));
      expect(await updateUserAction({ id: who.staff.user.id, stateId: state.id } as never)).toMatchObject({ ok: true });
      expect(await rowOf(who.staff.user.id)).toMatchObject({
        ...kept,
        stateId: 2,
        locationId: locations[0].id,
        departmentId: locations[0].departmentId,
      });
      expect(await permissionsOf(who.staff.user.id)).toEqual([1]);
    } finally {
      await t.db().delete(userPermissions).where(eq(userPermissions.userId, who.staff.user.id));
    }
  });
});

describe("changeprofile merges under the user's row lock (no lost update)", () => {
  it('{"bio"} and {"quote"} sent at once, queued behind a held lock on the user, both end stored', async () => {
    let saves: ReturnType<typeof changeProfile>[] = [];
    await t.db().transaction(async (tx) => {
      await tx.select({ id: users.id }).from(users).where(eq(users.id, who.staff.user.id)).for("update");
      saves = [
        changeProfile(who.staff.token, { bio: "Bio by A" }),
        changeProfile(who.staff.token, { quote: "Quote by B" }),
      ];
      await lockWaiters(t.db(), 2);
    });
    for (const res of await Promise.all(saves)) expect(res.status).toBe(200);
    expect(await rowOf(who.staff.user.id)).toMatchObject({ bio: "Bio by A", quote: "Quote by B" });
  });
});

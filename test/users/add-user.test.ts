/**
 * Administrators add people (docs/features/users.md): adduser makes a local account without a password
 * and mails a one-time link (72 h, used once, only its hash stored); Send password reset and 'Forgot
 * password?' mail the same link; Deactivate ends sessions and tokens and is reversible. Refusals per role.
 */
import { beforeAll, describe, expect, it, vi } from "vitest";
import { and, desc, eq, isNull, sql } from "drizzle-orm";

vi.mock("next/headers", () => import("@/test/mock-next-headers"));

import { apiRequest, callRoute, setupTestDatabase, tokenFor } from "@/test/db";
import { expectErrorEnvelope, sessionFor, userIdOf } from "@/test/auth";
import { schema } from "@/lib/db";
import { AppError } from "@/lib/errors";
import { hashToken } from "@/lib/auth/tokens";
import { resolveToken } from "@/lib/auth/session";
import { upsertSsoUser, verifyPasswordLogin, SsoLinkRequired } from "@/lib/auth/accounts";
import { LOGIN_ERRORS } from "@/lib/auth/login-params";
import { PEOPLE_MESSAGES as M } from "@/lib/users/schemas";
import {
  FORGOT_MIN_MS,
  PASSWORD_LINK_TTL_MS,
  passwordLinkState,
  redeemPasswordLink,
  requestPasswordReset,
  sendPasswordReset,
} from "@/lib/users/password-links";
import { setUserActive } from "@/lib/users/onboarding";
import { POST as adduser } from "@/app/api/v1/adduser/route";
import { POST as listuser } from "@/app/api/v1/listuser/route";

const t = setupTestDatabase();
const tokens: Record<string, string> = {};
let adminId: number;

const add = (body: unknown, token = tokens.admin) =>
  callRoute(adduser, apiRequest("/api/v1/adduser", { method: "POST", token, body }));

/** The secret in the newest mail to `to` (the outbox is where the mail is; the link carries the secret). */
async function linkMailedTo(to: string): Promise<string> {
  const [mail] = await t
    .db()
    .select()
    .from(schema.mailOutbox)
    .where(sql`${to} = any(${schema.mailOutbox.toAddresses})`)
    .orderBy(desc(schema.mailOutbox.id))
    .limit(1);
  const match = mail?.body.match(/\/set-password\/([A-Za-z0-9]+)/);
  if (!match) throw new Error(`no link mailed to ${to}`);
  return match[1];
}
const mailsTo = async (to: string) =>
  (
    await t
      .db()
      .select({ id: schema.mailOutbox.id })
      .from(schema.mailOutbox)
      .where(sql`${to} = any(${schema.mailOutbox.toAddresses})`)
  ).length;

const person = (over: Record<string, unknown> = {}) => ({
  firstName: "Dana",
  lastName: "Diaz",
  email: "Dana.Diaz@Example.com",
  empId: "D-100",
  roleId: 3,
  locationId: 1,
  departmentId: 5,
  permissionIds: [1],
  ...over,
});

beforeAll(async () => {
  for (const name of ["admin", "manager", "staff"]) tokens[name] = await tokenFor(t.db(), name);
  adminId = await userIdOf(t.db(), "admin");
});

describe("adduser", () => {
  it("refuses staff and calendar managers (403) and the signed-out (401), and writes nothing", async () => {
    expectErrorEnvelope(await add(person({ email: "nope1@example.com" }), tokens.staff), 403);
    expectErrorEnvelope(await add(person({ email: "nope1@example.com" }), tokens.manager), 403);
    expectErrorEnvelope(await add(person({ email: "nope1@example.com" }), ""), 401);
    const rows = await t.db().select().from(schema.users).where(eq(schema.users.email, "nope1@example.com"));
    expect(rows).toHaveLength(0);
  });

  it("creates a local account without a password and mails a link; only the link's hash is stored", async () => {
    const res = await add(person());
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    expect(res.json.message).toBe(M.userAdded);
    const id = res.json.content.id as number;
    const [u] = await t.db().select().from(schema.users).where(eq(schema.users.id, id));
    expect(u).toMatchObject({
      email: "dana.diaz@example.com",
      username: "dana.diaz@example.com",
      firstName: "Dana",
      lastName: "Diaz",
      empId: "D-100",
      roleId: 3,
      locationId: 1,
      departmentId: 5,
      passwordHash: null,
      oidcSubject: null,
      status: "active",
    });
    const perms = await t.db().select().from(schema.userPermissions).where(eq(schema.userPermissions.userId, id));
    expect(perms.map((p) => p.permissionId)).toEqual([1]);
    const secret = await linkMailedTo("dana.diaz@example.com");
    const links = await t.db().select().from(schema.passwordLinks).where(eq(schema.passwordLinks.userId, id));
    expect(links).toHaveLength(1);
    expect(links[0].tokenHash).toBe(hashToken(secret));
    expect(links[0].tokenHash).not.toContain(secret);
    expect(links[0].purpose).toBe("invite");
    const ttl = links[0].expiresAt.getTime() - links[0].createdAt.getTime();
    expect(Math.abs(ttl - PASSWORD_LINK_TTL_MS)).toBeLessThan(60_000);
    const [audit] = await t
      .db()
      .select()
      .from(schema.auditLog)
      .where(and(eq(schema.auditLog.action, "user.create"), eq(schema.auditLog.entityId, String(id))));
    expect(audit.actorId).toBe(adminId);
    // It is in the user list.
    const list = await callRoute(
      listuser,
      apiRequest("/api/v1/listuser", {
        method: "POST",
        token: tokens.admin,
        body: { filters: { email: "dana.diaz" } },
      }),
    );
    expect(JSON.stringify(list.json.content)).toContain("dana.diaz@example.com");
    // No password yet: signing in fails like a wrong password.
    await expect(verifyPasswordLogin({ username: "dana.diaz@example.com", password: "" })).rejects.toThrow(
      "Invalid username or password.",
    );
  });

  it("refuses a taken e-mail, an unknown role, a department not at the location, a bad e-mail (422 naming the field)", async () => {
    const cases: [Record<string, unknown>, string, string][] = [
      [{ email: "STAFF@example.com" }, "email", M.emailTaken],
      [{ email: "x1@example.com", roleId: 99 }, "roleId", M.roleUnknown],
      [{ email: "x2@example.com", roleId: "" }, "roleId", M.roleRequired],
      [{ email: "x3@example.com", locationId: 999 }, "locationId", M.locationUnknown],
      [{ email: "x4@example.com", permissionIds: [999] }, "permissionIds", M.permissionUnknown],
      [{ email: "not-an-address" }, "email", M.emailInvalid],
      [{ email: "x5@example.com", firstName: " " }, "firstName", M.firstNameRequired],
      [{ email: "x6@example.com", phone: "12ab" }, "phone", M.phoneNumeric],
    ];
    for (const [over, field, message] of cases) {
      const res = await add(person(over));
      expectErrorEnvelope(res, 422);
      expect(JSON.stringify(res.json), field).toContain(message);
    }
    const [{ n }] = await t
      .db()
      .select({ n: sql<number>`count(*)::int` })
      .from(schema.users)
      .where(sql`${schema.users.email} like 'x%@example.com'`);
    expect(n).toBe(0);
  });
});

describe("the link to set a password", () => {
  it("sets the password once; a second use says so; the person then signs in", async () => {
    const res = await add(person({ email: "erin@example.com", firstName: "Erin", empId: "" }));
    const secret = await linkMailedTo("erin@example.com");
    expect(await passwordLinkState(secret)).toMatchObject({ ok: true, email: "erin@example.com" });
    await redeemPasswordLink({ token: secret, password: "first-pass-1" });
    const user = await verifyPasswordLogin({ username: "erin@example.com", password: "first-pass-1" });
    expect(user.id).toBe(res.json.content.id);
    expect(await passwordLinkState(secret)).toEqual({ ok: false, message: M.linkUsed });
    await expect(redeemPasswordLink({ token: secret, password: "second-pass-2" })).rejects.toThrow(M.linkUsed);
    await verifyPasswordLogin({ username: "erin@example.com", password: "first-pass-1" });
  });

  it("two uses at the same moment: one wins, the other is refused", async () => {
    await add(person({ email: "race@example.com", empId: "" }));
    const secret = await linkMailedTo("race@example.com");
    const results = await Promise.allSettled([
      redeemPasswordLink({ token: secret, password: "race-one-1" }),
      redeemPasswordLink({ token: secret, password: "race-two-2" }),
    ]);
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    expect(
      results.filter((r) => r.status === "rejected").map((r) => (r as PromiseRejectedResult).reason.message),
    ).toEqual([M.linkUsed]);
  });

  it("expires after 72 hours and says so; an unknown secret says it is not valid", async () => {
    await add(person({ email: "late@example.com", empId: "" }));
    const secret = await linkMailedTo("late@example.com");
    const later = new Date(Date.now() + PASSWORD_LINK_TTL_MS + 1000);
    expect(await passwordLinkState(secret, later)).toEqual({ ok: false, message: M.linkExpired });
    await expect(redeemPasswordLink({ token: secret, password: "too-late-1", now: later })).rejects.toThrow(
      M.linkExpired,
    );
    const almost = new Date(Date.now() + PASSWORD_LINK_TTL_MS - 60_000);
    expect(await passwordLinkState(secret, almost)).toMatchObject({ ok: true });
    await expect(redeemPasswordLink({ token: "nope", password: "whatever-1" })).rejects.toThrow(M.linkUnknown);
  });

  it("a newer link replaces the older one; setting the password ends the account's sessions", async () => {
    await add(person({ email: "twice@example.com", empId: "" }));
    const first = await linkMailedTo("twice@example.com");
    const id = (await t.db().select().from(schema.users).where(eq(schema.users.email, "twice@example.com")))[0].id;
    await sendPasswordReset({ id, actorId: adminId });
    const second = await linkMailedTo("twice@example.com");
    expect(second).not.toBe(first);
    await expect(redeemPasswordLink({ token: first, password: "old-link-1" })).rejects.toThrow(M.linkReplaced);
    await redeemPasswordLink({ token: second, password: "new-link-1" });
    const session = await sessionFor(t.db(), "twice@example.com");
    await sendPasswordReset({ id, actorId: adminId });
    await redeemPasswordLink({ token: await linkMailedTo("twice@example.com"), password: "third-pass-3" });
    expect(await resolveToken(session.sid)).toBeNull();
    await verifyPasswordLogin({ username: "twice@example.com", password: "third-pass-3" });
  });
});

describe("Send password reset and 'Forgot password?'", () => {
  it("refuses a reset for an SSO-only account and a deactivated one, saying why", async () => {
    const [sso] = await t
      .db()
      .insert(schema.users)
      .values({
        username: "sso-only",
        email: "sso-only@example.com",
        roleId: 3,
        oidcIssuer: "https://sso",
        oidcSubject: "s-1",
      })
      .returning();
    await expect(sendPasswordReset({ id: sso.id, actorId: adminId })).rejects.toThrow(M.resetSsoOnly);
    const staffId = await userIdOf(t.db(), "staff");
    await setUserActive({ id: staffId, active: false, actorId: adminId });
    await expect(sendPasswordReset({ id: staffId, actorId: adminId })).rejects.toThrow(LOGIN_ERRORS.AccountDisabled);
    await setUserActive({ id: staffId, active: true, actorId: adminId });
  });

  it("answers alike for a known and an unknown address, no sooner than the minimum; mails only the known", async () => {
    const before = await mailsTo("staff@example.com");
    const t0 = Date.now();
    const known = await requestPasswordReset({ email: " Staff@Example.com ", ip: "198.51.100.1" });
    const t1 = Date.now();
    const unknown = await requestPasswordReset({ email: "nobody-here@example.com", ip: "198.51.100.1" });
    const t2 = Date.now();
    expect(known).toBe(M.forgotAnswer);
    expect(unknown).toBe(known);
    expect(t1 - t0).toBeGreaterThanOrEqual(FORGOT_MIN_MS - 5);
    expect(t2 - t1).toBeGreaterThanOrEqual(FORGOT_MIN_MS - 5);
    expect(Math.abs(t1 - t0 - (t2 - t1))).toBeLessThan(300);
    expect(await mailsTo("staff@example.com")).toBe(before + 1);
    expect(await mailsTo("nobody-here@example.com")).toBe(0);
  });

  it("is limited per address and e-mail like sign-in (429), for known and unknown alike", async () => {
    for (const email of ["manager@example.com", "ghost@example.com"]) {
      let refused: unknown;
      for (let i = 0; i < 8 && !refused; i++)
        await requestPasswordReset({ email, ip: "198.51.100.7" }).catch((err) => (refused = err));
      expect(refused).toBeInstanceOf(AppError);
      expect((refused as AppError).status).toBe(429);
    }
  });
});

describe("Deactivate", () => {
  it("ends sessions and v1 tokens, refuses sign-in (password and SSO), keeps the row; Reactivate reverses it", async () => {
    const res = await add(person({ email: "gone@example.com", empId: "" }));
    const id = res.json.content.id as number;
    await redeemPasswordLink({ token: await linkMailedTo("gone@example.com"), password: "gone-pass-1" });
    await t
      .db()
      .update(schema.users)
      .set({ oidcIssuer: "https://sso.example", oidcSubject: "gone-sub" })
      .where(eq(schema.users.id, id));
    const session = await sessionFor(t.db(), "gone@example.com");
    const api = await tokenFor(t.db(), "gone@example.com");
    expect(await resolveToken(session.sid)).not.toBeNull();

    await setUserActive({ id, active: false, actorId: adminId });
    expect(await resolveToken(session.sid)).toBeNull();
    expect(await resolveToken(api)).toBeNull();
    const open = await t
      .db()
      .select()
      .from(schema.apiTokens)
      .where(and(eq(schema.apiTokens.userId, id), isNull(schema.apiTokens.revokedAt)));
    expect(open).toHaveLength(0);
    await expect(verifyPasswordLogin({ username: "gone@example.com", password: "gone-pass-1" })).rejects.toThrow(
      LOGIN_ERRORS.AccountDisabled,
    );
    await expect(upsertSsoUser({ sub: "gone-sub" }, "https://sso.example")).rejects.toThrow(
      LOGIN_ERRORS.AccountDisabled,
    );
    const [row] = await t.db().select().from(schema.users).where(eq(schema.users.id, id));
    expect(row).toMatchObject({ status: "disabled", deletedAt: null });
    const actions = (
      await t
        .db()
        .select()
        .from(schema.auditLog)
        .where(eq(schema.auditLog.entityId, String(id)))
    ).map((a) => a.action);
    expect(actions).toContain("user.deactivate");

    await setUserActive({ id, active: true, actorId: adminId });
    await verifyPasswordLogin({ username: "gone@example.com", password: "gone-pass-1" });
    expect(
      (
        await t
          .db()
          .select()
          .from(schema.auditLog)
          .where(eq(schema.auditLog.entityId, String(id)))
      ).map((a) => a.action),
    ).toContain("user.reactivate");
  });

  it("refuses oneself", async () => {
    await expect(setUserActive({ id: adminId, active: false, actorId: adminId })).rejects.toThrow(M.deactivateSelf);
  });
});

describe("SSO binding of an added account", () => {
  it("staff: linked at the first SSO sign-in by a verified e-mail; an unverified one is not linked", async () => {
    const res = await add(person({ email: "sso-staff@example.com", empId: "" }));
    await expect(
      upsertSsoUser({ sub: "u-1", email: "sso-staff@example.com", email_verified: false }, "https://sso.example"),
    ).rejects.toBeInstanceOf(SsoLinkRequired);
    const linked = await upsertSsoUser(
      { sub: "u-2", email: "sso-staff@example.com", email_verified: true },
      "https://sso.example",
    );
    expect(linked.id).toBe(res.json.content.id);
  });

  it("an administrator's e-mail alone does not link (the SSO binding needs their password once)", async () => {
    await add(person({ email: "sso-admin@example.com", empId: "", roleId: 1, permissionIds: [] }));
    await expect(
      upsertSsoUser({ sub: "u-3", email: "sso-admin@example.com", email_verified: true }, "https://sso.example"),
    ).rejects.toBeInstanceOf(SsoLinkRequired);
  });
});

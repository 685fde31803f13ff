/**
 * POST /api/v1/autologinuser: an SSO access token, verified with the SSO's userinfo endpoint, for an
 * API token. A forged token is refused and nothing is written; the first sign-in creates read-only staff.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { eq, sql } from "drizzle-orm";
import { apiRequest, callRoute, setupTestDatabase } from "@/test/db";
import { expectErrorEnvelope } from "@/test/auth";
import { startOidcStub } from "@/test/oidc-stub";
import { schema } from "@/lib/db";
import { POST as autologin } from "@/app/api/v1/autologinuser/route";
import { GET as firstMenu } from "@/app/api/v1/get_first_menu/route";

const t = setupTestDatabase();
const JDOE = { sub: "sso-jdoe-1", preferred_username: "jdoe", email: "Jane.Doe@Example.com", given_name: "Jane", family_name: "Doe" };
const STAFF = { sub: "sso-staff-1", preferred_username: "staff", email: "staff@example.com" };
let sso: Awaited<ReturnType<typeof startOidcStub>>;

beforeAll(async () => {
  sso = await startOidcStub({ "good-token": JDOE, "staff-token": STAFF });
  vi.stubEnv("AUTH_OIDC_ISSUER", sso.issuer);
  vi.stubEnv("AUTH_OIDC_CLIENT_ID", "portal");
  vi.stubEnv("AUTH_OIDC_CLIENT_SECRET", "secret");
});
afterAll(async () => {
  vi.unstubAllEnvs();
  await sso.close();
});

const call = (body: unknown) => callRoute(autologin, apiRequest("/api/v1/autologinuser", { method: "POST", body }));

async function counts() {
  const db = t.db();
  const n = async (table: typeof schema.users | typeof schema.apiTokens | typeof schema.loginAttempts | typeof schema.auditLog) =>
    (await db.select({ n: sql<number>`count(*)::int` }).from(table))[0].n;
  return { users: await n(schema.users), tokens: await n(schema.apiTokens), attempts: await n(schema.loginAttempts), audit: await n(schema.auditLog) };
}

describe("a forged or mismatched token", () => {
  it("is refused with 401 and a clear message, and nothing is written", async () => {
    const before = await counts();
    const calls = sso.userinfoCalls;
    const res = await call({ username: "jdoe", access_token: "forged-token" });
    expectErrorEnvelope(res, 401);
    expect(res.json.message).toBe("Your sign-in link is invalid or has expired. Please sign in again.");
    expect(sso.userinfoCalls).toBe(calls + 1); // really asked the SSO
    expect(await counts()).toEqual(before);
  });

  it("a real token presented with someone else's username is refused too", async () => {
    const before = await counts();
    expectErrorEnvelope(await call({ username: "admin", access_token: "good-token" }), 401);
    expect(await counts()).toEqual(before);
    const [admin] = await t.db().select().from(schema.users).where(eq(schema.users.username, "admin"));
    expect(admin.oidcSubject).toBeNull();
  });

  it("missing fields are a 422 naming them, without asking the SSO", async () => {
    const calls = sso.userinfoCalls;
    const res = await call({ username: "jdoe" });
    expectErrorEnvelope(res, 422);
    expect(res.json.content).toEqual({ access_token: ["Access Token Required"] });
    expectErrorEnvelope(await call({ username: "jdoe", access_token: "x".repeat(4097) }), 422);
    expect(sso.userinfoCalls).toBe(calls);
  });
});

describe("a valid token", () => {
  it("creates the user as staff (role 3) on first sign-in and returns an API token", async () => {
    const before = await counts();
    const res = await call({ username: "JDoe", access_token: "good-token" });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({
      code: 200,
      status: "success",
      content: { roles: { id: 3 }, user_obj: { username: "jdoe", first_name: "Jane", last_name: "Doe", email: "jane.doe@example.com" }, menu: { slug: "company-news" } },
    });
    expect(res.json.content.api_token).toMatch(/^[A-Za-z0-9]{70}$/);
    const [user] = await t.db().select().from(schema.users).where(eq(schema.users.username, "jdoe"));
    expect(user).toMatchObject({ roleId: 3, oidcSubject: "sso-jdoe-1", status: "active", passwordHash: null });
    expect(await counts()).toMatchObject({ users: before.users + 1, tokens: before.tokens + 1 });

    const me = await callRoute(firstMenu, apiRequest("/api/v1/get_first_menu", { token: res.json.content.api_token }));
    expect(me.status).toBe(200);
  });

  it("signs the same person in again without creating a second account", async () => {
    const before = await counts();
    const res = await call({ username: "jane.doe@example.com", access_token: "good-token" });
    expect(res.status).toBe(200);
    expect((await counts()).users).toBe(before.users);
  });

  it("links an existing local account by username instead of duplicating it (keeping its role)", async () => {
    const before = await counts();
    const res = await call({ username: "staff", access_token: "staff-token" });
    expect(res.status).toBe(200);
    expect((await counts()).users).toBe(before.users);
    const [staff] = await t.db().select().from(schema.users).where(eq(schema.users.username, "staff"));
    expect(staff).toMatchObject({ oidcSubject: "sso-staff-1", roleId: 3 });
  });

  it("is refused for a disabled account", async () => {
    const db = t.db();
    await db.update(schema.users).set({ status: "disabled" }).where(eq(schema.users.username, "jdoe"));
    try {
      const before = await counts();
      expectErrorEnvelope(await call({ username: "jdoe", access_token: "good-token" }), 403);
      expect(await counts()).toEqual(before);
    } finally {
      await db.update(schema.users).set({ status: "active" }).where(eq(schema.users.username, "jdoe"));
    }
  });
});

describe("without a reachable SSO", () => {
  it("answers 400 when SSO is not configured", async () => {
    vi.stubEnv("AUTH_OIDC_ISSUER", "");
    try {
      const res = await call({ username: "jdoe", access_token: "good-token" });
      expectErrorEnvelope(res, 400);
      expect(res.json.message).toBe("Single sign-on is not configured.");
    } finally {
      vi.stubEnv("AUTH_OIDC_ISSUER", sso.issuer);
    }
  });

  it("answers with a clear message (not a 500) when the SSO cannot be reached", async () => {
    vi.stubEnv("AUTH_OIDC_ISSUER", "http://127.0.0.1:9/unreachable");
    try {
      const res = await call({ username: "jdoe", access_token: "good-token" });
      expectErrorEnvelope(res, 401);
      expect(res.json.message).toBe("The single sign-on service could not be reached. Please try again.");
    } finally {
      vi.stubEnv("AUTH_OIDC_ISSUER", sso.issuer);
    }
  });
});

/**
 * POST /api/v1/autologinuser: an SSO access token issued to the portal (introspection, or a JWT's
 * audience checked against the SSO's keys), with its claims from userinfo, for an API token. A forged or
 * foreign token is refused and nothing is written; the first sign-in creates read-only staff; an
 * identity signs in only as its own account; failures are rate limited (docs/security.md).
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { eq, inArray, sql } from "drizzle-orm";
import { apiRequest, callRoute, setupTestDatabase } from "@/test/db";
import { expectErrorEnvelope } from "@/test/auth";
import { startOidcStub } from "@/test/oidc-stub";
import { schema } from "@/lib/db";
import { POST as autologin } from "@/app/api/v1/autologinuser/route";
import { linkSsoIdentity, SSO_EMAIL_TAKEN, SSO_LINK_REQUIRED, SSO_SUBJECT_TAKEN } from "@/lib/auth/accounts";
import { INVALID_SIGN_IN_LINK, LINK_NOT_CHECKABLE, LINK_NOT_FOR_PORTAL } from "@/lib/auth/oidc";
import { LIMITS, TOO_MANY_ATTEMPTS, attemptKeys } from "@/lib/auth/rate-limit";
import { POST as passwordLogin } from "@/app/api/v1/login/route";
import { GET as firstMenu } from "@/app/api/v1/get_first_menu/route";

const t = setupTestDatabase();
const JDOE = {
  sub: "sso-jdoe-1",
  preferred_username: "jdoe",
  email: "Jane.Doe@Example.com",
  email_verified: true,
  given_name: "Jane",
  family_name: "Doe",
};
const STAFF = { sub: "sso-staff-1", preferred_username: "sam", email: "staff@example.com", email_verified: true };
/** A forged userinfo: someone else's username claim, the administrator's e-mail, unverified. */
const EVE = { sub: "eve-0001", preferred_username: "eve", email: "ADMIN@example.com", email_verified: false };
const EVE_VERIFIED = {
  sub: "eve-0002",
  preferred_username: "eve2",
  email: "manager@example.com",
  email_verified: true,
};
const NAMED_ADMIN = { sub: "mallory-1", preferred_username: "admin", email_verified: false };
const JWT_USER = {
  sub: "jwt-user-1",
  preferred_username: "jwt.user",
  email: "jwt.user@example.com",
  email_verified: true,
};
const UNVERIFIED_NEW = {
  sub: "new-unverified",
  preferred_username: "newbie",
  email: "newbie@example.com",
  email_verified: "false",
};
let sso: Awaited<ReturnType<typeof startOidcStub>>;

beforeAll(async () => {
  sso = await startOidcStub({
    "good-token": JDOE,
    "staff-token": STAFF,
    "eve-token": EVE,
    "eve-verified-token": EVE_VERIFIED,
    "named-admin-token": NAMED_ADMIN,
    "unverified-new-token": UNVERIFIED_NEW,
    "other-app-token": { ...JDOE, client_id: "other-app" },
  });
  vi.stubEnv("AUTH_OIDC_ISSUER", sso.issuer);
  vi.stubEnv("AUTH_OIDC_CLIENT_ID", "portal");
  vi.stubEnv("AUTH_OIDC_CLIENT_SECRET", "secret");
});
afterAll(async () => {
  vi.unstubAllEnvs();
  await sso.close();
});

const call = (body: unknown, ip?: string) =>
  callRoute(
    autologin,
    apiRequest("/api/v1/autologinuser", { method: "POST", body, headers: ip ? { "x-forwarded-for": ip } : undefined }),
  );

beforeEach(async () => {
  await t.db().delete(schema.loginAttempts);
});

const userNamed = async (username: string) =>
  (await t.db().select().from(schema.users).where(eq(schema.users.username, username)))[0];

async function counts() {
  const db = t.db();
  const n = async (
    table: typeof schema.users | typeof schema.apiTokens | typeof schema.loginAttempts | typeof schema.auditLog,
  ) => (await db.select({ n: sql<number>`count(*)::int` }).from(table))[0].n;
  return {
    users: await n(schema.users),
    tokens: await n(schema.apiTokens),
    attempts: await n(schema.loginAttempts),
    audit: await n(schema.auditLog),
  };
}

describe("a forged or mismatched token", () => {
  it("is refused with 401 and a clear message, and nothing but the failure is written", async () => {
    const before = await counts();
    const calls = sso.userinfoCalls;
    const res = await call({ username: "jdoe", access_token: "forged-token" });
    expectErrorEnvelope(res, 401);
    expect(res.json.message).toBe("Your sign-in link is invalid or has expired. Please sign in again.");
    expect(sso.userinfoCalls).toBe(calls); // the SSO's introspection said inactive: userinfo is not asked
    // Only the failed attempt is counted (pair, account, address).
    expect(await counts()).toEqual({ ...before, attempts: before.attempts + 3 });
  });

  it("a real token presented with someone else's username is refused too", async () => {
    const before = await counts();
    expectErrorEnvelope(await call({ username: "admin", access_token: "good-token" }), 401);
    expect(await counts()).toEqual({ ...before, attempts: before.attempts + 3 });
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
      content: {
        roles: { id: 3 },
        user_obj: { username: "jdoe", first_name: "Jane", last_name: "Doe", email: "jane.doe@example.com" },
        menu: { slug: "company-news" },
      },
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

  it("links an existing staff account by its verified e-mail instead of duplicating it (keeping its role), with the issuer", async () => {
    const before = await counts();
    const res = await call({ username: "staff@example.com", access_token: "staff-token" });
    expect(res.status).toBe(200);
    expect(res.json.content.user_obj.username).toBe("staff");
    expect((await counts()).users).toBe(before.users);
    const staff = await userNamed("staff");
    expect(staff).toMatchObject({ oidcIssuer: sso.issuer, oidcSubject: "sso-staff-1", roleId: 3 });
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

describe("an identity signs in only as its own account (forged claims)", () => {
  it("the administrator's e-mail, unverified, with another username: refused, no token, the administrator untouched", async () => {
    const before = await counts();
    const res = await call({ username: "eve", access_token: "eve-token" });
    expectErrorEnvelope(res, 403);
    expect(res.json.message).toBe(SSO_LINK_REQUIRED);
    expect(JSON.stringify(res.json)).not.toContain("api_token");
    expect(await counts()).toEqual(before);
    expect(await userNamed("admin")).toMatchObject({ oidcSubject: null, oidcIssuer: null, roleId: 1 });
    expect(await userNamed("eve")).toBeUndefined();
  });

  it("a verified e-mail of a calendar manager (role 2) does not link by itself either", async () => {
    const res = await call({ username: "eve2", access_token: "eve-verified-token" });
    expectErrorEnvelope(res, 403);
    expect(res.json.message).toBe(SSO_LINK_REQUIRED);
    expect(await userNamed("manager")).toMatchObject({ oidcSubject: null });
  });

  it("a username claim never links: 'admin' without an e-mail becomes a new staff account 'admin-2'", async () => {
    const res = await call({ username: "admin", access_token: "named-admin-token" });
    expect(res.status).toBe(200);
    expect(res.json.content).toMatchObject({ roles: { id: 3 }, user_obj: { username: "admin-2" } });
    expect(await userNamed("admin")).toMatchObject({ oidcSubject: null });
    expect(await userNamed("admin-2")).toMatchObject({ roleId: 3, oidcSubject: "mallory-1", oidcIssuer: sso.issuer });
  });

  it("an unverified e-mail is not kept on a new account", async () => {
    const res = await call({ username: "newbie", access_token: "unverified-new-token" });
    expect(res.status).toBe(200);
    expect(await userNamed("newbie")).toMatchObject({ email: null, roleId: 3 });
  });

  it("a linked identity is found by issuer and subject only: its e-mail claim no longer matters", async () => {
    const db = t.db();
    await db.update(schema.users).set({ email: "someone.else@example.com" }).where(eq(schema.users.username, "staff"));
    try {
      const res = await call({ username: "sam", access_token: "staff-token" });
      expect(res.status).toBe(200);
      expect(res.json.content.user_obj.username).toBe("staff");
    } finally {
      await db.update(schema.users).set({ email: "staff@example.com" }).where(eq(schema.users.username, "staff"));
    }
  });

  it("the same subject from another issuer is another identity", async () => {
    const db = t.db();
    await db
      .update(schema.users)
      .set({ oidcIssuer: "https://old-sso.example.com" })
      .where(eq(schema.users.username, "staff"));
    try {
      // The e-mail's account is linked (to the other issuer's identity): refused, not re-linked.
      const res = await call({ username: "sam", access_token: "staff-token" });
      expectErrorEnvelope(res, 403);
      expect(res.json.message).toBe(SSO_EMAIL_TAKEN);
      expect(await userNamed("staff")).toMatchObject({
        oidcIssuer: "https://old-sso.example.com",
        oidcSubject: "sso-staff-1",
      });
    } finally {
      await db.update(schema.users).set({ oidcIssuer: sso.issuer }).where(eq(schema.users.username, "staff"));
    }
  });

  it("a link made before issuers were stored (issuer null) is adopted by the configured SSO", async () => {
    const db = t.db();
    await db.update(schema.users).set({ oidcIssuer: null }).where(eq(schema.users.username, "staff"));
    const res = await call({ username: "sam", access_token: "staff-token" });
    expect(res.status).toBe(200);
    expect(res.json.content.user_obj.username).toBe("staff");
    expect(await userNamed("staff")).toMatchObject({ oidcIssuer: sso.issuer, oidcSubject: "sso-staff-1" });
  });

  it("a password sign-in links an identity once; a subject already linked to another account is refused", async () => {
    const admin = await userNamed("admin");
    await linkSsoIdentity({
      userId: admin.id,
      identity: { issuer: sso.issuer, sub: "eve-0001" },
      email: "admin@example.com",
    });
    expect(await userNamed("admin")).toMatchObject({ oidcIssuer: sso.issuer, oidcSubject: "eve-0001" });
    // Now linked, the identity signs in as the administrator by its subject (the owner proved the password).
    const res = await call({ username: "eve", access_token: "eve-token" });
    expect(res.status).toBe(200);
    expect(res.json.content.user_obj.username).toBe("admin");
    const manager = await userNamed("manager");
    await expect(
      linkSsoIdentity({
        userId: manager.id,
        identity: { issuer: sso.issuer, sub: "eve-0001" },
        email: "manager@example.com",
      }),
    ).rejects.toMatchObject({
      status: 409,
      message: SSO_SUBJECT_TAKEN,
    });
    // An account linked already is not re-linked to another identity.
    await expect(
      linkSsoIdentity({
        userId: admin.id,
        identity: { issuer: sso.issuer, sub: "other-sub" },
        email: "admin@example.com",
      }),
    ).rejects.toMatchObject({ status: 409 });
    await t.db().update(schema.users).set({ oidcIssuer: null, oidcSubject: null }).where(eq(schema.users.id, admin.id));
  });
});

describe("only a token issued to the portal", () => {
  it("a valid token of another application (introspection's client_id) is refused with a clear message", async () => {
    const before = await counts();
    const res = await call({ username: "jdoe", access_token: "other-app-token" });
    expectErrorEnvelope(res, 401);
    expect(res.json.message).toBe(LINK_NOT_FOR_PORTAL);
    expect((await counts()).tokens).toBe(before.tokens);
  });

  describe("an SSO without introspection", () => {
    let plain: Awaited<ReturnType<typeof startOidcStub>>;
    beforeAll(async () => {
      plain = await startOidcStub({ "opaque-token": JDOE }, { introspection: false });
      vi.stubEnv("AUTH_OIDC_ISSUER", plain.issuer);
    });
    afterAll(async () => {
      vi.stubEnv("AUTH_OIDC_ISSUER", sso.issuer);
      await plain.close();
    });

    it("accepts a JWT access token signed by the SSO whose audience or azp is the portal", async () => {
      const audience = await plain.signAccessToken(JWT_USER, { aud: "portal", client_id: "portal" });
      expect((await call({ username: "jwt.user", access_token: audience })).status).toBe(200);
      const azp = await plain.signAccessToken(JWT_USER, { aud: "https://api.example.com", azp: "portal" });
      expect((await call({ username: "jwt.user", access_token: azp })).status).toBe(200);
    });

    it("refuses a JWT for another client, and one not signed by the SSO's keys", async () => {
      const foreign = await plain.signAccessToken(JWT_USER, { aud: "other-app", client_id: "other-app" });
      const res = await call({ username: "jwt.user", access_token: foreign });
      expectErrorEnvelope(res, 401);
      expect(res.json.message).toBe(LINK_NOT_FOR_PORTAL);
      const forged = await plain.signAccessToken(JWT_USER, { aud: "portal" }, true);
      const refused = await call({ username: "jwt.user", access_token: forged });
      expectErrorEnvelope(refused, 401);
      expect(refused.json.message).toBe(INVALID_SIGN_IN_LINK);
    });

    it("refuses an opaque token it cannot check, even though userinfo answers for it", async () => {
      const calls = plain.userinfoCalls;
      const res = await call({ username: "jdoe", access_token: "opaque-token" });
      expectErrorEnvelope(res, 401);
      expect(res.json.message).toBe(LINK_NOT_CHECKABLE);
      expect(plain.userinfoCalls).toBe(calls);
    });
  });
});

describe("rate limited like password sign-in", () => {
  it("per claimed username and address: after 5 failures the pair waits, even with a good token", async () => {
    for (let i = 0; i < LIMITS.pairFreeFailures; i++)
      expectErrorEnvelope(await call({ username: "jdoe", access_token: `forged-${i}` }, "198.51.100.9"), 401);
    const calls = sso.userinfoCalls;
    const refused = await call({ username: "jdoe", access_token: "good-token" }, "198.51.100.9");
    expectErrorEnvelope(refused, 429);
    expect(refused.json.message).toBe(TOO_MANY_ATTEMPTS);
    expect(sso.userinfoCalls).toBe(calls); // refused before asking the SSO
    // Another address is not affected.
    expect((await call({ username: "jdoe", access_token: "good-token" }, "198.51.100.10")).status).toBe(200);
  });

  it("an address past 100 failures is slowed for every claimed username", async () => {
    const ip = "198.51.100.77";
    await t
      .db()
      .insert(schema.loginAttempts)
      .values(
        Array.from({ length: LIMITS.addressMaxFailures }, () => ({ key: attemptKeys("x", ip, "sso-link").address })),
      );
    const started = Date.now();
    expectErrorEnvelope(await call({ username: "someone-new", access_token: "forged" }, ip), 401);
    expect(Date.now() - started).toBeGreaterThanOrEqual(450);
  });
});

describe("a refused token is not a failed password of the account it names", () => {
  it("a spray of bad tokens naming the administrator leaves the administrator's password sign-in from that address alone", async () => {
    const ip = "198.51.100.44";
    const admin = await userNamed("admin");
    for (let i = 0; i < LIMITS.pairFreeFailures; i++)
      expectErrorEnvelope(await call({ username: "admin", access_token: `forged-${i}` }, ip), 401);
    // The link keeps its own count: it is now refused for that name from that address ...
    expectErrorEnvelope(await call({ username: "admin", access_token: "forged-again" }, ip), 429);
    // ... and counted nothing under the account's password keys.
    const passwordKeys = Object.values(attemptKeys({ id: admin.id }, ip));
    const [{ n }] = await t
      .db()
      .select({ n: sql<number>`count(*)::int` })
      .from(schema.loginAttempts)
      .where(inArray(schema.loginAttempts.key, passwordKeys));
    expect(n).toBe(0);
    const started = Date.now();
    const res = await callRoute(
      passwordLogin,
      apiRequest("/api/v1/login", {
        method: "POST",
        body: { username: "admin", password: "demo1234" },
        headers: { "x-forwarded-for": ip },
      }),
    );
    expect(res.status).toBe(200);
    expect(Date.now() - started).toBeLessThan(2000);
  });

  it("password failures of an address do not refuse the link either: each is limited apart", async () => {
    const ip = "198.51.100.45";
    const staff = await userNamed("staff");
    await t
      .db()
      .insert(schema.loginAttempts)
      .values(
        Object.values(attemptKeys({ id: staff.id }, ip)).flatMap((key) => Array.from({ length: 8 }, () => ({ key }))),
      );
    expect((await call({ username: "staff@example.com", access_token: "staff-token" }, ip)).status).toBe(200);
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

import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";

vi.mock("next/headers", () => import("@/test/mock-next-headers"));

import { eq } from "drizzle-orm";
import { cookieJar } from "@/test/mock-next-headers";
import { apiRequest, callRoute, setupTestDatabase } from "@/test/db";
import { schema } from "@/lib/db";
import { POST as autoLogin } from "@/app/api/v1/autologinuser/route";
import { SSO_LINK_REQUIRED } from "@/lib/auth/accounts";
import { LINK_NOT_FOR_PORTAL, ssoLogoutUrl } from "@/lib/auth/oidc";
import { encodePendingLink, PENDING_LINK_COOKIE } from "@/lib/auth/sso-link";
import { OTHER_CLIENT, startOidcProvider, type RunningOidcProvider } from "./provider";
import { mintAccessToken } from "./mint-token";

// The local SSO (test/oidc/provider.ts) against the portal's SSO code: real tokens, real userinfo.
const t = setupTestDatabase();
const client = {
  clientId: "portal-vitest",
  clientSecret: "vitest-secret",
  redirectUri: "http://localhost:3999/api/auth/callback/oidc",
};
let sso: RunningOidcProvider;
const saved = { ...process.env };

beforeAll(async () => {
  sso = await startOidcProvider({
    port: 0,
    clientId: client.clientId,
    clientSecret: client.clientSecret,
    redirectUris: [client.redirectUri],
    postLogoutRedirectUris: ["http://localhost:3999/login"],
  });
  process.env.AUTH_OIDC_ISSUER = sso.issuer;
  process.env.AUTH_OIDC_CLIENT_ID = client.clientId;
  process.env.AUTH_OIDC_CLIENT_SECRET = client.clientSecret;
});

afterAll(async () => {
  for (const k of ["AUTH_OIDC_ISSUER", "AUTH_OIDC_CLIENT_ID", "AUTH_OIDC_CLIENT_SECRET"]) {
    if (saved[k] === undefined) delete process.env[k];
    else process.env[k] = saved[k];
  }
  await sso?.close();
});

const mint = (username: string) => mintAccessToken({ issuer: sso.issuer, ...client, username });
const autoLoginAs = (username: string, accessToken: string) =>
  callRoute(
    autoLogin,
    apiRequest("/api/v1/autologinuser", { method: "POST", body: { username, access_token: accessToken } }),
  );
const userNamed = async (username: string) =>
  (await t.db().select().from(schema.users).where(eq(schema.users.username, username)))[0];

beforeEach(async () => {
  cookieJar.clear();
  await t.db().delete(schema.loginAttempts);
});
const decodeJwt = (jwt: string) => JSON.parse(Buffer.from(jwt.split(".")[1], "base64url").toString("utf8"));

describe("local SSO", () => {
  it("puts e-mail and names in the ID token (what Auth.js reads the profile from)", async () => {
    const { idToken } = await mint("sso.staff");
    expect(decodeJwt(idToken)).toMatchObject({
      sub: "sso.staff",
      email: "sso.staff@example.com",
      given_name: "Sasha",
      family_name: "Sorensen",
      preferred_username: "sso.staff",
      aud: client.clientId,
      iss: sso.issuer,
    });
  });

  it("offers userinfo and RP-initiated logout", async () => {
    const doc = await (await fetch(`${sso.issuer}/.well-known/openid-configuration`)).json();
    expect(doc.userinfo_endpoint).toBe(`${sso.issuer}/me`);
    expect(doc.end_session_endpoint).toBe(`${sso.issuer}/session/end`);
    const url = new URL((await ssoLogoutUrl("id.token.hint", "http://localhost:3999/login"))!);
    expect(url.origin + url.pathname).toBe(doc.end_session_endpoint);
    expect(url.searchParams.get("post_logout_redirect_uri")).toBe("http://localhost:3999/login");
  });
});

describe("POST /api/v1/autologinuser with the local SSO", () => {
  it("signs a new SSO user in as read-only staff with a real access token", async () => {
    const { accessToken } = await mint("new.arrival");
    const { status, json } = await callRoute(
      autoLogin,
      apiRequest("/api/v1/autologinuser", {
        method: "POST",
        body: { username: "new.arrival", access_token: accessToken },
      }),
    );
    expect(status).toBe(200);
    expect(json.content).toMatchObject({ roles: { id: 3 }, menu: { slug: "company-news" } });
    expect(json.content.api_token).toMatch(/^[A-Za-z0-9]{70}$/);
    expect(t.db()).toBeTruthy();
  });

  it("signs the SSO identity with a portal user's e-mail in as that user", async () => {
    const { accessToken } = await mint("sam.staff");
    const { status, json } = await callRoute(
      autoLogin,
      apiRequest("/api/v1/autologinuser", {
        method: "POST",
        body: { username: "staff@example.com", access_token: accessToken },
      }),
    );
    expect(status).toBe(200);
    expect(json.content.user_obj).toMatchObject({ username: "staff", email: "staff@example.com" });
  });

  it("refuses a forged token and a token of someone else with 401", async () => {
    const forged = await callRoute(
      autoLogin,
      apiRequest("/api/v1/autologinuser", { method: "POST", body: { username: "staff", access_token: "forged" } }),
    );
    expect(forged.status).toBe(401);
    expect(forged.json.message).toBe("Your sign-in link is invalid or has expired. Please sign in again.");
    const { accessToken } = await mint("riley.tech");
    const other = await callRoute(
      autoLogin,
      apiRequest("/api/v1/autologinuser", { method: "POST", body: { username: "admin", access_token: accessToken } }),
    );
    expect(other.status).toBe(401);
  });
});

describe("an SSO identity signs in only as its own account", () => {
  it("refuses a real token the SSO issued to another application, with a clear message", async () => {
    const { accessToken } = await mintAccessToken({
      issuer: sso.issuer,
      ...client,
      ...OTHER_CLIENT,
      username: "riley.tech",
    });
    const res = await autoLoginAs("riley.tech", accessToken);
    expect(res.status).toBe(401);
    expect(res.json.message).toBe(LINK_NOT_FOR_PORTAL);
    expect(JSON.stringify(res.json)).not.toContain("api_token");
  });

  it("eve, claiming the administrator's e-mail unverified, gets no token and leaves the administrator unlinked", async () => {
    const { accessToken } = await mint("eve");
    const res = await autoLoginAs("eve", accessToken);
    expect(res.status).toBe(403);
    expect(res.json.message).toBe(SSO_LINK_REQUIRED);
    expect(res.json.content).toBeNull();
    expect(await userNamed("admin")).toMatchObject({ oidcSubject: null, oidcIssuer: null });
  });

  it("the administrator's own identity (verified e-mail) links only after a password sign-in in the same browser", async () => {
    const { accessToken } = await mint("alex.admin");
    expect((await autoLoginAs("alex.admin", accessToken)).status).toBe(403);

    const { loginAction } = await import("@/lib/auth/actions");
    // A pending link for another account's e-mail is not used by the administrator's password sign-in.
    cookieJar.set(
      PENDING_LINK_COOKIE,
      await encodePendingLink({ issuer: sso.issuer, sub: "eve", email: "eve@example.com" }),
    );
    expect(await loginAction({ username: "admin", password: "demo1234" })).toMatchObject({ ok: true });
    expect(await userNamed("admin")).toMatchObject({ oidcSubject: null });
    expect(cookieJar.has(PENDING_LINK_COOKIE)).toBe(false);

    // A wrong password links nothing.
    cookieJar.set(
      PENDING_LINK_COOKIE,
      await encodePendingLink({ issuer: sso.issuer, sub: "alex.admin", email: "admin@example.com" }),
    );
    expect(await loginAction({ username: "admin", password: "wrong" })).toMatchObject({ ok: false, status: 401 });
    expect(await userNamed("admin")).toMatchObject({ oidcSubject: null });

    expect(await loginAction({ username: "admin", password: "demo1234" })).toMatchObject({ ok: true });
    expect(await userNamed("admin")).toMatchObject({ oidcIssuer: sso.issuer, oidcSubject: "alex.admin", roleId: 1 });

    const res = await autoLoginAs("alex.admin", accessToken);
    expect(res.status).toBe(200);
    expect(res.json.content.user_obj).toMatchObject({ username: "admin" });
    // eve is still refused: the administrator is linked to another identity now.
    const eve = await autoLoginAs("eve", (await mint("eve")).accessToken);
    expect(eve.status).toBe(403);
  });
});

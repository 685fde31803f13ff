import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiRequest, callRoute, setupTestDatabase } from "@/test/db";
import { POST as autoLogin } from "@/app/api/v1/autologinuser/route";
import { ssoLogoutUrl } from "@/lib/auth/oidc";
import { startOidcProvider, type RunningOidcProvider } from "./provider";
import { mintAccessToken } from "./mint-token";

// The local SSO (test/oidc/provider.ts) against the portal's SSO code: real tokens, real userinfo.
const t = setupTestDatabase();
const client = { clientId: "portal-vitest", clientSecret: "vitest-secret", redirectUri: "http://localhost:3999/api/auth/callback/oidc" };
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
      apiRequest("/api/v1/autologinuser", { method: "POST", body: { username: "new.arrival", access_token: accessToken } }),
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
      apiRequest("/api/v1/autologinuser", { method: "POST", body: { username: "staff@example.com", access_token: accessToken } }),
    );
    expect(status).toBe(200);
    expect(json.content.user_obj).toMatchObject({ username: "staff", email: "staff@example.com" });
  });

  it("refuses a forged token and a token of someone else with 401", async () => {
    const forged = await callRoute(autoLogin, apiRequest("/api/v1/autologinuser", { method: "POST", body: { username: "staff", access_token: "forged" } }));
    expect(forged.status).toBe(401);
    expect(forged.json.message).toBe("Your sign-in link is invalid or has expired. Please sign in again.");
    const { accessToken } = await mint("riley.tech");
    const other = await callRoute(autoLogin, apiRequest("/api/v1/autologinuser", { method: "POST", body: { username: "admin", access_token: accessToken } }));
    expect(other.status).toBe(401);
  });
});

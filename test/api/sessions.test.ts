/**
 * Sessions and tokens are checked against the database on every request: sign-out, a disabled account,
 * a role change and expiry take effect on the next request (docs/security.md).
 */
import { beforeEach, describe, expect, it, vi } from "vitest";
import { and, eq } from "drizzle-orm";

vi.mock("next/headers", () => import("@/test/mock-next-headers"));

import { cookieJar } from "@/test/mock-next-headers";
import { apiRequest, callRoute, tokenFor, setupTestDatabase } from "@/test/db";
import { SESSION_COOKIE, expectErrorEnvelope, sessionFor, userIdOf } from "@/test/auth";
import { schema } from "@/lib/db";
import { hashToken } from "@/lib/auth/tokens";
import { getCurrentUser } from "@/lib/auth/guards";
import { POST as login } from "@/app/api/v1/login/route";
import { POST as logout } from "@/app/api/v1/logout/route";
import { GET as firstMenu } from "@/app/api/v1/get_first_menu/route";
import { GET as allPermissions } from "@/app/api/v1/get-all-permissions/route";
import { POST as loginIdPermissions } from "@/app/api/v1/get-login-id-permissions/route";

const t = setupTestDatabase();

const me = (init: { token?: string; cookie?: string }) =>
  callRoute(
    firstMenu,
    apiRequest("/api/v1/get_first_menu", {
      token: init.token,
      headers: init.cookie ? { cookie: init.cookie } : undefined,
    }),
  );

beforeEach(() => {
  cookieJar.clear();
});

describe("sign-out", () => {
  it("revokes the v1 token: the next call with it is a 401 in the envelope", async () => {
    const signIn = await callRoute(
      login,
      apiRequest("/api/v1/login", { method: "POST", body: { username: "manager", password: "demo1234" } }),
    );
    const token = signIn.json.content.api_token as string;
    expect((await me({ token })).status).toBe(200);
    const out = await callRoute(logout, apiRequest("/api/v1/logout", { method: "POST", token }));
    expect(out).toMatchObject({ status: 200, json: { code: 200, status: "success", message: "Logged out" } });
    expectErrorEnvelope(await me({ token }), 401);
    const [row] = await t
      .db()
      .select()
      .from(schema.apiTokens)
      .where(eq(schema.apiTokens.tokenHash, hashToken(token)));
    expect(row.revokedAt).not.toBeNull();
  });

  it("stores only a hash of the token, never the token itself", async () => {
    const signIn = await callRoute(
      login,
      apiRequest("/api/v1/login", { method: "POST", body: { username: "staff", password: "demo1234" } }),
    );
    const token = signIn.json.content.api_token as string;
    const rows = await t.db().select().from(schema.apiTokens);
    expect(rows.some((r) => r.tokenHash === hashToken(token))).toBe(true);
    expect(JSON.stringify(rows)).not.toContain(token);
    const expires = new Date(signIn.json.content.expires_at).getTime() - Date.now();
    expect(expires).toBeGreaterThan(6 * 3600_000 - 60_000);
    expect(expires).toBeLessThanOrEqual(6 * 3600_000);
  });

  it("revokes the browser session (logoutAction): the same cookie is refused on the next request", async () => {
    const session = await sessionFor(t.db(), "staff");
    expect((await me({ cookie: session.header })).status).toBe(200);
    cookieJar.set(SESSION_COOKIE, session.cookie);
    expect((await getCurrentUser())?.username).toBe("staff");

    const { logoutAction } = await import("@/lib/auth/actions");
    // Signing out ends with redirect("/login"), which Next implements by throwing.
    await expect(logoutAction({})).rejects.toMatchObject({ digest: expect.stringContaining("NEXT_REDIRECT") });

    const [row] = await t
      .db()
      .select()
      .from(schema.apiTokens)
      .where(eq(schema.apiTokens.tokenHash, hashToken(session.sid)));
    expect(row.revokedAt).not.toBeNull();
    expectErrorEnvelope(await me({ cookie: session.header }), 401);
    // Even if the browser kept the old cookie, it no longer names anyone.
    cookieJar.set(SESSION_COOKIE, session.cookie);
    expect(await getCurrentUser()).toBeNull();
  });

  it("revoking one session leaves the user's other sessions alone", async () => {
    const a = await tokenFor(t.db(), "manager");
    const b = await tokenFor(t.db(), "manager");
    await callRoute(logout, apiRequest("/api/v1/logout", { method: "POST", token: a }));
    expect((await me({ token: a })).status).toBe(401);
    expect((await me({ token: b })).status).toBe(200);
  });
});

describe("a disabled account", () => {
  it("loses its existing token and session on the next request, and cannot sign in again", async () => {
    const db = t.db();
    const id = await userIdOf(db, "staff");
    const token = await tokenFor(db, "staff");
    const session = await sessionFor(db, "staff");
    expect((await me({ token })).status).toBe(200);
    try {
      await db.update(schema.users).set({ status: "disabled" }).where(eq(schema.users.id, id));
      expectErrorEnvelope(await me({ token }), 401);
      expectErrorEnvelope(await me({ cookie: session.header }), 401);
      const again = await callRoute(
        login,
        apiRequest("/api/v1/login", { method: "POST", body: { username: "staff", password: "demo1234" } }),
      );
      expectErrorEnvelope(again, 403);
      expect(again.json.message).toBe("Your account is disabled. Please contact an administrator.");
    } finally {
      await db.update(schema.users).set({ status: "active" }).where(eq(schema.users.id, id));
    }
  });
});

describe("a role change", () => {
  it("takes effect on the next request, both ways", async () => {
    const db = t.db();
    const id = await userIdOf(db, "staff");
    const token = await tokenFor(db, "staff");
    const call = () => callRoute(allPermissions, apiRequest("/api/v1/get-all-permissions", { token }));
    expectErrorEnvelope(await call(), 403);
    try {
      await db.update(schema.users).set({ roleId: 1 }).where(eq(schema.users.id, id));
      const promoted = await call();
      expect(promoted.status).toBe(200);
      expect(promoted.json.content.map((p: { name: string }) => p.name)).toEqual([
        "access_form_email_manager",
        "access_social_media_calendar",
        "allow_environmental_data",
      ]);
    } finally {
      await db.update(schema.users).set({ roleId: 3 }).where(eq(schema.users.id, id));
    }
    expectErrorEnvelope(await call(), 403);
  });

  it("a permission granted or taken away also applies on the next request", async () => {
    const db = t.db();
    const id = await userIdOf(db, "manager");
    const token = await tokenFor(db, "manager");
    const [perm] = await db
      .select()
      .from(schema.permissions)
      .where(eq(schema.permissions.name, "allow_environmental_data"));
    const mine = async () =>
      (
        await callRoute(
          loginIdPermissions,
          apiRequest("/api/v1/get-login-id-permissions", { method: "POST", token, body: { user_id: id } }),
        )
      ).json.content.user.permissions;
    expect(await mine()).toEqual([]);
    await db.insert(schema.userPermissions).values({ userId: id, permissionId: perm.id });
    expect(await mine()).toEqual([{ id: perm.id, name: "allow_environmental_data" }]);
    await db
      .delete(schema.userPermissions)
      .where(and(eq(schema.userPermissions.userId, id), eq(schema.userPermissions.permissionId, perm.id)));
    expect(await mine()).toEqual([]);
  });
});

describe("an expired token or session", () => {
  it("is refused with 401 (the row's expires_at is in the past)", async () => {
    const db = t.db();
    const token = await tokenFor(db, "admin");
    const session = await sessionFor(db, "admin");
    expect((await me({ token })).status).toBe(200);
    const past = new Date(Date.now() - 1000);
    for (const secret of [token, session.sid]) {
      await db
        .update(schema.apiTokens)
        .set({ expiresAt: past })
        .where(eq(schema.apiTokens.tokenHash, hashToken(secret)));
    }
    expectErrorEnvelope(await me({ token }), 401);
    expectErrorEnvelope(await me({ cookie: session.header }), 401);
  });
});

describe("bad credentials on the wire", () => {
  it.each([
    ["a malformed Authorization header", { authorization: "Bearer" }],
    ["a non-bearer scheme", { authorization: "Basic YWRtaW46ZGVtbzEyMzQ=" }],
    ["a token of the wrong length", { authorization: "Bearer abc" }],
    [
      "a cookie signed with another secret",
      { cookie: `${SESSION_COOKIE}=eyJhbGciOiJkaXIiLCJlbmMiOiJBMjU2R0NNIn0..x.y.z` },
    ],
    ["a cookie with a malformed %-escape", { cookie: `other=%E0%A4%A; ${SESSION_COOKIE}=%` }],
  ])("%s is a 401, never a 500", async (_label, headers) => {
    expectErrorEnvelope(await callRoute(firstMenu, apiRequest("/api/v1/get_first_menu", { headers })), 401);
  });
});

describe("Auth.js's own session endpoint", () => {
  const session = async (cookie: string) => {
    const { GET } = await import("@/app/api/auth/[...nextauth]/route");
    const { NextRequest } = await import("next/server");
    const res = await GET(new NextRequest("http://localhost/api/auth/session", { headers: { cookie } }));
    return { status: res.status, json: await res.json() };
  };

  it("answers no user for a revoked session cookie, as the rest of the app does", async () => {
    const live = await sessionFor(t.db(), "staff");
    expect((await session(live.header)).json).not.toBeNull();
    const { revokeToken } = await import("@/lib/auth/session");
    await revokeToken(live.sid);
    const revoked = await session(live.header);
    expect(revoked.status).toBe(200);
    expect(revoked.json?.user ?? null).toBeNull();
  });
});

describe("Auth.js's own sign-out endpoint", () => {
  it("POST /api/auth/signout ends the session row: the old cookie is refused afterwards", async () => {
    const { GET, POST } = await import("@/app/api/auth/[...nextauth]/route");
    const { NextRequest } = await import("next/server");
    const live = await sessionFor(t.db(), "staff");
    expect((await me({ cookie: live.header })).status).toBe(200);
    const csrfRes = await GET(new NextRequest("http://localhost/api/auth/csrf", { headers: { cookie: live.header } }));
    const { csrfToken } = (await csrfRes.json()) as { csrfToken: string };
    const csrfCookie = csrfRes.headers
      .getSetCookie()
      .map((c) => c.split(";")[0])
      .find((c) => c.includes("csrf-token"))!;
    const out = await POST(
      new NextRequest("http://localhost/api/auth/signout", {
        method: "POST",
        headers: {
          cookie: `${live.header}; ${csrfCookie}`,
          "content-type": "application/x-www-form-urlencoded",
          "x-auth-return-redirect": "1",
        },
        body: new URLSearchParams({ csrfToken, callbackUrl: "/login" }).toString(),
      }),
    );
    expect(out.status).toBe(200);
    const [row] = await t
      .db()
      .select()
      .from(schema.apiTokens)
      .where(eq(schema.apiTokens.tokenHash, hashToken(live.sid)));
    expect(row.revokedAt).not.toBeNull();
    expectErrorEnvelope(await me({ cookie: live.header }), 401);
  });
});

describe("Auth.js's own POST endpoints", () => {
  it("refuse an oversize body (413) before Auth.js reads it", async () => {
    const { POST } = await import("@/app/api/auth/[...nextauth]/route");
    const { NextRequest } = await import("next/server");
    const body = "csrfToken=x&username=" + "a".repeat(2 * 1024 * 1024);
    const res = await POST(
      new NextRequest("http://localhost/api/auth/callback/credentials", {
        method: "POST",
        body,
        headers: { "content-type": "application/x-www-form-urlencoded" },
      }),
    );
    expect(res.status).toBe(413);
    expect(await res.json()).toMatchObject({ code: 413, status: "error" });
  });
});

/**
 * The old portal's sign-in link (`/login?token=&username=`) switching accounts (docs/security.md): the
 * page asks first (e2e/auto-login.spec.ts); the action it then calls ends the browser's previous session
 * on the server once the new one exists, and leaves it alone when the link is refused.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";

vi.mock("next/headers", () => import("@/test/mock-next-headers"));

import { and, eq, isNull } from "drizzle-orm";
import { cookieJar } from "@/test/mock-next-headers";
import { setupTestDatabase } from "@/test/db";
import { SESSION_COOKIE, sessionFor } from "@/test/auth";
import { startOidcStub } from "@/test/oidc-stub";
import { schema } from "@/lib/db";
import { hashToken } from "@/lib/auth/tokens";

const t = setupTestDatabase();
let sso: Awaited<ReturnType<typeof startOidcStub>>;

beforeAll(async () => {
  sso = await startOidcStub({
    "eve-token": { sub: "eve-1", preferred_username: "eve", email: "eve@example.com", email_verified: true },
  });
  vi.stubEnv("AUTH_OIDC_ISSUER", sso.issuer);
  vi.stubEnv("AUTH_OIDC_CLIENT_ID", "portal");
  vi.stubEnv("AUTH_OIDC_CLIENT_SECRET", "secret");
});
afterAll(async () => {
  vi.unstubAllEnvs();
  await sso.close();
});
beforeEach(async () => {
  cookieJar.clear();
  await t.db().delete(schema.loginAttempts);
});

async function sessionRow(sid: string) {
  const [row] = await t
    .db()
    .select()
    .from(schema.apiTokens)
    .where(eq(schema.apiTokens.tokenHash, hashToken(sid)));
  return row;
}

describe("autoLoginAction", () => {
  it("a refused link leaves the signed-in session as it was", async () => {
    const admin = await sessionFor(t.db(), "admin");
    cookieJar.set(SESSION_COOKIE, admin.cookie);
    const { autoLoginAction } = await import("@/lib/auth/actions");
    const res = await autoLoginAction({ token: "forged", username: "eve" });
    expect(res).toMatchObject({ ok: false, status: 401 });
    expect(await sessionRow(admin.sid)).toMatchObject({ revokedAt: null });
  });

  it("switching to the link's account ends the previous session on the server", async () => {
    const admin = await sessionFor(t.db(), "admin");
    cookieJar.set(SESSION_COOKIE, admin.cookie);
    const { autoLoginAction } = await import("@/lib/auth/actions");
    const res = await autoLoginAction({ token: "eve-token", username: "eve" });
    expect(res).toMatchObject({ ok: true, data: { redirectTo: "/" } });
    expect(await sessionRow(admin.sid)).toMatchObject({ revokedReason: "switched" });
    expect((await sessionRow(admin.sid)).revokedAt).not.toBeNull();
    const [eve] = await t.db().select().from(schema.users).where(eq(schema.users.username, "eve"));
    const live = await t
      .db()
      .select()
      .from(schema.apiTokens)
      .where(and(eq(schema.apiTokens.userId, eve.id), isNull(schema.apiTokens.revokedAt)));
    expect(live).toHaveLength(1);
    expect(live[0]).toMatchObject({ kind: "session", provider: "oidc" });
  });
});

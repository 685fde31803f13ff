/**
 * Failed password sign-ins are limited per account and address pair, a failing account is slowed but
 * never locked, and an address is refused only at very high volumes (docs/security.md: failed sign-ins,
 * forwarded headers). X-Forwarded-For is built the way the server sees it: whatever the client sent, then the
 * socket's peer (lib/http/proxy-trust.mjs).
 */
import { afterEach, describe, expect, it, vi } from "vitest";
import { sql } from "drizzle-orm";
import { apiRequest, callRoute, setupTestDatabase } from "@/test/db";
import { expectErrorEnvelope } from "@/test/auth";
import { schema } from "@/lib/db";
import { LIMITS, TOO_MANY_ATTEMPTS } from "@/lib/auth/rate-limit";
import { POST as login } from "@/app/api/v1/login/route";

const t = setupTestDatabase();

/** A sign-in from socket peer `peer`, the client claiming X-Forwarded-For `claimed`. */
function signIn(username: string, password: string, peer?: string, claimed?: string) {
  const xff = [claimed, peer].filter(Boolean).join(", ");
  return callRoute(
    login,
    apiRequest("/api/v1/login", {
      method: "POST",
      body: { username, password },
      headers: xff ? { "x-forwarded-for": xff } : undefined,
    }),
  );
}

async function attemptCount() {
  const [{ n }] = await t
    .db()
    .select({ n: sql<number>`count(*)::int` })
    .from(schema.loginAttempts);
  return n;
}

async function forgetAttempts() {
  await t.db().delete(schema.loginAttempts);
}

afterEach(() => {
  vi.unstubAllEnvs();
});

describe("per account and address pair", () => {
  it("after the free failures the pair must wait, even with the right password", async () => {
    await forgetAttempts();
    for (let i = 0; i < LIMITS.pairFreeFailures; i++)
      expectErrorEnvelope(await signIn("manager", `wrong-${i}`, "198.51.100.1"), 401);
    const refused = await signIn("manager", "demo1234", "198.51.100.1");
    expectErrorEnvelope(refused, 429);
    expect(refused.json.message).toBe(TOO_MANY_ATTEMPTS);
    // The username is matched case-insensitively, and by e-mail, so neither resets the count.
    expectErrorEnvelope(await signIn("  MANAGER ", "demo1234", "198.51.100.1"), 429);
  });

  it("a refused attempt is not counted again and writes nothing", async () => {
    const before = await attemptCount();
    expectErrorEnvelope(await signIn("manager", "wrong", "198.51.100.1"), 429);
    expect(await attemptCount()).toBe(before);
  });

  it("the wait passes: the pair may try again once its last failure is older than the wait", async () => {
    await t
      .db()
      .update(schema.loginAttempts)
      .set({ createdAt: sql`now() - interval '2 seconds'` });
    expect((await signIn("manager", "demo1234", "198.51.100.1")).status).toBe(200);
  });

  it("another address signs the owner in: nobody can keep an account locked", async () => {
    await forgetAttempts();
    for (let i = 0; i < LIMITS.pairFreeFailures + 3; i++) await signIn("manager", `wrong-${i}`, "198.51.100.66");
    expectErrorEnvelope(await signIn("manager", "demo1234", "198.51.100.66"), 429);
    expect((await signIn("manager", "demo1234", "198.51.100.2")).status).toBe(200);
  });

  it("one person's failures do not lock the other accounts behind the same office address", async () => {
    await forgetAttempts();
    for (let i = 0; i < 10; i++) await signIn("manager", `wrong-${i}`, "203.0.113.7");
    const admin = await signIn("admin", "demo1234", "203.0.113.7");
    expect(admin.status).toBe(200);
    expect(admin.json.content.api_token).toMatch(/^[A-Za-z0-9]{70}$/);
  });
});

describe("forwarded addresses", () => {
  it("without TRUST_PROXY a different X-Forwarded-For per attempt changes nothing: the socket peer is the address", async () => {
    await forgetAttempts();
    for (let i = 0; i < LIMITS.pairFreeFailures; i++) await signIn("staff", "wrong", "192.0.2.50", `10.1.1.${i}`);
    expectErrorEnvelope(await signIn("staff", "demo1234", "192.0.2.50", "10.9.9.9"), 429);
  });

  it("behind a trusted proxy the address it forwards counts", async () => {
    vi.stubEnv("TRUST_PROXY", "192.0.2.50");
    // The proxy 192.0.2.50 forwards for 10.2.2.2, which has not failed for this account.
    expect((await signIn("staff", "demo1234", "192.0.2.50", "10.2.2.2")).status).toBe(200);
  });
});

describe("an account failing from many addresses", () => {
  it("is slowed, not locked: the owner's right password still signs in", async () => {
    await forgetAttempts();
    for (let i = 0; i < LIMITS.accountFreeFailures + 1; i++) await signIn("staff", "wrong", `192.0.2.${100 + i}`);
    const started = Date.now();
    const res = await signIn("staff", "demo1234", "192.0.2.200");
    expect(res.status).toBe(200);
    expect(Date.now() - started).toBeGreaterThanOrEqual(180);
  });
});

describe("per address, at very high volume", () => {
  it("refuses the address for accounts it failed for, never a first try for another account", async () => {
    await forgetAttempts();
    const ip = "203.0.113.99";
    await t
      .db()
      .insert(schema.loginAttempts)
      .values(Array.from({ length: LIMITS.addressMaxFailures }, () => ({ key: `ip:${ip}` })));
    await t
      .db()
      .insert(schema.loginAttempts)
      .values({ key: "pair:user:nobody|" + ip });
    expectErrorEnvelope(await signIn("nobody", "x", ip), 429);
    expect((await signIn("staff", "demo1234", ip)).status).toBe(200);
  });
});

describe("password spraying from one address", () => {
  it("past 100 failures for different unknown usernames every further attempt is slowed, growing; a right password still signs in", async () => {
    await forgetAttempts();
    const ip = "203.0.113.150";
    // 95 failures for 95 different unknown usernames (as rows: the sign-ins themselves are below), then 5 real ones.
    await t
      .db()
      .insert(schema.loginAttempts)
      .values(Array.from({ length: LIMITS.addressMaxFailures - 5 }, () => ({ key: `ip:${ip}` })));
    for (let i = 0; i < 5; i++) expectErrorEnvelope(await signIn(`sprayed-${i}`, "Winter2026!", ip), 401);

    let started = Date.now();
    expectErrorEnvelope(await signIn("sprayed-new", "Winter2026!", ip), 401);
    const first = Date.now() - started;
    expect(first).toBeGreaterThanOrEqual(450);

    await t
      .db()
      .insert(schema.loginAttempts)
      .values(Array.from({ length: 20 }, () => ({ key: `ip:${ip}` })));
    started = Date.now();
    expectErrorEnvelope(await signIn("sprayed-newer", "Winter2026!", ip), 401);
    expect(Date.now() - started).toBeGreaterThanOrEqual(1900);

    // An account this address never failed for: slowed too, but the right password signs in.
    const res = await signIn("manager", "demo1234", ip);
    expect(res.status).toBe(200);
    expect(res.json.content.api_token).toMatch(/^[A-Za-z0-9]{70}$/);
  });
});

describe("bad input at sign-in", () => {
  it.each([
    ["no body at all", undefined, 422],
    ["an empty username", { username: "  ", password: "x" }, 422],
    ["a username that is not a string", { username: 5, password: "x" }, 422],
    ["an over-long username", { username: "a".repeat(191), password: "x" }, 422],
    ["an over-long password", { username: "staff", password: "x".repeat(1025) }, 422],
    ["a username with a NUL byte", { username: "st\u0000aff", password: "x" }, 401],
    ["an array instead of an object", [], 422],
  ])("%s: a clear message and %s, never 500", async (_label, body, status) => {
    const res = await callRoute(login, apiRequest("/api/v1/login", { method: "POST", body }));
    expectErrorEnvelope(res, status);
  });

  it("a body that is not JSON is a 400", async () => {
    const { NextRequest } = await import("next/server");
    const req = new NextRequest("http://localhost/api/v1/login", {
      method: "POST",
      body: "{nope",
      headers: { "content-type": "application/json" },
    });
    const res = await callRoute(login, req);
    expectErrorEnvelope(res, 400);
    expect(res.json.message).toBe("The request body is not valid JSON.");
  });

  it("a missing password names the field", async () => {
    const res = await callRoute(login, apiRequest("/api/v1/login", { method: "POST", body: { username: "staff" } }));
    expectErrorEnvelope(res, 422);
    expect(res.json.content).toEqual({ password: ["Password Required"] });
  });
});

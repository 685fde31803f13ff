/**
 * Failed password sign-ins are limited per account and per address (at most 10 a minute), counted in
 * the database (issue 2, "Sign-in and sessions").
 */
import { describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { apiRequest, callRoute, setupTestDatabase } from "@/test/db";
import { expectErrorEnvelope } from "@/test/auth";
import { schema } from "@/lib/db";
import { MAX_FAILED_PER_MINUTE } from "@/lib/auth/rate-limit";
import { POST as login } from "@/app/api/v1/login/route";

const t = setupTestDatabase();
const TOO_MANY = "Too many failed sign-in attempts. Please wait a minute and try again.";

function signIn(username: string, password: string, ip?: string) {
  return callRoute(
    login,
    apiRequest("/api/v1/login", { method: "POST", body: { username, password }, headers: ip ? { "x-forwarded-for": `${ip}, 10.0.0.1` } : undefined }),
  );
}

async function attemptCount() {
  const [{ n }] = await t.db().select({ n: sql<number>`count(*)::int` }).from(schema.loginAttempts);
  return n;
}

describe("per account", () => {
  it("after 10 failures the 11th attempt is refused with 429, even with the right password", async () => {
    expect(MAX_FAILED_PER_MINUTE).toBe(10);
    for (let i = 0; i < 10; i++) expectErrorEnvelope(await signIn("manager", `wrong-${i}`), 401);
    const eleventh = await signIn("manager", "demo1234");
    expectErrorEnvelope(eleventh, 429);
    expect(eleventh.json.message).toBe(TOO_MANY);
    // The username is matched case-insensitively, so changing its case does not reset the count.
    expectErrorEnvelope(await signIn("  MANAGER ", "demo1234"), 429);
  });

  it("other accounts are not affected", async () => {
    expect((await signIn("staff", "demo1234")).status).toBe(200);
  });

  it("counts the same account named by username and by e-mail together", async () => {
    for (let i = 0; i < 5; i++) expectErrorEnvelope(await signIn("admin", "nope", `192.0.2.${i}`), 401);
    for (let i = 0; i < 5; i++) expectErrorEnvelope(await signIn("admin@example.com", "nope", `192.0.2.${10 + i}`), 401);
    expectErrorEnvelope(await signIn("admin", "demo1234", "192.0.2.99"), 429);
    expectErrorEnvelope(await signIn("admin@example.com", "demo1234", "192.0.2.98"), 429);
  });

  it("a refused attempt is not counted again and writes nothing", async () => {
    const before = await attemptCount();
    expectErrorEnvelope(await signIn("manager", "wrong"), 429);
    expect(await attemptCount()).toBe(before);
  });

  it("failures older than a minute no longer count", async () => {
    await t.db().update(schema.loginAttempts).set({ createdAt: sql`now() - interval '61 seconds'` });
    expect((await signIn("manager", "demo1234")).status).toBe(200);
    expect((await signIn("admin", "demo1234")).status).toBe(200);
  });
});

describe("per address", () => {
  it("10 failures for different usernames from one address block that address", async () => {
    for (let i = 0; i < 10; i++) expectErrorEnvelope(await signIn(`nobody-${i}`, "wrong", "203.0.113.7"), 401);
    const blocked = await signIn("staff", "demo1234", "203.0.113.7");
    expectErrorEnvelope(blocked, 429);
    expect(blocked.json.message).toBe(TOO_MANY);
  });

  it("a different username from another address still signs in", async () => {
    const res = await signIn("staff", "demo1234", "203.0.113.8");
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
    const req = new NextRequest("http://localhost/api/v1/login", { method: "POST", body: "{nope", headers: { "content-type": "application/json" } });
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

/**
 * One office cannot lock another's accounts. After a spray from the office's one
 * address, the administrator's correct password from that address got 429. A browser that has signed in
 * to the account before carries a device cookie (lib/auth/device-cookie.ts) and keeps its own allowance
 * while the address and the account are slowed for everyone else; without it the limits hold as before.
 */
import { beforeEach, describe, expect, it, vi } from "vitest";

vi.mock("next/headers", () => import("@/test/mock-next-headers"));

import { eq, like, sql } from "drizzle-orm";
import { cookieJar, requestHeaders } from "@/test/mock-next-headers";
import { apiRequest, callRoute, setupTestDatabase } from "@/test/db";
import { expectErrorEnvelope } from "@/test/auth";
import { schema } from "@/lib/db";
import { LIMITS, TOO_MANY_ATTEMPTS } from "@/lib/auth/rate-limit";
import { DEVICE_COOKIE, decodeDeviceCookie, encodeDeviceCookie } from "@/lib/auth/device-cookie";
import { ACCOUNT_DISABLED } from "@/lib/auth/accounts";
import { POST as v1Login } from "@/app/api/v1/login/route";

const t = setupTestDatabase();

const OFFICE = "203.0.113.40";

beforeEach(async () => {
  cookieJar.clear();
  requestHeaders.delete("x-forwarded-for");
  await t.db().delete(schema.loginAttempts);
});

/** The sign-in page's password sign-in from `ip`, in a browser holding `device` (or none). */
async function browserSignIn(username: string, password: string, ip: string, device?: string | null) {
  const { loginAction } = await import("@/lib/auth/actions");
  cookieJar.clear();
  if (device) cookieJar.set(DEVICE_COOKIE, device);
  requestHeaders.set("x-forwarded-for", ip);
  return loginAction({ username, password });
}

/** Someone else at the office address (no device cookie), through the v1 login. */
const attacker = (username: string, password: string, ip = OFFICE) =>
  callRoute(
    v1Login,
    apiRequest("/api/v1/login", { method: "POST", body: { username, password }, headers: { "x-forwarded-for": ip } }),
  );

/** A spray from `ip`: past the address's limit, with failures for the administrator among them. */
async function spray(ip: string) {
  for (let i = 0; i < LIMITS.pairFreeFailures; i++)
    expectErrorEnvelope(await attacker("admin", `Winter${i}!`, ip), 401);
  await t
    .db()
    .insert(schema.loginAttempts)
    .values(Array.from({ length: LIMITS.addressMaxFailures }, () => ({ key: `ip:${ip}` })));
}

const userId = async (username: string) =>
  (await t.db().select().from(schema.users).where(eq(schema.users.username, username)))[0].id;

const keysLike = async (pattern: string) =>
  (
    await t
      .db()
      .select({ n: sql<number>`count(*)::int` })
      .from(schema.loginAttempts)
      .where(like(schema.loginAttempts.key, pattern))
  )[0].n;

describe("a browser that has signed in before keeps its own allowance", () => {
  it("a sign-in gives the browser a device cookie naming the account, a new one each time", async () => {
    const first = await browserSignIn("admin", "demo1234", OFFICE);
    expect(first).toMatchObject({ ok: true });
    const cookie = cookieJar.get(DEVICE_COOKIE)!;
    expect(await decodeDeviceCookie(cookie)).toMatchObject({ userId: await userId("admin") });
    await browserSignIn("admin", "demo1234", OFFICE, cookie);
    const second = cookieJar.get(DEVICE_COOKIE)!;
    expect((await decodeDeviceCookie(second))!.device).not.toBe((await decodeDeviceCookie(cookie))!.device);
  });

  it("after a spray from the office's address, the administrator's password without the device cookie is refused as before; with it, accepted", async () => {
    await browserSignIn("admin", "demo1234", OFFICE);
    const device = cookieJar.get(DEVICE_COOKIE)!;
    await spray(OFFICE);

    const without = await browserSignIn("admin", "demo1234", OFFICE);
    expect(without).toMatchObject({ ok: false, message: TOO_MANY_ATTEMPTS });
    expectErrorEnvelope(await attacker("admin", "demo1234"), 429);

    // The spray goes on: every other attempt from the address now waits its longest delay (10 s).
    await t
      .db()
      .insert(schema.loginAttempts)
      .values(Array.from({ length: 60 }, () => ({ key: `ip:${OFFICE}` })));
    const started = Date.now();
    const withDevice = await browserSignIn("admin", "demo1234", OFFICE, device);
    expect(withDevice).toMatchObject({ ok: true, data: { redirectTo: "/" } });
    // Not slowed either: the address's delay is for everyone else.
    expect(Date.now() - started).toBeLessThan(LIMITS.addressMaxDelayMs / 2);
  });

  it("the v1 login of a browser that holds the device cookie is judged the same way", async () => {
    const device = await encodeDeviceCookie(await userId("admin"));
    await spray(OFFICE);
    expectErrorEnvelope(await attacker("admin", "demo1234"), 429);
    const res = await callRoute(
      v1Login,
      apiRequest("/api/v1/login", {
        method: "POST",
        body: { username: "admin", password: "demo1234" },
        headers: { "x-forwarded-for": OFFICE, cookie: `${DEVICE_COOKIE}=${device}` },
      }),
    );
    expect(res.status).toBe(200);
  });

  it("failures from a device count against that device only; past its limit it is not trusted any more", async () => {
    await browserSignIn("admin", "demo1234", OFFICE);
    const device = cookieJar.get(DEVICE_COOKIE)!;
    await spray(OFFICE);
    const pairBefore = await keysLike("pair:account:%");
    const addressBefore = await keysLike(`ip:${OFFICE}`);
    for (let i = 0; i < LIMITS.deviceMaxFailures; i++) {
      const res = await browserSignIn("admin", `typo-${i}`, OFFICE, device);
      expect(res).toMatchObject({ ok: false, message: "Invalid username or password." });
    }
    expect(await keysLike("device:%")).toBe(LIMITS.deviceMaxFailures);
    expect(await keysLike("pair:account:%")).toBe(pairBefore);
    expect(await keysLike(`ip:${OFFICE}`)).toBe(addressBefore);
    // The device has spent its allowance: the ordinary limits apply to it again (the pair is waiting).
    expect(await browserSignIn("admin", "demo1234", OFFICE, device)).toMatchObject({
      ok: false,
      message: TOO_MANY_ATTEMPTS,
    });
  });

  it("a device cookie of another account, or an altered one, is no allowance", async () => {
    await browserSignIn("staff", "demo1234", "198.51.100.3");
    const staffDevice = cookieJar.get(DEVICE_COOKIE)!;
    await spray(OFFICE);
    expect(await browserSignIn("admin", "demo1234", OFFICE, staffDevice)).toMatchObject({
      ok: false,
      message: TOO_MANY_ATTEMPTS,
    });
    const adminDevice = await encodeDeviceCookie(await userId("admin"));
    const altered = adminDevice.slice(0, -5) + (adminDevice.at(-5) === "A" ? "B" : "A") + adminDevice.slice(-4);
    expect(await browserSignIn("admin", "demo1234", OFFICE, altered)).toMatchObject({
      ok: false,
      message: TOO_MANY_ATTEMPTS,
    });
  });

  it("a device cookie does not open a disabled account", async () => {
    const device = await encodeDeviceCookie(await userId("manager"));
    await t.db().update(schema.users).set({ status: "disabled" }).where(eq(schema.users.username, "manager"));
    try {
      const res = await browserSignIn("manager", "demo1234", OFFICE, device);
      expect(res).toMatchObject({ ok: false, message: ACCOUNT_DISABLED });
    } finally {
      await t.db().update(schema.users).set({ status: "active" }).where(eq(schema.users.username, "manager"));
    }
  });
});

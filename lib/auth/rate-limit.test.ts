import { describe, expect, it } from "vitest";
import { encode } from "next-auth/jwt";
import { LIMITS, accountDelayMs, addressDelayMs, attemptKeys, pairWaitMs } from "./rate-limit";
import { hasSessionCookie } from "./session";
import { DEVICE_COOKIE, decodeDeviceCookie, deviceKey, encodeDeviceCookie } from "./device-cookie";
import { encodePendingLink } from "./sso-link";

describe("attemptKeys", () => {
  it("counts per account and address pair, per account and per address", () => {
    expect(attemptKeys("  Admin ", "203.0.113.7")).toEqual({
      pair: "pair:user:admin|203.0.113.7",
      account: "user:admin",
      address: "ip:203.0.113.7",
    });
    expect(attemptKeys({ id: 4 }, null)).toEqual({
      pair: "pair:account:4|unknown",
      account: "account:4",
      address: "ip:unknown",
    });
  });

  it("keeps the keys within the column's 255 characters", () => {
    for (const kind of ["password", "sso-link"] as const) {
      const keys = attemptKeys("x".repeat(5000), "y".repeat(5000), kind);
      for (const key of Object.values(keys)) expect(key.length).toBeLessThanOrEqual(255);
    }
  });

  it("the SSO link's attempts count under keys of their own, never an account's password keys", () => {
    const password = attemptKeys({ id: 1 }, "203.0.113.7");
    const link = attemptKeys({ id: 1 }, "203.0.113.7", "sso-link");
    expect(link).toEqual({
      pair: "link:pair:account:1|203.0.113.7",
      account: "link:account:1",
      address: "link:ip:203.0.113.7",
    });
    for (const key of Object.values(link)) expect(Object.values(password)).not.toContain(key);
  });
});

describe("device cookies", () => {
  it("name the account they were given for, with a new device id each time", async () => {
    const a = await decodeDeviceCookie(await encodeDeviceCookie(7));
    const b = await decodeDeviceCookie(await encodeDeviceCookie(7));
    expect(a).toMatchObject({ userId: 7 });
    expect(a!.device).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(a!.device).not.toBe(b!.device);
    expect(deviceKey(a!.device)).toBe(`device:${a!.device}`);
    expect(deviceKey("x".repeat(64)).length).toBeLessThanOrEqual(255);
  });

  it("an altered, foreign, expired or other cookie is no device cookie", async () => {
    const good = await encodeDeviceCookie(7);
    const flipped = good.slice(0, -5) + (good.at(-5) === "A" ? "B" : "A") + good.slice(-4);
    expect(await decodeDeviceCookie(flipped)).toBeNull();
    expect(await decodeDeviceCookie("7.abc.def")).toBeNull();
    expect(await decodeDeviceCookie("")).toBeNull();
    expect(await decodeDeviceCookie(null)).toBeNull();
    // Sealed with another secret (another portal), or for another purpose (the pending SSO link's salt).
    const otherSecret = await encode({
      token: { sub: "7", device: "d" },
      secret: "another-secret-another-secret-0000",
      salt: DEVICE_COOKIE,
    });
    expect(await decodeDeviceCookie(otherSecret)).toBeNull();
    expect(
      await decodeDeviceCookie(await encodePendingLink({ issuer: "https://sso", sub: "7", email: "a@b.c" })),
    ).toBeNull();
    // Expired: past its maxAge (and Auth.js's 15 s clock tolerance).
    const { getAuthSecret } = await import("@/lib/config");
    const expired = await encode({
      token: { sub: "7", device: "d" },
      secret: getAuthSecret(),
      salt: DEVICE_COOKIE,
      maxAge: -60,
    });
    expect(await decodeDeviceCookie(expired)).toBeNull();
  });
});

describe("the delays", () => {
  it("a pair waits longer after each failure past the free ones, at most 15 minutes", () => {
    expect(pairWaitMs(LIMITS.pairFreeFailures - 1)).toBe(0);
    expect(pairWaitMs(LIMITS.pairFreeFailures)).toBe(1000);
    expect(pairWaitMs(LIMITS.pairFreeFailures + 3)).toBe(8000);
    expect(pairWaitMs(1000)).toBe(LIMITS.pairMaxWaitMs);
  });

  it("an account is slowed, growing, to at most 3 seconds", () => {
    expect(accountDelayMs(LIMITS.accountFreeFailures - 1)).toBe(0);
    expect(accountDelayMs(LIMITS.accountFreeFailures)).toBe(100);
    expect(accountDelayMs(LIMITS.accountFreeFailures + 2)).toBe(400);
    expect(accountDelayMs(1000)).toBe(LIMITS.accountMaxDelayMs);
  });

  it("an address past 100 failures is slowed for every attempt, growing, to at most 10 seconds", () => {
    expect(addressDelayMs(LIMITS.addressMaxFailures - 1)).toBe(0);
    expect(addressDelayMs(LIMITS.addressMaxFailures)).toBe(500);
    expect(addressDelayMs(LIMITS.addressMaxFailures + 10)).toBe(1000);
    expect(addressDelayMs(LIMITS.addressMaxFailures + 29)).toBe(2000);
    expect(addressDelayMs(100_000)).toBe(LIMITS.addressMaxDelayMs);
  });
});

describe("hasSessionCookie", () => {
  it("knows both Auth.js cookie names", () => {
    expect(hasSessionCookie((n) => (n === "authjs.session-token" ? "x" : undefined))).toBe(true);
    expect(hasSessionCookie((n) => (n === "__Secure-authjs.session-token" ? "x" : undefined))).toBe(true);
    expect(hasSessionCookie(() => undefined)).toBe(false);
  });
});

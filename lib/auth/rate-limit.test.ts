import { describe, expect, it } from "vitest";
import { LIMITS, accountDelayMs, addressDelayMs, attemptKeys, pairWaitMs } from "./rate-limit";
import { hasSessionCookie } from "./session";

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
    const keys = attemptKeys("x".repeat(5000), "y".repeat(5000));
    for (const key of Object.values(keys)) expect(key.length).toBeLessThanOrEqual(255);
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

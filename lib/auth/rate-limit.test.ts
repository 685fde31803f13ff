import { describe, expect, it } from "vitest";
import { attemptKeys } from "./rate-limit";
import { hasSessionCookie } from "./session";

describe("attemptKeys", () => {
  it("counts per account (case and spaces ignored) and per address", () => {
    expect(attemptKeys("  Admin ", "203.0.113.7")).toEqual(["user:admin", "ip:203.0.113.7"]);
    expect(attemptKeys("admin", null)).toEqual(["user:admin"]);
  });

  it("keeps the keys within the column's 255 characters", () => {
    const [user, ip] = attemptKeys("x".repeat(5000), "y".repeat(5000));
    expect(user.length).toBeLessThanOrEqual(255);
    expect(ip.length).toBeLessThanOrEqual(255);
  });
});

describe("hasSessionCookie", () => {
  it("knows both Auth.js cookie names", () => {
    expect(hasSessionCookie((n) => (n === "authjs.session-token" ? "x" : undefined))).toBe(true);
    expect(hasSessionCookie((n) => (n === "__Secure-authjs.session-token" ? "x" : undefined))).toBe(true);
    expect(hasSessionCookie(() => undefined)).toBe(false);
  });
});

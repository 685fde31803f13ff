/**
 * After sign-in only same-origin paths are followed, and the sign-in page shows only known error
 * codes' texts (issue 19, "Open redirect after sign-in", "Headers and sessions").
 */
import { beforeEach, describe, expect, it, vi } from "vitest";

vi.mock("next/headers", () => import("@/test/mock-next-headers"));

import { cookieJar } from "@/test/mock-next-headers";
import { setupTestDatabase } from "@/test/db";
import { loginErrorText, safeCallbackPath } from "@/lib/auth/login-params";

setupTestDatabase();

beforeEach(() => {
  cookieJar.clear();
});

const HOSTILE = [
  "/\\example.org/phish",
  "//example.org/phish",
  "/\\/example.org",
  "/\t/example.org",
  "/\n/example.org",
  "/%5Cexample.org",
  "https://example.org/",
  "https:example.org",
  "javascript:alert(1)",
  "\\\\example.org",
  " //example.org",
  "/login?callbackUrl=//example.org",
];

describe("loginAction", () => {
  it.each(HOSTILE)("does not follow %j after a successful sign-in", async (callbackUrl) => {
    const { loginAction } = await import("@/lib/auth/actions");
    const res = await loginAction({ username: "staff", password: "demo1234", callbackUrl });
    expect(res).toMatchObject({ ok: true });
    const to = (res as { data: { redirectTo: string } }).data.redirectTo;
    expect(new URL(to, "https://portal.example.com").origin).toBe("https://portal.example.com");
    expect(to.startsWith("/") && !to.startsWith("//") && !to.startsWith("/\\")).toBe(true);
  });

  it("follows a same-origin path with its query", async () => {
    const { loginAction } = await import("@/lib/auth/actions");
    const res = await loginAction({ username: "staff", password: "demo1234", callbackUrl: "/company-news?page=2" });
    expect(res).toMatchObject({ ok: true, data: { redirectTo: "/company-news?page=2" } });
  });
});

describe("safeCallbackPath", () => {
  it.each(HOSTILE)("refuses %j", (value) => {
    const path = safeCallbackPath(value);
    expect(path === null || path === "/%5Cexample.org").toBe(true);
  });
  it("keeps same-origin paths, normalised", () => {
    expect(safeCallbackPath("/user/list?x=1#top")).toBe("/user/list?x=1#top");
    expect(safeCallbackPath("/a/../b")).toBe("/b");
    expect(safeCallbackPath(undefined)).toBeNull();
  });
});

describe("loginErrorText", () => {
  it("shows known codes' texts, a generic text otherwise, never the URL's text", () => {
    expect(loginErrorText("AccountDisabled")).toBe("Your account is disabled. Please contact an administrator.");
    expect(loginErrorText("Your account was hacked, call +1 555 0100")).toBe("Sign-in failed. Please try again.");
    expect(loginErrorText("constructor")).toBe("Sign-in failed. Please try again.");
    expect(loginErrorText(undefined)).toBeUndefined();
  });
});

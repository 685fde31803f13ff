/**
 * After sign-in only same-origin paths are followed, and the sign-in page shows only known error
 * codes' texts (docs/security.md: the callbackUrl check). A link survives
 * sign-in: a signed-out visitor goes to /login with the page as callbackUrl, and a session that ended
 * for a reason says why (docs/security.md).
 */
import { beforeEach, describe, expect, it, vi } from "vitest";

vi.mock("next/headers", () => import("@/test/mock-next-headers"));

import { NextRequest } from "next/server";
import { eq } from "drizzle-orm";
import { cookieJar, requestHeaders } from "@/test/mock-next-headers";
import { setupTestDatabase } from "@/test/db";
import { SESSION_COOKIE, sessionFor } from "@/test/auth";
import { schema } from "@/lib/db";
import { loginErrorText, loginPath, safeCallbackPath, signInNoticeText } from "@/lib/auth/login-params";
import { loginRedirectPath, PAGE_PATH_HEADER } from "@/lib/auth/guards";
import { proxy } from "@/proxy";

const t = setupTestDatabase();

beforeEach(() => {
  cookieJar.clear();
  requestHeaders.delete(PAGE_PATH_HEADER);
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
  "//evil.example",
  "https://evil.example",
  "/\\evil.example",
  "/\\evil",
  // Normalised (docs/security.md), these become `//host` (lib/auth/login-params.test.ts holds the whole table).
  "/..//example.org/phish",
  "/a/..//evil.example/x",
  "/%2e%2e//evil.example",
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

describe("Auth.js's own redirects go only to a path of the portal", () => {
  /** Auth.js's sign-out endpoint, asked to come back to `callbackUrl`: where it says to go. */
  async function signOutTo(callbackUrl: string): Promise<string> {
    const { GET, POST } = await import("@/app/api/auth/[...nextauth]/route");
    const csrfRes = await GET(new NextRequest("http://localhost/api/auth/csrf"));
    const { csrfToken } = (await csrfRes.json()) as { csrfToken: string };
    const csrfCookie = csrfRes.headers
      .getSetCookie()
      .map((c) => c.split(";")[0])
      .find((c) => c.includes("csrf-token"))!;
    const out = await POST(
      new NextRequest("http://localhost/api/auth/signout", {
        method: "POST",
        headers: {
          cookie: csrfCookie,
          "content-type": "application/x-www-form-urlencoded",
          "x-auth-return-redirect": "1",
        },
        body: new URLSearchParams({ csrfToken, callbackUrl }).toString(),
      }),
    );
    return ((await out.json()) as { url: string }).url;
  }

  it.each([...HOSTILE, "/..//example.org/login"])(
    "sign-out's callbackUrl %j stays on the portal",
    async (callbackUrl) => {
      const url = await signOutTo(callbackUrl);
      const parsed = new URL(url);
      expect(parsed.origin).toBe("http://localhost");
      expect(parsed.pathname).toMatch(/^\/(?![/\\])/);
      expect(new URL(`${parsed.pathname}${parsed.search}`, "https://other.example").origin).toBe(
        "https://other.example",
      );
    },
  );

  it("the sign-in page itself, and a portal path, are followed", async () => {
    expect(new URL(await signOutTo("/login")).pathname).toBe("/login");
    expect(new URL(await signOutTo("/company-news?x=1")).href).toMatch(/\/company-news\?x=1$/);
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

describe("a link survives sign-in", () => {
  const visit = (path: string, headers: Record<string, string> = {}) =>
    proxy(new NextRequest(`http://localhost${path}`, { headers }));

  it("a signed-out visitor goes to /login with the page and its query as callbackUrl", () => {
    const res = visit("/company-news/post/1?tab=comments&page=2");
    const location = new URL(res.headers.get("location")!);
    expect(location.pathname).toBe("/login");
    expect(location.searchParams.get("callbackUrl")).toBe("/company-news/post/1?tab=comments&page=2");
    expect([...location.searchParams.keys()]).toEqual(["callbackUrl"]);
  });

  it("Next's own _rsc parameter is not part of the way back; the home page needs none", () => {
    expect(
      new URL(visit("/calendar?_rsc=abc&month=2026-12").headers.get("location")!).searchParams.get("callbackUrl"),
    ).toBe("/calendar?month=2026-12");
    expect(new URL(visit("/").headers.get("location")!).search).toBe("");
  });

  it.each(["//evil.example/x", "/\\evil.example/x"])(
    "a path the URL parser reads as another host (%j) gets no callbackUrl",
    (path) => {
      const location = visit(path).headers.get("location");
      if (location) expect(new URL(location).searchParams.get("callbackUrl") ?? "/").toMatch(/^\/(?![/\\])/);
    },
  );

  it("a page request tells the page its own path (the client's value is replaced)", () => {
    const res = visit("/company-news/post/1?x=1", {
      cookie: `${SESSION_COOKIE}=x`,
      [PAGE_PATH_HEADER]: "//evil.example",
    });
    expect(res.headers.get(`x-middleware-request-${PAGE_PATH_HEADER}`)).toBe("/company-news/post/1?x=1");
  });

  it("a page whose session is gone sends to /login with the page and why: access changed", async () => {
    const staff = await sessionFor(t.db(), "staff");
    cookieJar.set(SESSION_COOKIE, staff.cookie);
    requestHeaders.set(PAGE_PATH_HEADER, "/company-news/post/1?x=1");
    // An administrator changes the role (lib/users/mutations.ts revokes with reason 'access').
    const { hashToken } = await import("@/lib/auth/tokens");
    await t
      .db()
      .update(schema.apiTokens)
      .set({ revokedAt: new Date(), revokedReason: "access" })
      .where(eq(schema.apiTokens.tokenHash, hashToken(staff.sid)));
    expect(await loginRedirectPath()).toBe(
      `/login?callbackUrl=${encodeURIComponent("/company-news/post/1?x=1")}&reason=AccessChanged`,
    );
  });

  it("...and 'Your session ended' for any other end; no reason without a cookie; a hostile path is dropped", async () => {
    const staff = await sessionFor(t.db(), "staff");
    cookieJar.set(SESSION_COOKIE, staff.cookie);
    requestHeaders.set(PAGE_PATH_HEADER, "/user/list");
    const { revokeToken } = await import("@/lib/auth/session");
    await revokeToken(staff.sid);
    expect(await loginRedirectPath()).toBe(
      `/login?callbackUrl=${encodeURIComponent("/user/list")}&reason=SessionEnded`,
    );
    cookieJar.clear();
    requestHeaders.set(PAGE_PATH_HEADER, "//evil.example");
    expect(await loginRedirectPath()).toBe("/login");
  });

  it("the sign-in page shows only the known reasons' texts", () => {
    expect(signInNoticeText("SessionEnded")).toBe("Your session ended. Please sign in again.");
    expect(signInNoticeText("AccessChanged")).toBe("Your access changed; please sign in again.");
    expect(signInNoticeText("Call +1 555 0100")).toBeUndefined();
    expect(loginPath({ callbackUrl: "https://evil.example", reason: "SessionEnded" })).toBe(
      "/login?reason=SessionEnded",
    );
  });

  it("signing in with the password lands on the page of the link", async () => {
    const { loginAction } = await import("@/lib/auth/actions");
    const res = await loginAction({ username: "staff", password: "demo1234", callbackUrl: "/company-news/post/1" });
    expect(res).toMatchObject({ ok: true, data: { redirectTo: "/company-news/post/1" } });
  });
});

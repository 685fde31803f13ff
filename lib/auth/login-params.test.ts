/**
 * Sign-in returns only to a path of the portal. `/login?callbackUrl=%2F..%2F%2Fexample.org%2Fphish`
 * answered `307 location: //example.org/phish` for a signed-in visitor and location.assign'ed there after
 * a password sign-in: the old check resolved the value against the portal's origin, but handed back a
 * path (`//example.org/phish`) that the browser reads as another host.
 */
import { describe, expect, it } from "vitest";
import { loginPath, portalPath, safeCallbackPath } from "./login-params";

const ORIGIN = "https://portal.example.com";

/** Every form found so far, as the page receives it (the query string decoded), and what it becomes. */
const TABLE: [label: string, value: string, expected: string | null][] = [
  ["dot segments that leave `//host` (the issue's form)", "/..//example.org/phish", null],
  ["dot segments inside a path", "/a/..//evil.example/x", null],
  ["percent-encoded dot segments", "/%2e%2e//evil.example", null],
  ["upper-case percent-encoded dot segments", "/%2E%2E//evil.example", null],
  ["a single dot segment", "/.//evil.example", null],
  ["a relative dot segment", "..//evil.example", null],
  ["a slash and a backslash", "/\\evil.example", null],
  ["two backslashes", "\\\\evil.example", null],
  ["a backslash between slashes", "/\\/evil.example", null],
  ["a dot, a backslash and a slash", "/./\\/evil.example", null],
  ["scheme-relative", "//evil.example", null],
  ["a leading space", " //evil.example", null],
  ["another origin", "https://evil.example", null],
  ["another scheme's relative form", "http:evil.example", null],
  ["javascript:", "javascript:alert(1)", null],
  ["a tab inside", "/\t/evil.example", null],
  ["a newline inside", "/\n/evil.example", null],
  ["a carriage return inside", "/\r/evil.example", null],
  ["the portal's host on another port", "https://portal.example.com:8443/company-news", null],
  ["the portal's host over http", "http://portal.example.com/company-news", null],
  ["the sign-in page (a loop)", "/login?callbackUrl=//example.org", null],
  ["nothing", "", null],
  ["encoded backslashes stay a path of the portal", "/%5C%5Cevil.example", "/%5C%5Cevil.example"],
  ["encoded slashes stay a path of the portal", "/%2F%2Fevil.example", "/%2F%2Fevil.example"],
  ["a page with its query and fragment", "/company-news?x=1#y", "/company-news?x=1#y"],
  ["dot segments that stay on the portal", "/a/../b", "/b"],
  ["a newline inside a good path is dropped, as the browser does", "/company-news\n?x=1", "/company-news?x=1"],
  ["an absolute URL of the portal's own origin", "https://portal.example.com/user/list?page=2", "/user/list?page=2"],
  ["the same scheme's relative form stays on the portal", "https:example.org", "/example.org"],
];

describe("safeCallbackPath normalises the way the browser will and keeps only the portal's paths", () => {
  it.each(TABLE)("%s: %j -> %j", (_label, value, expected) => {
    expect(safeCallbackPath(value, ORIGIN)).toBe(expected);
  });

  it.each(TABLE.filter(([, , expected]) => expected !== null))(
    "%s: the answer, read by a browser on any origin, stays on it",
    (_label, value) => {
      const path = safeCallbackPath(value, ORIGIN)!;
      expect(path).toMatch(/^\/(?![/\\])/);
      for (const origin of [ORIGIN, "http://localhost:3000", "http://127.0.0.1:4861"])
        expect(new URL(path, origin).origin).toBe(origin);
    },
  );

  it("the issue's query string, decoded as the page decodes it, is refused", () => {
    for (const query of [
      "callbackUrl=%2F..%2F%2Fexample.org%2Fphish",
      "callbackUrl=/a/..//evil.example/x",
      "callbackUrl=/%252e%252e//evil.example",
      "callbackUrl=%2F%2e%2e%2F%2Fevil.example",
    ]) {
      const value = new URLSearchParams(query).get("callbackUrl");
      const path = safeCallbackPath(value, ORIGIN);
      if (path !== null) expect(new URL(path, ORIGIN).origin, query).toBe(ORIGIN);
    }
    expect(
      safeCallbackPath(new URLSearchParams("callbackUrl=%2F..%2F%2Fexample.org%2Fphish").get("callbackUrl"), ORIGIN),
    ).toBeNull();
  });

  it("portalPath allows the sign-in page (Auth.js's own redirects go there), safeCallbackPath does not", () => {
    expect(portalPath("/login?error=SsoLinkRequired", ORIGIN)).toBe("/login?error=SsoLinkRequired");
    expect(portalPath(`${ORIGIN}/login`, ORIGIN)).toBe("/login");
    expect(portalPath("/..//evil.example/login", ORIGIN)).toBeNull();
    expect(safeCallbackPath("/login", ORIGIN)).toBeNull();
    expect(safeCallbackPath("/login/", ORIGIN)).toBeNull();
  });

  it("on the server the origin is APP_URL/AUTH_URL's, so only that origin's absolute URLs are followed", () => {
    const saved = process.env.APP_URL;
    process.env.APP_URL = "https://portal.example.com";
    try {
      expect(safeCallbackPath("https://portal.example.com/company-news")).toBe("/company-news");
      expect(safeCallbackPath("https://evil.example/company-news")).toBeNull();
      expect(safeCallbackPath("/..//example.org/phish")).toBeNull();
    } finally {
      if (saved === undefined) delete process.env.APP_URL;
      else process.env.APP_URL = saved;
    }
  });

  it("the way back from an ended session carries no hostile path", () => {
    expect(loginPath({ callbackUrl: "/..//example.org/phish", reason: "SessionEnded" })).toBe(
      "/login?reason=SessionEnded",
    );
    expect(loginPath({ callbackUrl: "/company-news?x=1" })).toBe(
      `/login?callbackUrl=${encodeURIComponent("/company-news?x=1")}`,
    );
  });
});

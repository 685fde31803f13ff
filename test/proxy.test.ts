/**
 * proxy.ts (issue 19, "Cross-site request forgery", "Headers and sessions"): server actions from
 * another origin or with an oversize body are refused with a 4xx before Next answers them with a 500;
 * every page gets a Content-Security-Policy with a fresh script nonce and no 'unsafe-inline' scripts.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { NextRequest } from "next/server";
import { unstable_doesMiddlewareMatch } from "next/experimental/testing/server";
import { ACTION_BODY_LIMIT, config, proxy, screen } from "@/proxy";
import { knownServerActionIds, serverActionManifestFile } from "@/lib/http/server-actions";

const SESSION = { cookie: "authjs.session-token=x" };

function action(headers: Record<string, string>, path = "/company-news") {
  return proxy(
    new NextRequest(`http://localhost${path}`, {
      method: "POST",
      headers: {
        "next-action": "abc123",
        "content-type": "text/plain;charset=UTF-8",
        host: "localhost",
        "content-length": "20",
        ...SESSION,
        ...headers,
      },
      body: '["a","b","c","d"]',
    }),
  );
}

describe("server actions", () => {
  it.each([
    ["another site", { origin: "https://evil.example" }],
    ["a sibling subdomain", { origin: "http://sub.localhost" }],
    ["another port", { origin: "http://localhost:8080" }],
    ["a sandboxed frame (null)", { origin: "null" }],
    ["a malformed Origin", { origin: "http://" }],
    ["no Origin, a same-site fetch", { "sec-fetch-site": "same-site" }],
    ["no Origin and no Sec-Fetch-Site", {}],
  ])("from %s: 403, not Next's 500", (_label, headers) => {
    const res = action(headers);
    expect(res.status).toBe(403);
    expect(res.headers.get("x-middleware-next")).toBeNull();
  });

  it("on the sign-in page too", () => {
    expect(action({ origin: "https://evil.example" }, "/login").status).toBe(403);
  });

  it("an oversize body: 413; no declared length: 411", () => {
    expect(action({ origin: "http://localhost", "content-length": String(ACTION_BODY_LIMIT + 1) }).status).toBe(413);
    const noLength = proxy(
      new NextRequest("http://localhost/company-news", {
        method: "POST",
        headers: { "next-action": "abc", origin: "http://localhost", host: "localhost", ...SESSION },
      }),
    );
    expect(noLength.status).toBe(411);
  });

  it("from the portal's own page: passed on, with its Origin's host as the host Next compares", () => {
    const res = action({ origin: "http://localhost" });
    expect(res.headers.get("x-middleware-next")).toBe("1");
    expect(res.headers.get("x-middleware-request-x-forwarded-host")).toBe("localhost");
  });

  it("from the configured public URL behind a proxy that keeps its internal Host", () => {
    const saved = process.env.APP_URL;
    process.env.APP_URL = "https://portal.example.com";
    try {
      const res = action({ origin: "https://portal.example.com", host: "app:3000" });
      expect(res.headers.get("x-middleware-next")).toBe("1");
      expect(res.headers.get("x-middleware-request-x-forwarded-host")).toBe("portal.example.com");
    } finally {
      if (saved === undefined) delete process.env.APP_URL;
      else process.env.APP_URL = saved;
    }
  });
});

describe("Content-Security-Policy", () => {
  const page = (path: string, headers: Record<string, string> = SESSION) =>
    proxy(new NextRequest(`http://localhost${path}`, { headers }));

  it("scripts only with a fresh per-request nonce, never 'unsafe-inline'; forms post only to the portal", () => {
    const a = page("/company-news");
    const b = page("/company-news");
    const csp = a.headers.get("content-security-policy")!;
    const scriptSrc = csp.split(";").find((d) => d.trim().startsWith("script-src"))!;
    expect(scriptSrc).toMatch(/'nonce-[A-Za-z0-9+/=]{16,}'/);
    expect(scriptSrc).not.toContain("unsafe-inline");
    expect(csp).toContain("form-action 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toBe(b.headers.get("content-security-policy"));
    // Next reads the nonce from the request's policy to put it on its own scripts.
    expect(a.headers.get("x-middleware-request-content-security-policy")).toBe(csp);
  });

  it("the sign-in page gets it too, and is never redirected", () => {
    expect(unstable_doesMiddlewareMatch({ config, url: "http://localhost/login" })).toBe(true);
    const res = page("/login?callbackUrl=%2Fx", {});
    expect(res.headers.get("location")).toBeNull();
    expect(res.headers.get("content-security-policy")).toMatch(/'nonce-/);
  });

  it("a signed-out visitor of any other page still goes to /login", () => {
    expect(new URL(page("/company-news", {}).headers.get("location")!).pathname).toBe("/login");
  });
});

describe("server action ids and page methods (issue 31)", () => {
  const KNOWN = "7fa0590cf988720a470f8ae550cba4cf9a78b72e1c";
  const known = new Set([KNOWN]);
  const post = (id: string) =>
    screen(
      new NextRequest("http://localhost/company-news", {
        method: "POST",
        headers: {
          "next-action": id,
          origin: "http://localhost",
          host: "localhost",
          "content-type": "text/plain;charset=UTF-8",
          "content-length": "2",
          ...SESSION,
        },
        body: "[]",
      }),
      known,
    );

  it.each([
    ["an id of no action of this build", "7f00000000000000000000000000000000000000aa"],
    ["a malformed id", "abc"],
    ["an empty id", ""],
  ])(
    "%s: 404 before Next (which answered 409/400 with a stack trace), with the header Next's client reads",
    (_label, id) => {
      const res = post(id);
      expect(res.status).toBe(404);
      expect(res.headers.get("x-middleware-next")).toBeNull();
      expect(res.headers.get("x-nextjs-action-not-found")).toBe("1");
    },
  );

  it("an action of this build goes on to Next; without a manifest (development) nothing is refused", () => {
    expect(post(KNOWN).headers.get("x-middleware-next")).toBe("1");
    const dev = screen(
      new NextRequest("http://localhost/company-news", {
        method: "POST",
        headers: {
          "next-action": "abc",
          origin: "http://localhost",
          host: "localhost",
          "content-length": "2",
          ...SESSION,
        },
        body: "[]",
      }),
      null,
    );
    expect(dev.headers.get("x-middleware-next")).toBe("1");
  });

  it.each(["PUT", "PATCH", "DELETE", "OPTIONS"])(
    "%s on a page: 405 with Allow: GET, HEAD, POST (it rendered the page or failed)",
    (method) => {
      for (const headers of [SESSION, {}]) {
        const res = screen(new NextRequest("http://localhost/login", { method, headers }), known);
        expect(res.status).toBe(405);
        expect(res.headers.get("allow")).toBe("GET, HEAD, POST");
      }
    },
  );

  it("reads the build's action ids from its manifest, again only when the file changes; none without a file", () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "portal-actions-"));
    try {
      const file = path.join(dir, "server-reference-manifest.json");
      expect(knownServerActionIds(file)).toBeNull();
      fs.writeFileSync(file, JSON.stringify({ node: { [KNOWN]: {} }, edge: { ef01: {} }, encryptionKey: "x" }));
      expect([...knownServerActionIds(file)!]).toEqual([KNOWN, "ef01"]);
      fs.writeFileSync(file, JSON.stringify({ node: { other: {} } }));
      fs.utimesSync(file, new Date(), new Date(Date.now() + 5000));
      expect([...knownServerActionIds(file)!]).toEqual(["other"]);
      expect(serverActionManifestFile("/srv/portal")).toBe("/srv/portal/.next/server/server-reference-manifest.json");
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

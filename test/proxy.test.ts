/**
 * proxy.ts (docs/security.md: cross-site requests, headers): server actions from
 * another origin or with an oversize body are refused with a 4xx before Next answers them with a 500;
 * every page gets a Content-Security-Policy with a fresh script nonce and no 'unsafe-inline' scripts.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it, vi } from "vitest";
import { NextRequest } from "next/server";
import { unstable_doesMiddlewareMatch } from "next/experimental/testing/server";
import { ACTION_BODY_LIMIT, config, proxy, screen } from "@/proxy";
import { logger } from "@/lib/log";
import {
  routeOfPath,
  routesManifestFile,
  serverActionManifestFile,
  serverActionRefusal,
  serverActionTable,
  workerRoute,
  type ServerActionTable,
} from "@/lib/http/server-actions";

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

/** A build's action table as serverActionTable reads it: the routes as routes-manifest.json orders them. */
function table(actions: Record<string, string[]>): ServerActionTable {
  const route = (page: string, regex: string) => ({ page, regex: new RegExp(regex) });
  return {
    actions: new Map(Object.entries(actions).map(([id, workers]) => [id, new Set(workers.map(workerRoute))])),
    routes: [
      route("/", "^/(?:/)?$"),
      route("/_not-found", "^/_not\\-found(?:/)?$"),
      route("/changeprofile", "^/changeprofile(?:/)?$"),
      route("/login", "^/login(?:/)?$"),
      route("/my/requests", "^/my/requests(?:/)?$"),
      route("/[slug]", "^/([^/]+?)(?:/)?$"),
      route("/[slug]/post/[id]", "^/([^/]+?)/post/([^/]+?)(?:/)?$"),
    ],
  };
}

describe("server action ids and page methods", () => {
  const KNOWN = "7fa0590cf988720a470f8ae550cba4cf9a78b72e1c";
  const known = table({ [KNOWN]: ["app/(portal)/[slug]/page"] });
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

  it("reads the build's actions and routes from its manifests, again only when a file changes; none without them", () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "portal-actions-"));
    try {
      const files = {
        actions: path.join(dir, "server-reference-manifest.json"),
        routes: path.join(dir, "routes.json"),
      };
      expect(serverActionTable(files)).toBeNull();
      fs.writeFileSync(
        files.actions,
        JSON.stringify({
          node: { [KNOWN]: { workers: { "app/(auth)/login/page": {} } } },
          edge: { ef01: { workers: { "app/(portal)/[slug]/@panel/page": {} } } },
          encryptionKey: "x",
        }),
      );
      expect(serverActionTable(files)).toBeNull(); // no routes manifest yet
      fs.writeFileSync(
        files.routes,
        JSON.stringify({
          staticRoutes: [{ page: "/login", regex: "^/login(?:/)?$" }],
          dynamicRoutes: [{ page: "/[slug]", regex: "^/([^/]+?)(?:/)?$" }],
        }),
      );
      const first = serverActionTable(files)!;
      expect([...first.actions]).toEqual([
        [KNOWN, new Set(["/login"])],
        ["ef01", new Set(["/[slug]"])],
      ]);
      expect(first.routes.map((r) => r.page)).toEqual(["/login", "/[slug]"]);
      fs.writeFileSync(files.actions, JSON.stringify({ node: { other: { workers: {} } } }));
      fs.utimesSync(files.actions, new Date(), new Date(Date.now() + 5000));
      expect([...serverActionTable(files)!.actions.keys()]).toEqual(["other"]);
      expect(serverActionManifestFile("/srv/portal")).toBe("/srv/portal/.next/server/server-reference-manifest.json");
      expect(routesManifestFile("/srv/portal")).toBe("/srv/portal/.next/routes-manifest.json");
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe("a server action posted to the wrong page is a clean 404", () => {
  const LOGIN = "7f521cb913aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa";
  const PROFILE = "7f5e14df9abbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb";
  const SHELL = "7f127bb39fcccccccccccccccccccccccccccccccc";
  const REQUESTS = "7fc5f0be8ddddddddddddddddddddddddddddddddd";
  const known = table({
    [LOGIN]: ["app/(auth)/login/page"],
    [PROFILE]: ["app/(portal)/changeprofile/page"],
    [SHELL]: ["app/(portal)/[slug]/page", "app/(portal)/[slug]/post/[id]/page", "app/(portal)/my/requests/page"],
    [REQUESTS]: ["app/(portal)/my/requests/page"],
  });
  const post = (id: string, path: string) =>
    screen(
      new NextRequest(`http://localhost${path}`, {
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
    ["the profile's action", PROFILE, "/login"],
    ["the profile's action", PROFILE, "/my/requests"],
    ["the profile's action", PROFILE, "/company-news"],
    ["the sign-in action", LOGIN, "/company-news/post/1"],
    ["the sign-in action, through an encoded path Next does not decode", LOGIN, "/%6Cogin"],
    ["the shell's action", SHELL, "/login"],
    ["a page's action", REQUESTS, "/company-news"],
    ["any action, on a path no page serves", SHELL, "/a/b/c/d"],
  ])("%s posted to %s: 404 before Next (which forwarded it and answered 200 {})", (_label, id, path) => {
    const res = post(id, path);
    expect(res.status).toBe(404);
    expect(res.headers.get("x-middleware-next")).toBeNull();
    expect(res.headers.get("x-nextjs-action-not-found")).toBe("1");
  });

  it.each([
    [LOGIN, "/login"],
    [LOGIN, "/login/"],
    [PROFILE, "/changeprofile"],
    [SHELL, "/company-news"],
    [SHELL, "/company-news/post/12?x=1"],
    [SHELL, "/my/requests"],
    [REQUESTS, "/my/requests"],
  ])("%s on its own page %s goes on to Next", (id, path) => {
    expect(post(id, path).headers.get("x-middleware-next")).toBe("1");
  });

  it("one line at warn per refusal, naming the page and why; nothing for an action on its own page", () => {
    const warn = vi.spyOn(logger, "warn").mockImplementation(() => undefined);
    try {
      post(PROFILE, "/my/requests");
      expect(warn).toHaveBeenCalledTimes(1);
      expect(warn.mock.calls[0][0]).toMatchObject({ path: "/my/requests", action: PROFILE, refusal: "wrong-page" });
      expect(warn.mock.calls[0][1]).toBe("server action refused");
      post("7f00000000000000000000000000000000000000aa", "/login");
      expect(warn.mock.calls[1][0]).toMatchObject({ refusal: "unknown" });
      post(PROFILE, "/changeprofile");
      expect(warn).toHaveBeenCalledTimes(2);
    } finally {
      warn.mockRestore();
    }
  });

  it("a path is matched as Next matches it: static routes before dynamic ones, else the 404 page", () => {
    expect(routeOfPath("/login", known)).toBe("/login");
    expect(routeOfPath("/my/requests", known)).toBe("/my/requests");
    expect(routeOfPath("/company-news", known)).toBe("/[slug]");
    expect(routeOfPath("/company-news/post/3", known)).toBe("/[slug]/post/[id]");
    expect(routeOfPath("/my/requests/x", known)).toBe("/_not-found");
    expect(serverActionRefusal("nope", "/login", known)).toBe("unknown");
    expect(serverActionRefusal(PROFILE, "/login", known)).toBe("wrong-page");
    expect(serverActionRefusal(PROFILE, "/login", null)).toBeNull();
  });

  it("a worker's bundle path is the route it serves", () => {
    expect(workerRoute("app/(auth)/login/page")).toBe("/login");
    expect(workerRoute("app/(portal)/[slug]/post/[id]/page")).toBe("/[slug]/post/[id]");
    expect(workerRoute("app/(portal)/page")).toBe("/");
    expect(workerRoute("app/_not-found/page")).toBe("/_not-found");
    expect(workerRoute("app/(portal)/@modal/x/page")).toBe("/x");
  });
});

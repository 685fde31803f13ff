import http from "node:http";
import { describe, expect, it } from "vitest";
import { gateRequest } from "@/scripts/portal-server.mjs";
import { clientIp, isSameOriginRequest, publicOrigin, publicOriginNotice, requestOrigin } from "./forwarded";
import { configuredOrigin, sanitiseForwardedHeaders, trustProxySetting } from "./proxy-trust.mjs";

const req = (headers: Record<string, string>, url = "http://portal.local/x") => ({
  url,
  headers: new Headers(headers),
});

describe("trustProxySetting", () => {
  it("is off unless set, a hop count or a list of addresses otherwise", () => {
    expect(trustProxySetting(undefined)).toEqual({ kind: "off" });
    expect(trustProxySetting("0")).toEqual({ kind: "off" });
    expect(trustProxySetting("false")).toEqual({ kind: "off" });
    expect(trustProxySetting("2")).toEqual({ kind: "hops", hops: 2 });
    expect(trustProxySetting("10.0.0.1, 10.1.0.0/16,loopback")).toEqual({
      kind: "addresses",
      addresses: ["10.0.0.1", "10.1.0.0/16", "loopback"],
    });
  });
});

describe("clientIp", () => {
  const chain = { "x-forwarded-for": "6.6.6.6, 203.0.113.9, 10.1.2.3" };
  it("without a trusted proxy is the socket peer (the last entry), whatever the client wrote", () => {
    expect(clientIp(req(chain), { kind: "off" })).toBe("10.1.2.3");
  });
  it("skips as many hops as TRUST_PROXY counts, never past the first entry", () => {
    expect(clientIp(req(chain), { kind: "hops", hops: 1 })).toBe("203.0.113.9");
    expect(clientIp(req(chain), { kind: "hops", hops: 9 })).toBe("6.6.6.6");
  });
  it("skips the named proxies (CIDR and IPv4-mapped addresses too)", () => {
    expect(clientIp(req(chain), { kind: "addresses", addresses: ["10.1.0.0/16"] })).toBe("203.0.113.9");
    expect(
      clientIp(req({ "x-forwarded-for": "203.0.113.9, ::ffff:127.0.0.1" }), {
        kind: "addresses",
        addresses: ["loopback"],
      }),
    ).toBe("203.0.113.9");
    expect(clientIp(req(chain), { kind: "addresses", addresses: ["10.9.9.9"] })).toBe("10.1.2.3");
  });
  it("is null without any address", () => {
    expect(clientIp(req({}), { kind: "off" })).toBeNull();
  });
});

describe("requestOrigin and publicOrigin", () => {
  const forwarded = {
    host: "portal.local",
    "x-forwarded-host": "evil.example",
    "x-forwarded-proto": "https",
    "x-forwarded-for": "10.0.0.1",
  };
  it("ignore X-Forwarded-Host unless the peer is a trusted proxy", () => {
    expect(requestOrigin(req(forwarded), { kind: "off" })).toBe("http://portal.local");
    expect(requestOrigin(req(forwarded), { kind: "addresses", addresses: ["10.0.0.2"] })).toBe("http://portal.local");
    expect(requestOrigin(req(forwarded), { kind: "addresses", addresses: ["10.0.0.1"] })).toBe("https://evil.example");
  });
  it("prefer the configured public URL", () => {
    expect(configuredOrigin({ APP_URL: "https://portal.example.com/base" })).toBe("https://portal.example.com");
    expect(configuredOrigin({ AUTH_URL: "https://a.example.com" })).toBe("https://a.example.com");
    const saved = process.env.APP_URL;
    process.env.APP_URL = "https://portal.example.com";
    try {
      expect(publicOrigin()).toBe("https://portal.example.com");
    } finally {
      if (saved === undefined) delete process.env.APP_URL;
      else process.env.APP_URL = saved;
    }
  });
  it("links never come from the request: without APP_URL/AUTH_URL they go to http://localhost:PORT", () => {
    expect(publicOrigin({ PORT: "3100" })).toBe("http://localhost:3100");
    expect(publicOrigin({})).toBe("http://localhost:3000");
    expect(publicOrigin({ AUTH_URL: "https://portal.example.com/x" })).toBe("https://portal.example.com");
  });
  it("in production without AUTH_URL the server says which origin it uses and why", () => {
    expect(publicOriginNotice({ NODE_ENV: "production", PORT: "3100" })).toMatch(
      /AUTH_URL is not set: .*http:\/\/localhost:3100.*never a request's Host/,
    );
    expect(publicOriginNotice({ NODE_ENV: "production", APP_URL: "https://p.example.com" })).toContain(
      "https://p.example.com (APP_URL)",
    );
    expect(publicOriginNotice({ NODE_ENV: "production", AUTH_URL: "https://p.example.com" })).toBeNull();
    expect(publicOriginNotice({ NODE_ENV: "development" })).toBeNull();
  });
});

describe("isSameOriginRequest", () => {
  it.each([
    [{ origin: "http://portal.local" }, true],
    [{ origin: "http://portal.local:8080" }, false],
    [{ origin: "http://sub.portal.local" }, false],
    [{ origin: "null" }, false],
    [{ origin: "not a url" }, false],
    [{ "sec-fetch-site": "same-origin" }, true],
    [{ "sec-fetch-site": "same-site" }, false],
    [{}, false],
  ])("%j: %s", (headers, expected) => {
    expect(isSameOriginRequest(req({ host: "portal.local", ...headers }))).toBe(expected);
  });
});

describe("sanitiseForwardedHeaders (the Node server's guard)", () => {
  const incoming = (headers: Record<string, string>, remoteAddress = "192.0.2.1") =>
    ({ headers: { ...headers }, socket: { remoteAddress } }) as unknown as http.IncomingMessage;

  it("appends the socket peer to X-Forwarded-For and drops forwarded host and protocol from an untrusted peer", () => {
    const r = incoming({
      "x-forwarded-for": "6.6.6.6",
      "x-forwarded-host": "evil.example",
      "x-forwarded-proto": "https",
      host: "portal.local",
    });
    sanitiseForwardedHeaders(r);
    expect(r.headers["x-forwarded-for"]).toBe("6.6.6.6, 192.0.2.1");
    expect(r.headers["x-forwarded-host"]).toBeUndefined();
    expect(r.headers["x-forwarded-proto"]).toBeUndefined();
    expect(r.headers.host).toBe("portal.local");
  });

  it("keeps them from a proxy TRUST_PROXY names", () => {
    const saved = process.env.TRUST_PROXY;
    process.env.TRUST_PROXY = "192.0.2.1";
    try {
      const r = incoming({ "x-forwarded-for": "203.0.113.5", "x-forwarded-host": "portal.example.com" });
      sanitiseForwardedHeaders(r);
      expect(r.headers["x-forwarded-host"]).toBe("portal.example.com");
      expect(r.headers["x-forwarded-for"]).toBe("203.0.113.5, 192.0.2.1");
    } finally {
      if (saved === undefined) delete process.env.TRUST_PROXY;
      else process.env.TRUST_PROXY = saved;
    }
  });
});

describe("the portal server's gate (scripts/portal-server.mjs) on a real server", () => {
  it("runs before the app on every request: the peer appended, forwarded host dropped, HSTS when the public URL is https", async () => {
    const server = http.createServer((req, res) => {
      if (gateRequest(req, res)) return;
      res.setHeader("content-type", "application/json");
      res.end(JSON.stringify({ xff: req.headers["x-forwarded-for"], xfh: req.headers["x-forwarded-host"] ?? null }));
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const port = (server.address() as { port: number }).port;
    const saved = process.env.APP_URL;
    try {
      const get = () =>
        fetch(`http://127.0.0.1:${port}/api/health`, {
          headers: { "x-forwarded-for": "6.6.6.6", "x-forwarded-host": "evil.example" },
        });
      delete process.env.APP_URL;
      const plain = await get();
      expect(await plain.json()).toEqual({ xff: "6.6.6.6, 127.0.0.1", xfh: null });
      expect(plain.headers.get("strict-transport-security")).toBeNull();
      process.env.APP_URL = "https://portal.example.com";
      const secure = await get();
      expect(secure.headers.get("strict-transport-security")).toBe("max-age=63072000; includeSubDomains");
    } finally {
      if (saved === undefined) delete process.env.APP_URL;
      else process.env.APP_URL = saved;
      server.close();
    }
  });
});

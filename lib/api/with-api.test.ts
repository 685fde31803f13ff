import { beforeEach, describe, expect, it, vi } from "vitest";
import { z } from "zod";
import { NextRequest } from "next/server";
import type { SessionUser } from "@/lib/auth/session";

// No database here: the session lookups are replaced by fakes that record what they were asked.
const resolveToken = vi.fn<(token: string | null | undefined) => Promise<SessionUser | null>>();
const resolveSessionCookie = vi.fn<(get: (name: string) => string | undefined) => Promise<SessionUser | null>>();
vi.mock("@/lib/auth/session", () => ({ resolveToken, resolveSessionCookie }));

const { fieldErrorsOf, userFromRequest, withApi } = await import("./with-api");
const { AppError } = await import("@/lib/errors");
const { ok } = await import("./envelope");

const staff = { id: 3, roleId: 3, permissions: [] as string[], username: "staff" } as SessionUser;
const admin = { id: 1, roleId: 1, permissions: ["allow_environmental_data"], username: "admin" } as SessionUser;

const req = (url: string, init: { method?: string; headers?: Record<string, string>; body?: string } = {}) =>
  new NextRequest(new URL(url, "http://localhost"), init);

/** Both ways in (bearer token and session cookie) resolve to `user`. */
function signedInAs(user: SessionUser) {
  resolveToken.mockResolvedValue(user);
  resolveSessionCookie.mockResolvedValue(user);
}

beforeEach(() => {
  resolveToken.mockReset().mockResolvedValue(null);
  resolveSessionCookie.mockReset().mockResolvedValue(null);
});

describe("userFromRequest", () => {
  it("uses the bearer token when there is an Authorization header, and never the cookie then", async () => {
    resolveToken.mockResolvedValue(staff);
    expect(
      await userFromRequest(
        req("/x", { headers: { authorization: "Bearer abc123", cookie: "authjs.session-token=zzz" } }),
      ),
    ).toBe(staff);
    expect(resolveToken).toHaveBeenCalledWith("abc123");
    expect(resolveSessionCookie).not.toHaveBeenCalled();
  });

  it("accepts the scheme in any case", async () => {
    await userFromRequest(req("/x", { headers: { authorization: "bearer tok" } }));
    expect(resolveToken).toHaveBeenCalledWith("tok");
  });

  it.each(["Basic dXNlcjpwdw==", "Bearer", "Bearer a b", "Token abc"])(
    "refuses the header %j without a lookup",
    async (h) => {
      expect(await userFromRequest(req("/x", { headers: { authorization: h } }))).toBeNull();
      expect(resolveToken).not.toHaveBeenCalled();
    },
  );

  it("parses the Cookie header: trims, splits on the first '=', decodes %-escapes", async () => {
    let seen: Record<string, string | undefined> = {};
    resolveSessionCookie.mockImplementation(async (get) => {
      seen = { a: get("a"), b: get("b"), session: get("authjs.session-token"), missing: get("nope") };
      return staff;
    });
    const cookie = " a=1 ;b=x%3Dy%20z; authjs.session-token=eyJ.abc==.def ; junk";
    expect(await userFromRequest(req("/x", { headers: { cookie } }))).toBe(staff);
    expect(seen).toEqual({ a: "1", b: "x=y z", session: "eyJ.abc==.def", missing: undefined });
  });

  it("survives a malformed %-escape in some other cookie", async () => {
    let session: string | undefined;
    resolveSessionCookie.mockImplementation(async (get) => {
      session = get("authjs.session-token");
      return null;
    });
    await expect(
      userFromRequest(req("/x", { headers: { cookie: "tracker=%E0%A4%A; authjs.session-token=abc" } })),
    ).resolves.toBeNull();
    expect(session).toBe("abc");
  });

  it("works without any cookie", async () => {
    expect(await userFromRequest(req("/x"))).toBeNull();
  });
});

describe("withApi", () => {
  const body = z.object({ n: z.coerce.number().int("Whole numbers only") });
  const handler = vi.fn(async ({ user, body }: { user: SessionUser; body: { n: number } }) =>
    ok({ who: user.username, n: body.n }),
  );
  const route = withApi({ capability: "manageBackOffice" }, { body }, handler);

  beforeEach(() => {
    handler.mockClear();
  });

  const post = (b: string, auth = "Bearer t", type = "application/json") =>
    route(req("/api/v1/x", { method: "POST", body: b, headers: { authorization: auth, "content-type": type } }), {
      params: Promise.resolve({}),
    });

  it("records its access declaration on the handler (the access test reads it)", () => {
    expect(route.access).toEqual({ capability: "manageBackOffice" });
  });

  it("401 for nobody, 403 for a role without the capability; the handler never runs", async () => {
    expect((await post("{}")).status).toBe(401);
    signedInAs(staff);
    const res = await post('{"n":1}');
    expect(res.status).toBe(403);
    expect(await res.json()).toEqual({
      code: 403,
      status: "error",
      message: "You don't have permission to access this page.",
      content: null,
    });
    expect(handler).not.toHaveBeenCalled();
  });

  it("checks access before reading the body", async () => {
    expect((await post("{not json")).status).toBe(401);
  });

  it("422 with field messages for invalid input, 400 for a body that is not JSON", async () => {
    signedInAs(admin);
    const bad = await post('{"n":1.5}');
    expect(bad.status).toBe(422);
    expect(await bad.json()).toEqual({
      code: 422,
      status: "error",
      message: "Whole numbers only",
      content: { n: ["Whole numbers only"] },
    });
    const notJson = await post("{nope");
    expect(notJson.status).toBe(400);
    expect((await notJson.json()).message).toBe("The request body is not valid JSON.");
  });

  it("reads form-encoded bodies too", async () => {
    signedInAs(admin);
    const res = await post("n=5", "Bearer t", "application/x-www-form-urlencoded");
    expect(await res.json()).toMatchObject({ code: 200, content: { who: "admin", n: 5 } });
  });

  it("answers an AppError with its status and message in the envelope", async () => {
    signedInAs(admin);
    const r = withApi({}, {}, async () => {
      throw new AppError(409, "Already there.", { name: ["Taken"] });
    });
    const res = await r(req("/x"), { params: Promise.resolve({}) });
    expect(res.status).toBe(409);
    expect(await res.json()).toEqual({
      code: 409,
      status: "error",
      message: "Already there.",
      content: { name: ["Taken"] },
    });
  });

  it("answers an unexpected error with a bare 500 (no detail) and a request id", async () => {
    signedInAs(admin);
    const r = withApi({}, {}, async () => {
      throw new Error("password=hunter2 at db.internal:5432");
    });
    const res = await r(req("/x", { headers: { "x-request-id": "abc-123" } }), { params: Promise.resolve({}) });
    expect(res.status).toBe(500);
    const text = await res.text();
    expect(text).not.toContain("hunter2");
    expect(JSON.parse(text)).toEqual({
      code: 500,
      status: "error",
      message: "Something went wrong. Please try again.",
      content: null,
    });
    expect(res.headers.get("x-request-id")).toBe("abc-123");
  });

  it("passes the dynamic params and the parsed query", async () => {
    signedInAs(staff);
    const r = withApi({}, { query: z.object({ page: z.coerce.number().default(1) }) }, async ({ params, query }) =>
      ok({ params, query }),
    );
    const res = await r(req("/x/9?page=3"), { params: Promise.resolve({ id: "9" }) });
    expect(await res.json()).toMatchObject({ content: { params: { id: "9" }, query: { page: 3 } } });
  });

  it("every answer (success, refusal, 422, 500) is Cache-Control: private, no-store", async () => {
    expect((await post("{}")).headers.get("cache-control")).toBe("private, no-store");
    signedInAs(admin);
    expect((await post('{"n":1}')).headers.get("cache-control")).toBe("private, no-store");
    expect((await post('{"n":1.5}')).headers.get("cache-control")).toBe("private, no-store");
    const cached = withApi(
      {},
      {},
      async () => new Response("x", { headers: { "cache-control": "public, max-age=3600" } }),
    );
    expect((await cached(req("/x"), { params: Promise.resolve({}) })).headers.get("cache-control")).toBe(
      "private, no-store",
    );
    const broken = withApi({}, {}, async () => {
      throw new Error("boom");
    });
    expect((await broken(req("/x"), { params: Promise.resolve({}) })).headers.get("cache-control")).toBe(
      "private, no-store",
    );
  });

  it("a path segment with a control character names no resource: 404, the handler never runs", async () => {
    signedInAs(admin);
    const seen = vi.fn(async () => ok(null));
    const r = withApi({}, {}, seen);
    for (const id of ["1\u0000", "1\u001b", "\u00001"]) {
      const res = await r(req("/x"), { params: Promise.resolve({ id }) });
      expect(res.status, JSON.stringify(id)).toBe(404);
    }
    expect(seen).not.toHaveBeenCalled();
    expect((await r(req("/x"), { params: Promise.resolve({ id: "1" }) })).status).toBe(200);
  });

  it("a public handler runs for anonymous callers with user null", async () => {
    const r = withApi({ public: true }, {}, async ({ user }) => ok({ user }));
    const res = await r(req("/x"), { params: Promise.resolve({}) });
    expect(await res.json()).toMatchObject({ code: 200, content: { user: null } });
  });
});

describe("withApi: bodies have a size limit, enforced while they stream", () => {
  const route = withApi({ public: true }, { body: z.object({ username: z.string() }) }, async () => ok(null));

  /** An endless JSON body, 64 KB a chunk; `pulled` counts the bytes the server asked for. */
  function endlessBody() {
    const chunk = new TextEncoder().encode(" ".repeat(64 * 1024));
    const state = { pulled: 0, cancelled: false };
    const stream = new ReadableStream<Uint8Array>({
      start(c) {
        c.enqueue(new TextEncoder().encode('{"username":"'));
      },
      pull(c) {
        state.pulled += chunk.byteLength;
        if (state.pulled > 100 * 1024 * 1024) c.close();
        else c.enqueue(chunk);
      },
      cancel() {
        state.cancelled = true;
      },
    });
    return { stream, state };
  }

  it("an anonymous 100 MB JSON body is cut off just past 1 MB and answered 413 in the envelope", async () => {
    const { stream, state } = endlessBody();
    const request = new NextRequest("http://localhost/api/v1/login", {
      method: "POST",
      body: stream,
      headers: { "content-type": "application/json" },
      duplex: "half",
    } as never);
    const res = await route(request, { params: Promise.resolve({}) });
    expect(res.status).toBe(413);
    expect(await res.json()).toEqual({
      code: 413,
      status: "error",
      message: "The request body is too large.",
      content: null,
    });
    expect(state.pulled).toBeLessThan(1.5 * 1024 * 1024);
    expect(state.cancelled).toBe(true);
  });

  it("a declared Content-Length over the limit is refused before reading; a call may set its own limit", async () => {
    const big = req("/x", {
      method: "POST",
      body: JSON.stringify({ username: "x".repeat(2 * 1024 * 1024) }),
      headers: { "content-type": "application/json" },
    });
    expect((await route(big, { params: Promise.resolve({}) })).status).toBe(413);
    const small = withApi({ public: true }, { body: z.object({ username: z.string() }), bodyLimit: 16 }, async () =>
      ok(null),
    );
    const res = await small(
      req("/x", {
        method: "POST",
        body: JSON.stringify({ username: "just over sixteen" }),
        headers: { "content-type": "application/json" },
      }),
      { params: Promise.resolve({}) },
    );
    expect(res.status).toBe(413);
    expect(
      (
        await route(
          req("/x", {
            method: "POST",
            body: JSON.stringify({ username: "ok" }),
            headers: { "content-type": "application/json" },
          }),
          { params: Promise.resolve({}) },
        )
      ).status,
    ).toBe(200);
  });
});

describe("withApi: cross-site requests with the session cookie", () => {
  const handler = vi.fn(async () => ok("done"));
  const route = withApi({}, { body: z.object({}) }, handler);
  const call = (headers: Record<string, string>, body = "{}") =>
    route(
      req("/api/v1/store_post", {
        method: "POST",
        body,
        headers: { cookie: "authjs.session-token=x", host: "localhost", ...headers },
      }),
      { params: Promise.resolve({}) },
    );

  beforeEach(() => {
    handler.mockClear();
    signedInAs(admin);
  });

  it.each([
    [
      "another site's auto-submitting form",
      { origin: "https://evil.example", "content-type": "application/x-www-form-urlencoded" },
    ],
    ["a sibling subdomain posting text/plain", { origin: "http://intranet.localhost", "content-type": "text/plain" }],
    ["another port of the same host", { origin: "http://localhost:8080", "content-type": "application/json" }],
    ["a sandboxed frame (Origin null)", { origin: "null", "content-type": "application/json" }],
    ["no Origin, Sec-Fetch-Site same-site", { "sec-fetch-site": "same-site", "content-type": "application/json" }],
    ["no Origin and no Sec-Fetch-Site", { "content-type": "application/json" }],
    [
      "the portal's own origin but a form body",
      { origin: "http://localhost", "content-type": "application/x-www-form-urlencoded" },
    ],
  ])("refuses %s with 403 in the envelope, without running the handler", async (_label, headers) => {
    const res = await call(headers);
    expect(res.status).toBe(403);
    expect(await res.json()).toMatchObject({
      code: 403,
      status: "error",
      message: "This request must come from the portal's own pages.",
    });
    expect(handler).not.toHaveBeenCalled();
  });

  it("accepts the portal's own pages: JSON from its origin, Sec-Fetch-Site same-origin, or an upload with X-Requested-With", async () => {
    expect((await call({ origin: "http://localhost", "content-type": "application/json" })).status).toBe(200);
    expect(
      (await call({ "sec-fetch-site": "same-origin", "content-type": "application/json; charset=utf-8" })).status,
    ).toBe(200);
    expect(
      (
        await call(
          {
            origin: "http://localhost",
            "content-type": "multipart/form-data; boundary=x",
            "x-requested-with": "XMLHttpRequest",
          },
          "",
        )
      ).status,
    ).toBe(200);
  });

  it("accepts the configured public URL as the origin behind a proxy", async () => {
    vi.stubEnv("APP_URL", "https://portal.example.com");
    try {
      expect((await call({ origin: "https://portal.example.com", "content-type": "application/json" })).status).toBe(
        200,
      );
    } finally {
      vi.unstubAllEnvs();
    }
  });

  it("leaves bearer-token calls and safe methods alone", async () => {
    expect(
      (
        await call(
          {
            authorization: "Bearer t",
            origin: "https://evil.example",
            "content-type": "application/x-www-form-urlencoded",
          },
          "",
        )
      ).status,
    ).toBe(200);
    const get = withApi({}, {}, async () => ok("read"));
    expect(
      (
        await get(req("/x", { headers: { cookie: "authjs.session-token=x", origin: "https://evil.example" } }), {
          params: Promise.resolve({}),
        })
      ).status,
    ).toBe(200);
  });
});

describe("fieldErrorsOf", () => {
  it("groups zod issues by dotted path ('_' for the whole object)", () => {
    const schema = z.object({ a: z.string(), b: z.object({ c: z.number() }) });
    const r = schema.safeParse({ a: 1, b: { c: "x" } });
    expect(fieldErrorsOf(r.error!)).toEqual({ a: [expect.any(String)], "b.c": [expect.any(String)] });
    expect(fieldErrorsOf(z.object({}).safeParse(null).error!)).toEqual({ _: [expect.any(String)] });
  });
});

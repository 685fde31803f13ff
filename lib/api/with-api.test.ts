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
    expect(await userFromRequest(req("/x", { headers: { authorization: "Bearer abc123", cookie: "authjs.session-token=zzz" } }))).toBe(staff);
    expect(resolveToken).toHaveBeenCalledWith("abc123");
    expect(resolveSessionCookie).not.toHaveBeenCalled();
  });

  it("accepts the scheme in any case", async () => {
    await userFromRequest(req("/x", { headers: { authorization: "bearer tok" } }));
    expect(resolveToken).toHaveBeenCalledWith("tok");
  });

  it.each(["Basic dXNlcjpwdw==", "Bearer", "Bearer a b", "Token abc"])("refuses the header %j without a lookup", async (h) => {
    expect(await userFromRequest(req("/x", { headers: { authorization: h } }))).toBeNull();
    expect(resolveToken).not.toHaveBeenCalled();
  });

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
    await expect(userFromRequest(req("/x", { headers: { cookie: "tracker=%E0%A4%A; authjs.session-token=abc" } }))).resolves.toBeNull();
    expect(session).toBe("abc");
  });

  it("works without any cookie", async () => {
    expect(await userFromRequest(req("/x"))).toBeNull();
  });
});

describe("withApi", () => {
  const body = z.object({ n: z.coerce.number().int("Whole numbers only") });
  const handler = vi.fn(async ({ user, body }: { user: SessionUser; body: { n: number } }) => ok({ who: user.username, n: body.n }));
  const route = withApi({ capability: "manageBackOffice" }, { body }, handler);

  beforeEach(() => {
    handler.mockClear();
  });

  const post = (b: string, auth = "Bearer t", type = "application/json") =>
    route(req("/api/v1/x", { method: "POST", body: b, headers: { authorization: auth, "content-type": type } }), { params: Promise.resolve({}) });

  it("records its access declaration on the handler (the access test reads it)", () => {
    expect(route.access).toEqual({ capability: "manageBackOffice" });
  });

  it("401 for nobody, 403 for a role without the capability; the handler never runs", async () => {
    expect((await post("{}")).status).toBe(401);
    signedInAs(staff);
    const res = await post('{"n":1}');
    expect(res.status).toBe(403);
    expect(await res.json()).toEqual({ code: 403, status: "error", message: "You don't have permission to access this page.", content: null });
    expect(handler).not.toHaveBeenCalled();
  });

  it("checks access before reading the body", async () => {
    expect((await post("{not json")).status).toBe(401);
  });

  it("422 with field messages for invalid input, 400 for a body that is not JSON", async () => {
    signedInAs(admin);
    const bad = await post('{"n":1.5}');
    expect(bad.status).toBe(422);
    expect(await bad.json()).toEqual({ code: 422, status: "error", message: "Whole numbers only", content: { n: ["Whole numbers only"] } });
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
    expect(await res.json()).toEqual({ code: 409, status: "error", message: "Already there.", content: { name: ["Taken"] } });
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
    expect(JSON.parse(text)).toEqual({ code: 500, status: "error", message: "Something went wrong. Please try again.", content: null });
    expect(res.headers.get("x-request-id")).toBe("abc-123");
  });

  it("passes the dynamic params and the parsed query", async () => {
    signedInAs(staff);
    const r = withApi({}, { query: z.object({ page: z.coerce.number().default(1) }) }, async ({ params, query }) => ok({ params, query }));
    const res = await r(req("/x/9?page=3"), { params: Promise.resolve({ id: "9" }) });
    expect(await res.json()).toMatchObject({ content: { params: { id: "9" }, query: { page: 3 } } });
  });

  it("a public handler runs for anonymous callers with user null", async () => {
    const r = withApi({ public: true }, {}, async ({ user }) => ok({ user }));
    const res = await r(req("/x"), { params: Promise.resolve({}) });
    expect(await res.json()).toMatchObject({ code: 200, content: { user: null } });
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

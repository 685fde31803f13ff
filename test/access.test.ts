/**
 * The access test: every route handler under app/ and every server action ("use server" module under
 * app/ and lib/) is found on disk and proven to deny by default. A new entry point is picked up by
 * itself; one added without withApi / publicRoute / createAction makes this file fail, naming it.
 *
 * For each non-public entry point: anonymous -> 401; a revoked, expired or garbage token -> 401; each
 * seeded role lacking the declared capability or permission -> 403 (bearer token and browser session).
 */
import path from "node:path";
import { beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { eq } from "drizzle-orm";

vi.mock("next/headers", () => import("@/test/mock-next-headers"));
// connection() needs Next's request scope; outside a server it only has to not throw.
vi.mock("next/server", async (importOriginal) => ({
  ...(await importOriginal<typeof import("next/server")>()),
  connection: async () => {},
}));

import { cookieJar, requestHeaders } from "@/test/mock-next-headers";
import { apiRequest, tokenFor, setupTestDatabase } from "@/test/db";
import { SESSION_COOKIE, expectErrorEnvelope, sessionCookieValue, sessionFor } from "@/test/auth";
import {
  HTTP_METHODS,
  ROOT,
  listInlineServerActions,
  listPagesApiFiles,
  listRouteFiles,
  listServerActionFiles,
  routeUrlAndParams,
} from "@/test/entry-points";
import { schema } from "@/lib/db";
import { issueToken, revokeToken } from "@/lib/auth/session";
import { newSecretToken } from "@/lib/auth/tokens";
import { ROLE, roleCan } from "@/lib/auth/roles";
import type { Access } from "@/lib/api/with-api";
import { NextRequest } from "next/server";

const t = setupTestDatabase();

type Handler = ((req: NextRequest, ctx: { params: Promise<Record<string, string>> }) => Promise<Response>) & {
  access?: Access;
};
type Caller = { username: string; roleId: number; permissions: string[]; token: string; cookie: string };

/** Seeded users, one per role, with a bearer token and a session cookie each. */
const callers: Caller[] = [];
const badTokens: Record<string, string> = {};

beforeAll(async () => {
  const db = t.db();
  for (const username of ["admin", "manager", "staff"]) {
    const [u] = await db.select().from(schema.users).where(eq(schema.users.username, username));
    const perms = await db
      .select({ name: schema.permissions.name })
      .from(schema.userPermissions)
      .innerJoin(schema.permissions, eq(schema.permissions.id, schema.userPermissions.permissionId))
      .where(eq(schema.userPermissions.userId, u.id));
    callers.push({
      username,
      roleId: u.roleId,
      permissions: perms.map((p) => p.name),
      token: await tokenFor(db, username),
      cookie: (await sessionFor(db, username)).header,
    });
  }
  const [admin] = await db.select().from(schema.users).where(eq(schema.users.username, "admin"));
  const revoked = await issueToken({ userId: admin.id, kind: "api" });
  await revokeToken(revoked.token);
  const expired = await issueToken({ userId: admin.id, kind: "api" });
  await db
    .update(schema.apiTokens)
    .set({ expiresAt: new Date(Date.now() - 1000) })
    .where(eq(schema.apiTokens.userId, admin.id));
  // Only the expired one should be expired: re-issue the admin caller's token afterwards.
  callers[0].token = await tokenFor(db, "admin");
  callers[0].cookie = (await sessionFor(db, "admin")).header;
  badTokens.revoked = revoked.token;
  badTokens.expired = expired.token;
  badTokens.garbage = "not-a-token";
  badTokens.unknown = newSecretToken();
});

/** Callers whose role or permissions do not satisfy `access` (they must get 403). */
function callersLacking(access: Access): Caller[] {
  if ("public" in access) return [];
  if (!access.capability && !access.permission) return [];
  return callers.filter(
    (c) =>
      (access.capability && !roleCan(c.roleId, access.capability)) ||
      (access.permission && !c.permissions.includes(access.permission)),
  );
}

/**
 * Calls a handler as a client would. A browser session comes from the portal's own page (Origin
 * http://localhost) unless `origin` says otherwise; `form` sends the body as a form would.
 */
async function call(
  handler: Handler,
  file: string,
  method: string,
  init: { token?: string; cookie?: string; origin?: string | null; form?: boolean } = {},
) {
  const { url, params } = routeUrlAndParams(file);
  const hasBody = !["GET", "HEAD", "OPTIONS"].includes(method);
  const headers: Record<string, string> = {};
  if (init.cookie) {
    headers.cookie = init.cookie;
    const origin = init.origin === undefined ? "http://localhost" : init.origin;
    if (origin !== null) headers.origin = origin;
  }
  const req = init.form
    ? new NextRequest(new URL(url, "http://localhost"), {
        method,
        headers: { ...headers, "content-type": "application/x-www-form-urlencoded" },
        body: "a=1",
      })
    : apiRequest(url, { method, token: init.token, body: hasBody ? {} : undefined, headers });
  const res = await handler(req, { params: Promise.resolve(params as Record<string, string>) });
  const text = await res.text();
  let json: unknown = null;
  try {
    json = JSON.parse(text);
  } catch {
    /* not JSON */
  }
  return { status: res.status, json, location: res.headers.get("location") };
}

const isV1 = (file: string) => file.startsWith("app/api/v1/") || file.startsWith("pages/api/v1/");

/** v1 answers in the envelope; other route handlers may send a browser to /login instead of a 401. */
function expectUnauthenticated(file: string, res: Awaited<ReturnType<typeof call>>, label: string) {
  expect(res.status === 401 || (!isV1(file) && /\/login/.test(res.location ?? "")), `${label}: got ${res.status}`).toBe(
    true,
  );
  if (isV1(file)) expectErrorEnvelope(res, 401);
}

const pagesApiFiles = listPagesApiFiles();
// Route handlers under app/, and the Pages Router API routes with their withApi handlers.
const routeFiles = [...listRouteFiles(), ...pagesApiFiles];
const v1Files = routeFiles.filter(isV1);

describe("route handlers", () => {
  it("finds the v1 API on disk", () => {
    expect(v1Files.length).toBeGreaterThanOrEqual(8);
    expect(v1Files).toContain("app/api/v1/get_menu_details/route.ts");
    // The big uploads are Pages Router API routes (raw request stream); they are checked like the rest.
    expect(pagesApiFiles).toEqual(
      expect.arrayContaining(["pages/api/v1/store_document.ts", "pages/api/v1/store_media_banner.ts"]),
    );
  });

  it("serves every Pages Router API route through nodeApiRoute, or as a deliberately public Node handler, with Next's body parser off", async () => {
    // The signed download route writes the file to the Node response itself; its signature is the permission.
    expect(pagesApiFiles).toContain("pages/api/files/[...key].ts");
    for (const file of pagesApiFiles) {
      const m = (await import(/* @vite-ignore */ path.join(ROOT, file))) as {
        default?: { methods?: unknown; access?: unknown };
        config?: unknown;
      };
      if (m.default?.access) {
        expect(m.default.access, `${file}: a Node handler must be publicRoute(...)`).toEqual({ public: true });
        expect(typeof m.default, file).toBe("function");
      } else {
        expect(m.default?.methods, `${file}: export default nodeApiRoute({ POST: handler })`).toBeTypeOf("object");
      }
      expect(m.config, `${file}: export const config = { api: { bodyParser: false } }`).toMatchObject({
        api: { bodyParser: false },
      });
    }
  });

  describe.each(routeFiles)("%s", (file) => {
    let mod: Record<string, unknown>;
    const methods = () => HTTP_METHODS.filter((m) => typeof mod[m] === "function");

    beforeAll(async () => {
      mod = await import(/* @vite-ignore */ path.join(ROOT, file));
      // A Pages Router API route: its handlers are the ones nodeApiRoute mounts, or one public Node handler.
      if (file.startsWith("pages/")) {
        const route = mod.default as
          ({ methods?: Record<string, unknown>; access?: unknown } & ((...args: never[]) => unknown)) | undefined;
        mod = route?.methods ?? (route?.access ? { GET: route } : {});
      }
    });

    it("exports handlers, each declaring its access (withApi or publicRoute)", () => {
      expect(methods().length, `${file} exports no HTTP handler`).toBeGreaterThan(0);
      for (const m of methods()) {
        const access = (mod[m] as Handler).access;
        expect(
          access,
          `${file} ${m} has no access declaration: wrap it in withApi(...) or publicRoute(...)`,
        ).toBeTypeOf("object");
      }
    });

    it("refuses anonymous callers and bad tokens with 401", async () => {
      for (const m of methods()) {
        const h = mod[m] as Handler;
        if (!h.access || "public" in h.access) continue;
        expectUnauthenticated(file, await call(h, file, m), `${file} ${m} anonymous`);
        for (const [kind, token] of Object.entries(badTokens)) {
          expectUnauthenticated(file, await call(h, file, m, { token }), `${file} ${m} with a ${kind} token`);
        }
        // A browser session whose row was revoked (signed out elsewhere) and a tampered cookie.
        const session = await sessionFor(t.db(), "admin");
        await revokeToken(session.sid);
        expectUnauthenticated(
          file,
          await call(h, file, m, { cookie: session.header }),
          `${file} ${m} with a revoked session`,
        );
        const tampered = `${SESSION_COOKIE}=${session.cookie.slice(0, -4)}AAAA`;
        expectUnauthenticated(
          file,
          await call(h, file, m, { cookie: tampered }),
          `${file} ${m} with a tampered cookie`,
        );
      }
    });

    it("refuses every role that lacks the declared capability or permission with 403", async () => {
      for (const m of methods()) {
        const h = mod[m] as Handler;
        if (!h.access) continue;
        for (const c of callersLacking(h.access)) {
          const viaToken = await call(h, file, m, { token: c.token });
          expect(viaToken.status, `${file} ${m} as ${c.username} (bearer)`).toBe(403);
          if (isV1(file)) expectErrorEnvelope(viaToken, 403);
          const viaCookie = await call(h, file, m, { cookie: c.cookie });
          expect(viaCookie.status, `${file} ${m} as ${c.username} (session)`).toBe(403);
        }
      }
    });

    it("refuses every state-changing call from another origin with the administrator's session cookie (403)", async () => {
      const admin = callers.find((c) => c.username === "admin")!;
      for (const m of methods()) {
        const h = mod[m] as Handler;
        if (!h.access || ["GET", "HEAD", "OPTIONS"].includes(m)) continue;
        // Another site, a sibling subdomain, another port, a sandboxed frame, a malformed header, none at all.
        for (const origin of [
          "https://evil.example",
          "http://sub.localhost",
          "http://localhost:8080",
          "null",
          "::not a url",
          null,
        ]) {
          const res = await call(h, file, m, { cookie: admin.cookie, origin });
          expect(res.status, `${file} ${m} from origin ${origin}`).toBe(403);
          if (isV1(file)) expectErrorEnvelope(res, 403);
        }
        // The portal's own origin, but a body a form of another site could send.
        const form = await call(h, file, m, { cookie: admin.cookie, form: true });
        expect(form.status, `${file} ${m} with a form body`).toBe(403);
      }
    });

    it("lets a valid token through the authentication check", async () => {
      for (const m of methods()) {
        const h = mod[m] as Handler;
        if (!h.access || "public" in h.access || m !== "GET") continue;
        const admin = callers.find((c) => c.username === "admin")!;
        const res = await call(h, file, m, { token: admin.token });
        expect(res.status, `${file} ${m} as admin`).not.toBe(401);
      }
    });
  });

  it("refuses a staff session for an administrators-only call and accepts an administrator's", async () => {
    const { GET } = await import("@/app/api/v1/get-all-permissions/route");
    const staff = callers.find((c) => c.username === "staff")!;
    const admin = callers.find((c) => c.username === "admin")!;
    expect(GET.access).toEqual({ capability: "manageBackOffice" });
    expect((await call(GET, "app/api/v1/get-all-permissions/route.ts", "GET", { cookie: staff.cookie })).status).toBe(
      403,
    );
    expect((await call(GET, "app/api/v1/get-all-permissions/route.ts", "GET", { cookie: admin.cookie })).status).toBe(
      200,
    );
    expect((await call(GET, "app/api/v1/get-all-permissions/route.ts", "GET", { token: admin.token })).status).toBe(
      200,
    );
  });
});

describe("GET /api/health", () => {
  it("is deliberately public and reports the database as up", async () => {
    const { GET } = (await import("@/app/api/health/route")) as unknown as { GET: Handler };
    expect(GET.access).toEqual({ public: true });
    const res = await GET(apiRequest("/api/health"), { params: Promise.resolve({}) });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ status: "ok", database: "up" });
  });
});

const actionFiles = listServerActionFiles();

describe("server actions", () => {
  beforeEach(() => {
    cookieJar.clear();
  });

  it("finds the server action modules on disk", () => {
    expect(actionFiles).toContain("lib/auth/actions.ts");
  });

  it('has no inline "use server" functions (they would bypass createAction)', () => {
    expect(listInlineServerActions()).toEqual([]);
  });

  describe.each(actionFiles)("%s", (file) => {
    let mod: Record<string, unknown>;
    beforeAll(async () => {
      mod = await import(/* @vite-ignore */ path.join(ROOT, file));
    });

    it("exports only actions made by createAction (each declaring its access)", () => {
      const names = Object.keys(mod);
      expect(names.length, `${file} exports nothing`).toBeGreaterThan(0);
      for (const name of names) {
        const fn = mod[name] as { access?: Access };
        expect(typeof fn, `${file} exports ${name}, which is not a function`).toBe("function");
        expect(fn.access, `${file} ${name} is not made by createAction(access, schema, handler)`).toBeTypeOf("object");
      }
    });

    it("answers anonymous callers and revoked sessions with { ok: false, status: 401 }", async () => {
      const db = t.db();
      for (const [name, value] of Object.entries(mod)) {
        const fn = value as ((input: unknown) => Promise<unknown>) & { access?: Access };
        if (!fn.access || "public" in fn.access) continue;
        cookieJar.clear();
        expect(await fn({}), `${file} ${name} anonymous`).toMatchObject({ ok: false, status: 401 });
        const session = await sessionFor(db, "admin");
        await revokeToken(session.sid);
        cookieJar.set(SESSION_COOKIE, session.cookie);
        expect(await fn({}), `${file} ${name} with a revoked session`).toMatchObject({ ok: false, status: 401 });
        cookieJar.set(SESSION_COOKIE, await sessionCookieValue(newSecretToken()));
        expect(await fn({}), `${file} ${name} with an unknown session`).toMatchObject({ ok: false, status: 401 });
        cookieJar.set(SESSION_COOKIE, "garbage");
        expect(await fn({}), `${file} ${name} with a garbage cookie`).toMatchObject({ ok: false, status: 401 });
      }
    });

    it("answers a call from another origin with the administrator's session with { ok: false, status: 403 }", async () => {
      const admin = await sessionFor(t.db(), "admin");
      try {
        for (const [name, value] of Object.entries(mod)) {
          const fn = value as ((input: unknown) => Promise<unknown>) & { access?: Access };
          if (!fn.access) continue;
          // Another site, a sibling subdomain, another port, a sandboxed frame, a malformed header; a same-site fetch.
          for (const headers of [
            { origin: "https://evil.example" },
            { origin: "http://sub.localhost" },
            { origin: "http://localhost:8080" },
            { origin: "null" },
            { origin: "::not a url" },
            { "sec-fetch-site": "same-site" },
          ]) {
            cookieJar.clear();
            cookieJar.set(SESSION_COOKIE, admin.cookie);
            for (const k of [...requestHeaders.keys()]) requestHeaders.delete(k);
            requestHeaders.set("host", "localhost");
            for (const [k, v] of Object.entries(headers)) requestHeaders.set(k, v);
            expect(await fn({}), `${file} ${name} with ${JSON.stringify(headers)}`).toMatchObject({
              ok: false,
              status: 403,
            });
          }
        }
      } finally {
        for (const k of [...requestHeaders.keys()]) requestHeaders.delete(k);
      }
    });

    it("answers every role lacking the declared capability or permission with { ok: false, status: 403 }", async () => {
      const db = t.db();
      for (const [name, value] of Object.entries(mod)) {
        const fn = value as ((input: unknown) => Promise<unknown>) & { access?: Access };
        if (!fn.access) continue;
        for (const c of callersLacking(fn.access)) {
          cookieJar.clear();
          cookieJar.set(SESSION_COOKIE, (await sessionFor(db, c.username)).cookie);
          expect(await fn({}), `${file} ${name} as ${c.username}`).toMatchObject({ ok: false, status: 403 });
        }
      }
    });
  });
});

describe("the roles used above", () => {
  it("include a role without any capability (staff), so the 403 checks are never empty", () => {
    expect(roleCan(ROLE.staff, "manageContent")).toBe(false);
    expect(callers.find((c) => c.username === "staff")?.permissions).toEqual([]);
  });
});

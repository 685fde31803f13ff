/**
 * Hostile text (docs/security.md): a NUL (PostgreSQL refuses it: a 500) or another control character in any
 * search, filter or text field answers 200 or 422, never 500. Control characters are stripped in one
 * place, the shared string schema `text()` (lib/validation/text.ts); this file proves that every
 * entry point's schema uses it, then sends NUL in every declared field of every v1 call and every
 * server action, and checks the lists and saves that reach the database.
 */
import fs from "node:fs";
import path from "node:path";
import { beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import type { z } from "zod";
import { eq } from "drizzle-orm";

vi.mock("next/headers", () => import("@/test/mock-next-headers"));
vi.mock("next/server", async (importOriginal) => ({
  ...(await importOriginal<typeof import("next/server")>()),
  connection: async () => {},
}));

import { cookieJar } from "@/test/mock-next-headers";
import { apiRequest, callRoute, tokenFor, setupTestDatabase } from "@/test/db";
import { SESSION_COOKIE, sessionFor } from "@/test/auth";
import {
  ROOT,
  handlersOf,
  listPagesApiFiles,
  listRouteFiles,
  listServerActionFiles,
  routeUrlAndParams,
} from "@/test/entry-points";
import { schema } from "@/lib/db";
import { parsePageState } from "@/lib/content/page-state";
import { stripControlChars } from "@/lib/validation/text";

const t = setupTestDatabase();
const HOSTILE = "a\u0000b\u0007c\u001b";
const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/;

type Schemas = { query?: z.ZodType; body?: z.ZodType };
type Handler = ((req: Request, ctx: { params: Promise<Record<string, string>> }) => Promise<Response>) & {
  access?: unknown;
  schemas?: Schemas;
};
type ActionFn = ((input: unknown) => Promise<{ ok: boolean; status?: number }>) & {
  access?: unknown;
  schema?: z.ZodType;
};

// --- zod schema walking ------------------------------------------------------------------------
type Def = {
  type: string;
  shape?: Record<string, z.ZodType>;
  innerType?: z.ZodType;
  in?: z.ZodType;
  out?: z.ZodType;
  element?: z.ZodType;
  options?: z.ZodType[];
  left?: z.ZodType;
  right?: z.ZodType;
  valueType?: z.ZodType;
  items?: z.ZodType[];
  getter?: () => z.ZodType;
};
const defOf = (s: z.ZodType) => (s as unknown as { _zod: { def: Def } })._zod.def;

/** Every string schema inside `s`, with a path for messages. */
function stringLeaves(
  s: z.ZodType | undefined,
  at = "",
  seen = new Set<unknown>(),
): { path: string; leaf: z.ZodType }[] {
  if (!s || seen.has(s)) return [];
  seen.add(s);
  const d = defOf(s);
  const kids: [string, z.ZodType | undefined][] = [];
  if (d.type === "string") return [{ path: at || "(root)", leaf: s }];
  if (d.type === "object") for (const [k, v] of Object.entries(d.shape ?? {})) kids.push([`${at}.${k}`, v]);
  for (const k of ["innerType", "in", "out", "element", "left", "right", "valueType"] as const)
    kids.push([at, d[k] as z.ZodType | undefined]);
  for (const o of d.options ?? []) kids.push([at, o]);
  for (const o of d.items ?? []) kids.push([at, o]);
  if (d.type === "lazy" && d.getter) kids.push([at, d.getter()]);
  return kids.flatMap(([p, k]) => stringLeaves(k, p, seen));
}

/** The top-level keys of an object schema (through optional, pipe, default...). */
function topKeys(s: z.ZodType | undefined): string[] {
  if (!s) return [];
  const d = defOf(s);
  if (d.type === "object") return Object.keys(d.shape ?? {});
  for (const k of ["innerType", "in", "out", "left", "right"] as const) {
    const keys = topKeys(d[k] as z.ZodType | undefined);
    if (keys.length) return keys;
  }
  return (d.options ?? []).flatMap(topKeys);
}

// --- the entry points --------------------------------------------------------------------------
const routeFiles = [...listRouteFiles(), ...listPagesApiFiles()];
const actionFiles = listServerActionFiles();

describe("one place: the shared string schema", () => {
  it("strips control characters and keeps tabs and line breaks", () => {
    expect(stripControlChars("a\u0000b\u0007c\u007fd\u009fe\tf\ng\rh")).toBe("abcde\tf\ng\rh");
  });

  it("no app code builds a string schema with z.string() (use text() from lib/validation/text.ts)", () => {
    const offenders: string[] = [];
    const walk = (dir: string) => {
      for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
        const p = path.join(dir, e.name);
        if (e.isDirectory()) walk(p);
        else if (
          /\.tsx?$/.test(e.name) &&
          !/\.test\.tsx?$/.test(e.name) &&
          /\bz\s*\.\s*(coerce\s*\.\s*)?string\s*\(/.test(fs.readFileSync(p, "utf8"))
        )
          offenders.push(path.relative(ROOT, p));
      }
    };
    for (const dir of ["app", "lib", "components", "pages"]) walk(path.join(ROOT, dir));
    expect(offenders.filter((f) => f !== "lib/validation/text.ts")).toEqual([]);
  });

  it.each(routeFiles)("%s: every string in its query and body schemas drops control characters", async (file) => {
    for (const [method, h] of await handlersOf<Handler>(file)) {
      for (const { path: p, leaf } of [...stringLeaves(h.schemas?.query), ...stringLeaves(h.schemas?.body)]) {
        const r = leaf.safeParse(HOSTILE);
        if (r.success) expect(CONTROL.test(String(r.data)), `${file} ${method} ${p}`).toBe(false);
      }
    }
  });

  it.each(actionFiles)("%s: every string in its actions' schemas drops control characters", async (file) => {
    const mod = (await import(/* @vite-ignore */ path.join(ROOT, file))) as Record<string, ActionFn>;
    for (const [name, fn] of Object.entries(mod)) {
      expect(fn.schema, `${file} ${name} has no schema`).toBeTruthy();
      for (const { path: p, leaf } of stringLeaves(fn.schema)) {
        const r = leaf.safeParse(HOSTILE);
        if (r.success) expect(CONTROL.test(String(r.data)), `${file} ${name} ${p}`).toBe(false);
      }
    }
  });
});

// Plausible values for the fields an entry point needs, so hostile text in one field gets past the others.
const SLUGS = ["company-news", "documents", "calendar", "service-bulletins"];
const DEFAULTS: Record<string, string> = { page: "1", id: "1", sort: "newest", type: "discussion" };

describe("NUL in every declared field of every v1 call: 200, 4xx, never 500", () => {
  let token = "";
  beforeAll(async () => {
    token = await tokenFor(t.db(), "admin");
  });

  it.each(routeFiles)("%s", async (file) => {
    const { url, params } = routeUrlAndParams(file);
    for (const [method, h] of await handlersOf<Handler>(file)) {
      if (!h.schemas) continue; // a publicRoute with its own parsing (feeds, zip): not a form field
      const queryKeys = [...new Set([...topKeys(h.schemas.query), "search", "filter", "q"])];
      const bodyKeys = topKeys(h.schemas.body);
      for (const slug of SLUGS) {
        const base = (keys: string[]) =>
          Object.fromEntries(keys.map((k) => [k, k === "slug" ? slug : (DEFAULTS[k] ?? "x")]));
        for (const key of [...queryKeys, ...bodyKeys]) {
          const query = new URLSearchParams(base(queryKeys));
          const body = base(bodyKeys);
          if (queryKeys.includes(key)) query.set(key, HOSTILE);
          else body[key] = HOSTILE;
          const hasBody = method !== "GET";
          const res = await callRoute(
            h as never,
            apiRequest(`${url}?${query}`, { method, token, body: hasBody ? body : undefined }),
            params as Record<string, string>,
          );
          expect(res.status, `${file} ${method} ${key}=NUL (slug ${slug}): ${JSON.stringify(res.json)}`).toBeLessThan(
            500,
          );
        }
      }
    }
  });
});

describe("NUL in every declared field of every server action: never 500", () => {
  beforeEach(async () => {
    cookieJar.clear();
    cookieJar.set(SESSION_COOKIE, (await sessionFor(t.db(), "admin")).cookie);
  });

  it.each(actionFiles)("%s", async (file) => {
    const mod = (await import(/* @vite-ignore */ path.join(ROOT, file))) as Record<string, ActionFn>;
    for (const [name, fn] of Object.entries(mod)) {
      if (name === "logoutAction") continue; // signs the caller out (redirects), takes no input
      const keys = topKeys(fn.schema);
      for (const slug of SLUGS) {
        for (const key of keys) {
          const input = Object.fromEntries(
            keys.map((k) => [k, k === key ? HOSTILE : k === "slug" ? slug : (DEFAULTS[k] ?? "x")]),
          );
          let res: { ok: boolean; status?: number };
          try {
            res = await fn(input);
          } catch (err) {
            // redirect()/notFound() travel as errors with a digest: navigation, not a failure.
            expect((err as { digest?: string }).digest, `${file} ${name} ${key}=NUL threw ${String(err)}`).toBeTruthy();
            continue;
          }
          expect(res.status ?? 200, `${file} ${name} ${key}=NUL (slug ${slug})`).not.toBe(500);
        }
      }
    }
  });
});

describe("lists and saves that reach the database", () => {
  it("the content page's search box: NUL is dropped and the URL made canonical", () => {
    const { state, changed } = parsePageState({ q: "oil\u0000 change" }, ["discussion"]);
    expect(state.q).toBe("oil change");
    expect(changed).toBe(true);
  });

  it("search and filter of the post list, the attachment list and the calendar answer 200", async () => {
    const token = await tokenFor(t.db(), "staff");
    const { GET: posts } = await import("@/app/api/v1/display_sales_post/route");
    const { GET: events } = await import("@/app/api/v1/getevents/route");
    for (const q of ["filter", "search", "q"]) {
      const res = await callRoute(
        posts,
        apiRequest(`/api/v1/display_sales_post?slug=company-news&${q}=${encodeURIComponent("oil\u0000")}`, { token }),
      );
      expect(res.status, `${q}: ${JSON.stringify(res.json)}`).toBe(200);
    }
    const ev = await callRoute(
      events,
      apiRequest(`/api/v1/getevents?search=${encodeURIComponent("\u0000meeting")}`, { token }),
    );
    expect(ev.status, JSON.stringify(ev.json)).toBe(200);
  });

  it("a post saved with NUL in its title and text is stored without it", async () => {
    const token = await tokenFor(t.db(), "admin");
    const { POST: storePost } = await import("@/app/api/v1/store_post/route");
    const res = await callRoute(
      storePost,
      apiRequest("/api/v1/store_post", {
        method: "POST",
        token,
        body: { slug: "company-news", title: "Bad\u0000 title", description: "Line\u0000 one\nLine two" },
      }),
    );
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    const rows = await t.db().select().from(schema.posts).where(eq(schema.posts.title, "Bad title"));
    expect(rows).toHaveLength(1);
    expect(rows[0].description).toBe("Line one\nLine two");
  });

  it("an event saved with NUL in every text field is stored without it", async () => {
    const token = await tokenFor(t.db(), "admin");
    const { POST: storeEvent } = await import("@/app/api/v1/store_event/route");
    const [key] = await t.db().select().from(schema.calendarKeys).limit(1);
    const res = await callRoute(
      storeEvent,
      apiRequest("/api/v1/store_event", {
        method: "POST",
        token,
        body: {
          title: "Meet\u0000ing",
          description: "d\u0000",
          key_description: "k\u0000",
          contact_person: "P\u0000",
          start_date: "2030-01-02 10:00",
          end_date: "2030-01-02 11:00",
          key_id: key?.id,
          status: "active",
        },
      }),
    );
    expect(res.status, JSON.stringify(res.json)).toBeLessThan(500);
  });
});

/**
 * No answer carries zod's default texts (docs/security.md): 'Too small: expected number to be >0', 'Invalid
 * input', 'Invalid option: expected one of ...' mean nothing to the person who typed the value. Every
 * message is the old portal's or one written for the field. This file walks the query and body schemas of
 * every v1 call and the schema of every server action (found on disk, so a new one is covered by
 * itself), fills each declared field with values of the wrong kind, and then posts the same bad input
 * to every v1 call and reads the answer.
 */
import path from "node:path";
import { beforeAll, describe, expect, it, vi } from "vitest";
import type { z } from "zod";

vi.mock("next/headers", () => import("@/test/mock-next-headers"));
vi.mock("next/server", async (importOriginal) => ({
  ...(await importOriginal<typeof import("next/server")>()),
  connection: async () => {},
}));

import { apiRequest, callRoute, tokenFor, setupTestDatabase } from "@/test/db";
import {
  ROOT,
  handlersOf,
  listPagesApiFiles,
  listRouteFiles,
  listServerActionFiles,
  routeUrlAndParams,
} from "@/test/entry-points";

const t = setupTestDatabase();

/** zod's English texts (node_modules/zod/v4/locales/en.js), and its last-resort 'Invalid input'. */
const ZOD_DEFAULT =
  /Invalid input|Invalid option|Too (small|big): expected|Invalid string: must|Invalid number: must|Unrecognized keys?:|Invalid key in|Invalid value in|Invalid discriminator|Invalid (email address|URL|UUID|ISO|date|datetime|time|hex|base64)/;

/** Values of the wrong kind for any field. */
const BAD: unknown[] = [
  null,
  -3,
  0,
  1.5,
  1e12,
  "",
  "abc",
  "-3",
  true,
  [],
  ["abc"],
  [{}],
  {},
  { a: 1 },
  "x".repeat(70_000),
];

type Schemas = { query?: z.ZodType; body?: z.ZodType };
type Handler = ((req: Request, ctx: { params: Promise<Record<string, string>> }) => Promise<Response>) & {
  schemas?: Schemas;
};
type ActionFn = ((input: unknown) => Promise<unknown>) & { schema?: z.ZodType };

type Def = {
  type: string;
  shape?: Record<string, z.ZodType>;
  innerType?: z.ZodType;
  in?: z.ZodType;
  out?: z.ZodType;
  left?: z.ZodType;
  right?: z.ZodType;
  options?: z.ZodType[];
  element?: z.ZodType;
};
const defOf = (s: z.ZodType) => (s as unknown as { _zod: { def: Def } })._zod.def;

/** The object shape of a schema (through optional, default, pipe, preprocess, transform...). */
function shapeOf(s: z.ZodType | undefined): Record<string, z.ZodType> | null {
  if (!s) return null;
  const d = defOf(s);
  if (d.type === "object") return d.shape ?? {};
  for (const k of ["innerType", "in", "out", "left", "right"] as const) {
    const shape = shapeOf(d[k]);
    if (shape && Object.keys(shape).length) return shape;
  }
  for (const o of d.options ?? []) {
    const shape = shapeOf(o);
    if (shape) return shape;
  }
  return null;
}

/** The object shape of an array field's items (tech time's rows), if it is one. */
function itemShapeOf(s: z.ZodType | undefined): Record<string, z.ZodType> | null {
  if (!s) return null;
  const d = defOf(s);
  if (d.type === "array") return shapeOf(d.element);
  for (const k of ["innerType", "in", "out", "left", "right"] as const) {
    const shape = itemShapeOf(d[k]);
    if (shape) return shape;
  }
  return null;
}

/** Inputs for a schema: the wrong kind as a whole, and each field (and each row field) set to each bad value. */
function badInputs(s: z.ZodType | undefined): unknown[] {
  if (!s) return [];
  const out: unknown[] = [undefined, [], "abc", 3, {}];
  const shape = shapeOf(s) ?? {};
  for (const [key, field] of Object.entries(shape)) {
    for (const v of BAD) out.push({ [key]: v });
    const row = itemShapeOf(field);
    for (const sub of Object.keys(row ?? {})) for (const v of BAD) out.push({ [key]: [{ [sub]: v }] });
  }
  return out;
}

/** The messages of a failed parse. */
async function messagesOf(s: z.ZodType, input: unknown): Promise<string[]> {
  const r = await s.safeParseAsync(input);
  return r.success ? [] : r.error.issues.map((i) => `${i.path.join(".") || "(root)"}: ${i.message}`);
}

const routeFiles = [...listRouteFiles(), ...listPagesApiFiles()];
const actionFiles = listServerActionFiles();

describe("every schema: bad values get a message written for the field, never zod's default", () => {
  it("the walk finds the schemas (a walk that finds nothing proves nothing)", async () => {
    const [, add] = (await handlersOf<Handler>("app/api/v1/uniform/request/add/update/route.ts"))[0];
    expect(Object.keys(shapeOf(add.schemas?.body) ?? {})).toContain("shirt_quantity");
    const { saveTechTimeAction } = (await import("@/lib/forms/tech-time/actions")) as unknown as {
      saveTechTimeAction: ActionFn;
    };
    expect(Object.keys(itemShapeOf(shapeOf(saveTechTimeAction.schema)?.shop) ?? {})).toContain("timeIn");
  });

  it.each(routeFiles)("%s", async (file) => {
    const found: string[] = [];
    for (const [method, h] of await handlersOf<Handler>(file)) {
      for (const [part, s] of Object.entries(h.schemas ?? {}) as [string, z.ZodType | undefined][]) {
        if (!s) continue;
        for (const input of badInputs(s)) {
          for (const m of await messagesOf(s, input))
            if (ZOD_DEFAULT.test(m)) found.push(`${method} ${part} ${JSON.stringify(input)?.slice(0, 80)} -> ${m}`);
        }
      }
    }
    expect([...new Set(found)]).toEqual([]);
  });

  it.each(actionFiles)("%s", async (file) => {
    const mod = (await import(/* @vite-ignore */ path.join(ROOT, file))) as Record<string, ActionFn>;
    const found: string[] = [];
    for (const [name, fn] of Object.entries(mod)) {
      if (!fn.schema) continue;
      for (const input of badInputs(fn.schema)) {
        for (const m of await messagesOf(fn.schema, input))
          if (ZOD_DEFAULT.test(m)) found.push(`${name} ${JSON.stringify(input)?.slice(0, 80)} -> ${m}`);
      }
    }
    expect([...new Set(found)]).toEqual([]);
  });
});

describe("every v1 call: bad input is answered without zod's default texts", () => {
  let token = "";
  beforeAll(async () => {
    token = await tokenFor(t.db(), "admin");
  });

  it.each(routeFiles)("%s", async (file) => {
    const { url, params } = routeUrlAndParams(file);
    const found: string[] = [];
    for (const [method, h] of await handlersOf<Handler>(file)) {
      if (!h.schemas || /logout/.test(file)) continue; // a publicRoute with its own parsing; logout ends the token
      const queryKeys = Object.keys(shapeOf(h.schemas.query) ?? {});
      const bodyKeys = Object.keys(shapeOf(h.schemas.body) ?? {});
      const cases: { query: URLSearchParams; body?: unknown }[] = [
        { query: new URLSearchParams(), body: [] },
        { query: new URLSearchParams(), body: {} },
      ];
      for (const key of queryKeys)
        for (const v of ["-3", "abc", "1.5", ""]) cases.push({ query: new URLSearchParams({ [key]: v }), body: {} });
      for (const key of bodyKeys)
        for (const v of [-3, "abc", null, [], {}, true])
          cases.push({ query: new URLSearchParams(), body: { [key]: v } });
      for (const c of cases) {
        const res = await callRoute(
          h as never,
          apiRequest(`${url}?${c.query}`, { method, token, body: method === "GET" ? undefined : c.body }),
          params as Record<string, string>,
        );
        const text = JSON.stringify(res.json);
        if (text && ZOD_DEFAULT.test(text))
          found.push(`${method} ?${c.query} ${JSON.stringify(c.body)} -> ${text.slice(0, 200)}`);
        if (res.status === 401) token = await tokenFor(t.db(), "admin");
      }
    }
    expect(found).toEqual([]);
  });
});

import fs from "node:fs";
import path from "node:path";

/** The project root (the test runner's working directory). */
export const ROOT = process.cwd();

const HTTP_METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE", "HEAD", "OPTIONS"] as const;
export type HttpMethod = (typeof HTTP_METHODS)[number];
export { HTTP_METHODS };

/** Route handlers that are not ours to guard: Auth.js's own endpoints. */
const FOREIGN_ROUTES = new Set(["app/api/auth/[...nextauth]/route.ts"]);

function walk(dir: string, out: string[] = []): string[] {
  let entries: fs.Dirent[];
  try {
    entries = fs.readdirSync(dir, { withFileTypes: true });
  } catch {
    return out;
  }
  for (const e of entries) {
    if (e.name === "node_modules" || e.name.startsWith(".")) continue;
    const p = path.join(dir, e.name);
    if (e.isDirectory()) walk(p, out);
    else out.push(path.relative(ROOT, p).split(path.sep).join("/"));
  }
  return out;
}

/** Every route handler file under app/ (found on disk, so a new one is picked up by itself). */
export function listRouteFiles(): string[] {
  return walk(path.join(ROOT, "app"))
    .filter((f) => /\/route\.(ts|tsx|js|mjs)$/.test(f))
    .filter((f) => !FOREIGN_ROUTES.has(f))
    .sort();
}

/**
 * Every Pages Router API route (pages/api/**): the few calls served from the raw request stream
 * (big uploads, lib/api/node-route.ts). Their default export carries the withApi handlers as `methods`.
 */
export function listPagesApiFiles(): string[] {
  return walk(path.join(ROOT, "pages", "api"))
    .filter((f) => SOURCE.test(f))
    .sort();
}

/**
 * The HTTP handlers a route file exports, as [method, handler] pairs. A pages/api file's come from its default
 * export's `methods` (lib/api/node-route.ts).
 */
export async function handlersOf<H>(file: string): Promise<[HttpMethod, H][]> {
  let mod = (await import(/* @vite-ignore */ path.join(ROOT, file))) as Record<string, unknown>;
  if (file.startsWith("pages/"))
    mod = ((mod.default as { methods?: Record<string, unknown> })?.methods ?? {}) as Record<string, unknown>;
  return HTTP_METHODS.filter((m) => typeof mod[m] === "function").map((m) => [m, mod[m] as H]);
}

/** The URL path of a route file (app/.../route.ts or pages/api/....ts), with dummy values for its dynamic segments, and those params. */
export function routeUrlAndParams(file: string): { url: string; params: Record<string, string | string[]> } {
  const segments = file.startsWith("pages/")
    ? file
        .replace(/^pages\//, "")
        .replace(/\.(ts|tsx)$/, "")
        .replace(/\/index$/, "")
        .split("/")
    : file
        .replace(/^app\//, "")
        .split("/")
        .slice(0, -1);
  const params: Record<string, string | string[]> = {};
  const parts: string[] = [];
  for (const seg of segments) {
    if (/^\(.*\)$/.test(seg) || seg.startsWith("@")) continue; // route groups, parallel slots
    let m: RegExpExecArray | null;
    if ((m = /^\[\[?\.\.\.(.+?)\]\]?$/.exec(seg))) {
      params[m[1]] = ["1"];
      parts.push("1");
    } else if ((m = /^\[(.+)\]$/.exec(seg))) {
      params[m[1]] = "1";
      parts.push("1");
    } else parts.push(seg);
  }
  return { url: "/" + parts.join("/"), params };
}

const SOURCE = /\.(ts|tsx)$/;

/** Strips leading comments and blank lines: what a module's first statement is. */
function firstStatement(src: string): string {
  return src.replace(/^(\s+|\/\/[^\n]*\n|\/\*[\s\S]*?\*\/)*/, "");
}

/** Every module under app/ and lib/ whose first statement is the "use server" directive. */
export function listServerActionFiles(): string[] {
  return [...walk(path.join(ROOT, "app")), ...walk(path.join(ROOT, "lib"))]
    .filter((f) => SOURCE.test(f) && !/\.test\.tsx?$/.test(f))
    .filter((f) => /^["']use server["']/.test(firstStatement(fs.readFileSync(path.join(ROOT, f), "utf8"))))
    .sort();
}

/**
 * Source files with a "use server" directive that is not the file's first statement: inline server
 * actions, which cannot go through createAction and so escape the access checks.
 */
export function listInlineServerActions(): string[] {
  return [...walk(path.join(ROOT, "app")), ...walk(path.join(ROOT, "lib")), ...walk(path.join(ROOT, "components"))]
    .filter((f) => SOURCE.test(f) && !/\.test\.tsx?$/.test(f))
    .filter((f) => {
      const src = fs.readFileSync(path.join(ROOT, f), "utf8");
      const rest = firstStatement(src).replace(/^["']use server["'];?/, "");
      return /^\s*["']use server["'];?\s*$/m.test(rest);
    })
    .sort();
}

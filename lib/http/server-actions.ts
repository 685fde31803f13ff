import fs from "node:fs";
import path from "node:path";

/**
 * The server actions of this build and the pages that hold each one, from the manifests `next build`
 * writes: `.next/server/server-reference-manifest.json` (`{ node: { [id]: { workers: { "app/(portal)/[slug]/page": ... } } } }`)
 * and `.next/routes-manifest.json` (the routes, static then dynamic, in the order Next matches them).
 * Null when there is no build to read (development, where Next compiles actions as pages are visited,
 * or a folder without a build): then Next's own handling stands. Read again only when a file changes.
 * No imports from the app: proxy.ts uses this.
 */
export type ServerActionTable = {
  /** Each action id and the routes (`/login`, `/[slug]`) of the pages that hold it. */
  actions: Map<string, Set<string>>;
  /** The build's routes in the order Next matches a path: static first, then dynamic. */
  routes: { page: string; regex: RegExp }[];
};

type ReferenceManifest = {
  node?: Record<string, { workers?: Record<string, unknown> }>;
  edge?: ReferenceManifest["node"];
};
type RoutesManifest = {
  staticRoutes?: { page: string; regex: string }[];
  dynamicRoutes?: { page: string; regex: string }[];
};

let cached: { key: string; table: ServerActionTable } | null = null;

export function serverActionManifestFile(root = process.cwd()): string {
  return path.join(/*turbopackIgnore: true*/ root, ".next", "server", "server-reference-manifest.json");
}

export function routesManifestFile(root = process.cwd()): string {
  return path.join(/*turbopackIgnore: true*/ root, ".next", "routes-manifest.json");
}

/**
 * A worker's bundle path (`app/(portal)/[slug]/page`) as the route it serves (`/[slug]`): without the
 * `app` prefix, route groups, parallel-route slots and the final `page`, as Next's normalizeAppPath.
 */
export function workerRoute(worker: string): string {
  const segments = worker
    .replace(/^app(?=\/)/, "")
    .split("/")
    .filter((s) => s !== "" && !(s.startsWith("(") && s.endsWith(")")) && !s.startsWith("@"));
  if (segments.at(-1) === "page" || segments.at(-1) === "route") segments.pop();
  return `/${segments.join("/")}`;
}

export function serverActionTable(
  files = { actions: serverActionManifestFile(), routes: routesManifestFile() },
): ServerActionTable | null {
  let key: string;
  try {
    key = `${files.actions}:${fs.statSync(files.actions).mtimeMs}|${files.routes}:${fs.statSync(files.routes).mtimeMs}`;
  } catch {
    return null;
  }
  if (cached?.key === key) return cached.table;
  try {
    const manifest = JSON.parse(fs.readFileSync(files.actions, "utf8")) as ReferenceManifest;
    const routesManifest = JSON.parse(fs.readFileSync(files.routes, "utf8")) as RoutesManifest;
    const actions = new Map<string, Set<string>>();
    for (const [id, entry] of [...Object.entries(manifest.node ?? {}), ...Object.entries(manifest.edge ?? {})]) {
      const routes = actions.get(id) ?? new Set<string>();
      for (const worker of Object.keys(entry?.workers ?? {})) routes.add(workerRoute(worker));
      actions.set(id, routes);
    }
    const routes = [...(routesManifest.staticRoutes ?? []), ...(routesManifest.dynamicRoutes ?? [])].map((r) => ({
      page: r.page,
      regex: new RegExp(r.regex),
    }));
    const table = { actions, routes };
    cached = { key, table };
    return table;
  } catch {
    return null;
  }
}

/** The route Next serves `pathname` with (the first that matches, as Next orders them), else its 404 page. */
export function routeOfPath(pathname: string, table: ServerActionTable): string {
  return table.routes.find((r) => r.regex.test(pathname))?.page ?? "/_not-found";
}

/**
 * Why a `Next-Action` request is refused, or null when it goes on to Next:
 * - `unknown`: the id names none of this build's actions (a made-up id, another deployment's, another
 *   application's); Next answered 409/400 with a stack trace in the log;
 * - `wrong-page`: a real action posted to a page that does not hold it (loginAction to /company-news);
 *   Next forwarded it to a page that does, in a request to itself, and answered `200 {}` while the
 *   forwarded request died with an uncaught `Error: aborted (ECONNRESET)` (docs/architecture.md).
 * Only a production server's own build is consulted; without one (null) nothing is refused here.
 */
export function serverActionRefusal(
  id: string,
  pathname: string,
  table: ServerActionTable | null,
): "unknown" | "wrong-page" | null {
  if (table === null) return null;
  const routes = table.actions.get(id);
  if (!routes) return "unknown";
  return routes.has(routeOfPath(pathname, table)) ? null : "wrong-page";
}

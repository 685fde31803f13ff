/**
 * The sidebar's menu tree travels beside the page's React payload, not inside it. The tree is the
 * largest part of every page (a few hundred rows) and the same on every page of a role, and the
 * payload is what costs most per byte to send: it is serialised, parsed again for server rendering,
 * and inlined into the HTML as a JavaScript string. So the layout sends only the tree's version id:
 * - on the server, the Sidebar reads the tree from this process's registry, where the layout
 *   published it for the same request (lib/menus/sidebar-menus.ts), and renders it, together with
 *   the tree as JSON in an inert script element;
 * - in the browser, the Sidebar reads that element while hydrating, and asks the server
 *   (sidebarMenusAction) only when a refresh brings a version it does not have (menus or role changed).
 * The registry lives on globalThis because the server renders client components from a module
 * instance of their own.
 */

import { setRecent } from "@/lib/lru";
import type { SidebarItem } from "./shell-utils";

/** The id of the inert `<script type="application/json">` holding the tree in the document. */
export const SIDEBAR_MENUS_ELEMENT_ID = "sidebar-menus";

/** How many trees a process keeps published (one per role and menu version in use). */
const REGISTRY_MAX = 64;
const REGISTRY = Symbol.for("portal.sidebar-menus");

function registry(): Map<string, string> {
  const g = globalThis as typeof globalThis & { [REGISTRY]?: Map<string, string> };
  return (g[REGISTRY] ??= new Map());
}

/** Publishes a tree's JSON under its id for the server rendering of this process (least recently used go first). */
export function publishSidebarMenus(id: string, json: string): void {
  setRecent(registry(), id, json, REGISTRY_MAX);
}

/** The published tree of `id` (server), or undefined. */
export function publishedSidebarMenus(id: string): string | undefined {
  return registry().get(id);
}

/** The tree of `id` from the document the server rendered (browser), or undefined. */
export function documentSidebarMenus(id: string): string | undefined {
  const el = document.getElementById(SIDEBAR_MENUS_ELEMENT_ID);
  return el?.dataset.menus === id ? (el.textContent ?? undefined) : undefined;
}

/** JSON made safe inside a `<script>` element: no `<`, so no `</script>` or `<!--` (JSON.parse reads `\u003c` back). */
export function scriptSafeJson(json: string): string {
  return json.replace(/</g, "\\u003c");
}

/**
 * The tree as the JSON that travels: a row leaves out `url` when it has none and `children` when it
 * has none (most rows), and `<` is escaped for the script element.
 */
export function sidebarMenusJson(items: readonly SidebarItem[]): string {
  return scriptSafeJson(JSON.stringify(items, (key, value: unknown) => ((key === "url" && value === null) || (key === "children" && Array.isArray(value) && value.length === 0) ? undefined : value)));
}

type SentItem = Omit<SidebarItem, "url" | "children"> & { url?: string | null; children?: SentItem[] };

/** The tree from that JSON, every row complete again. */
export function parseSidebarMenus(json: string): SidebarItem[] {
  const complete = (rows: SentItem[]): SidebarItem[] => rows.map((r) => ({ ...r, url: r.url ?? null, children: complete(r.children ?? []) }));
  return complete(JSON.parse(json) as SentItem[]);
}

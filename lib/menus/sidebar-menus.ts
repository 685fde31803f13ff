import "server-only";
import crypto from "node:crypto";
import { toSidebarItems, type MenuLike } from "@/components/shell/shell-utils";
import { publishSidebarMenus, sidebarMenusJson } from "@/components/shell/sidebar-menus";

const versions = new WeakMap<readonly MenuLike[], { id: string; json: string }>();

/**
 * A role's sidebar tree as the Sidebar takes it: its version id (a hash of the JSON, so the same tree
 * has the same id in every process and after a restart) and the rows as one script-safe JSON string
 * (only the fields a row shows; one string rather than many small values). The tree is
 * published for this process's server rendering on every call, so it is there for the request that
 * asked (components/shell/sidebar-menus.ts). lib/menus/queries.ts shares a role's tree until the
 * menus change, so the hash is taken once per version.
 */
export function sidebarMenus(menus: readonly MenuLike[]): { id: string; json: string } {
  let v = versions.get(menus);
  if (v === undefined) {
    const json = sidebarMenusJson(toSidebarItems(menus));
    v = { id: crypto.createHash("sha1").update(json).digest("base64url").slice(0, 16), json };
    versions.set(menus, v);
  }
  publishSidebarMenus(v.id, v.json);
  return v;
}

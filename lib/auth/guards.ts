import { cache } from "react";
import { cookies, headers } from "next/headers";
import { forbidden, redirect } from "next/navigation";
import { AppError, forbidden as forbiddenError, unauthorized } from "@/lib/errors";
import { resolveSessionCookie, sessionEndReason, type SessionUser } from "./session";
import { loginPath } from "./login-params";
import { roleCan, type Capability, type PermissionName } from "./roles";
import { getMenuBySlug, type MenuLookup } from "@/lib/menus/queries";
import type { ContentTab } from "@/lib/content/basics";
import { TAB_LABELS, tabsOf } from "@/lib/content/tabs";

/** The signed-in user of this request (browser session cookie), or null. Memoised per request. */
export const getCurrentUser = cache(async (): Promise<SessionUser | null> => {
  const jar = await cookies();
  return resolveSessionCookie((name) => jar.get(name)?.value);
});

/** Throws a 401 AppError unless someone is signed in. */
export async function requireUser(user?: SessionUser | null): Promise<SessionUser> {
  const u = user === undefined ? await getCurrentUser() : user;
  if (!u) throw unauthorized();
  return u;
}

/** Throws 401 when signed out, 403 unless the user's role is one of `roleIds`. */
export async function requireRole(roleIds: readonly number[], user?: SessionUser | null): Promise<SessionUser> {
  const u = await requireUser(user);
  if (!roleIds.includes(u.roleId)) throw forbiddenError();
  return u;
}

/** Throws 401 when signed out, 403 unless the user's role has the capability (lib/auth/roles.ts). */
export async function requireCapability(capability: Capability, user?: SessionUser | null): Promise<SessionUser> {
  const u = await requireUser(user);
  if (!roleCan(u.roleId, capability)) throw forbiddenError();
  return u;
}

/** Throws 401 when signed out, 403 unless the user holds the per-user permission. */
export async function requirePermission(permission: PermissionName, user?: SessionUser | null): Promise<SessionUser> {
  const u = await requireUser(user);
  if (!u.permissions.includes(permission)) throw forbiddenError();
  return u;
}

export type ContentMenu = Extract<MenuLookup, { status: "ok" }>["menu"];

/**
 * The menu page a content call works on: it must exist (404), the role must see it (403), and when
 * `tab` is given the page must offer that tab (404).
 */
export async function requireContentMenu(slug: string, user: SessionUser, tab?: ContentTab): Promise<ContentMenu> {
  const found = await getMenuBySlug({ slug, roleId: user.roleId, stamp: user.configStamp });
  if (found.status === "not_found") throw new AppError(404, "Menu not found.");
  if (found.status === "forbidden") throw new AppError(403, "You don't have permission to access this page.");
  if (tab && !tabsOf(found.menu.pageTypes).includes(tab)) {
    throw new AppError(404, `This page has no ${TAB_LABELS[tab]} tab.`);
  }
  return found.menu;
}

/** The request header in which proxy.ts hands pages their own path and query (for the way back). */
export const PAGE_PATH_HEADER = "x-portal-path";

/**
 * Where a page sends a visitor whose session is gone: /login with the page to come back to (the path
 * proxy.ts put in PAGE_PATH_HEADER; checked again by loginPath) and why the session ended.
 */
export async function loginRedirectPath(): Promise<string> {
  const [h, jar] = await Promise.all([headers(), cookies()]);
  const reason = await sessionEndReason((name) => jar.get(name)?.value).catch(() => null);
  return loginPath({ callbackUrl: h.get(PAGE_PATH_HEADER), reason });
}

/**
 * For pages: runs a guard and turns its refusal into navigation: 401 goes to /login (and back after
 * signing in, loginRedirectPath), 403 renders the 403 screen (app/forbidden.tsx).
 * `await pageGuard(requireRole([ROLE.admin]))`.
 */
export async function pageGuard<T>(check: Promise<T>): Promise<T> {
  try {
    return await check;
  } catch (err) {
    if (err instanceof AppError && err.status === 401) redirect(await loginRedirectPath());
    if (err instanceof AppError && err.status === 403) forbidden();
    throw err;
  }
}

import "server-only";
import { connection } from "next/server";
import { forbidden, notFound } from "next/navigation";
import { pageGuard, requireCapability, requireUser } from "@/lib/auth/guards";
import { getMenuBySlug, type MenuLookup } from "@/lib/menus/queries";
import type { ContentTab } from "@/lib/content/basics";
import { tabsOf } from "@/lib/content/tabs";
import type { SessionUser } from "@/lib/auth/session";
import { toId } from "@/lib/validation/id";
import { personNameOrUsernameOf } from "@/lib/users/display-name";

type FormMenu = Extract<MenuLookup, { status: "ok" }>["menu"];

/**
 * The shared start of every content form page. Existence is decided before access, the same way for
 * every role: the menu must exist (404), be visible to the user (403), offer the tab (404) and, for an
 * edit form, hold the record `find` looks up by the path's id (404); only then is the form role 1's
 * (others get the 403 screen). `backHref` is where Cancel and Save return.
 */
export async function loadFormContext(params: Promise<{ slug: string }>, tab: ContentTab): Promise<FormContext<null>>;
export async function loadFormContext<R>(
  params: Promise<{ slug: string; id: string }>,
  tab: ContentTab,
  find: (menu: FormMenu, id: number, user: SessionUser) => Promise<R | null | undefined>,
): Promise<FormContext<R>>;
export async function loadFormContext<R>(
  params: Promise<{ slug: string; id?: string }>,
  tab: ContentTab,
  find?: (menu: FormMenu, id: number, user: SessionUser) => Promise<R | null | undefined>,
): Promise<FormContext<R | null>> {
  await connection();
  const user = await pageGuard(requireUser());
  const { slug, id } = await params;
  const found = await getMenuBySlug({ slug: slug.slice(0, 190), roleId: user.roleId, stamp: user.configStamp });
  if (found.status === "not_found") notFound();
  if (found.status === "forbidden") forbidden();
  const tabs = tabsOf(found.menu.pageTypes);
  if (!tabs.includes(tab)) notFound();
  let record: R | null = null;
  if (find) {
    record = (await find(found.menu, idFromPath(id ?? ""), user)) ?? null;
    if (!record) notFound();
  }
  await pageGuard(requireCapability("manageContent", user));
  const backHref = tab === tabs[0] ? `/${found.menu.slug}` : `/${found.menu.slug}?tab=${tab}`;
  const userName = personNameOrUsernameOf(user);
  return { user, menu: found.menu, backHref, userName, record };
}

type FormContext<R> = {
  user: Awaited<ReturnType<typeof requireUser>>;
  menu: FormMenu;
  backHref: string;
  userName: string;
  record: R;
};

/** A positive int id from the path, or the 404 screen. */
export function idFromPath(id: string): number {
  return toId(id) ?? notFound();
}

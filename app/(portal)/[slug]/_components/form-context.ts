import "server-only";
import { connection } from "next/server";
import { forbidden, notFound } from "next/navigation";
import { pageGuard, requireCapability } from "@/lib/auth/guards";
import { getMenuBySlug } from "@/lib/menus/queries";
import type { ContentTab } from "@/lib/content/constants";
import { tabsOf } from "@/lib/content/tabs";

/**
 * The shared start of every content form page: role 1 only (others get the 403 screen), the menu must
 * exist (404), be visible (403) and offer the tab (404). `backHref` is where Cancel and Save return.
 */
export async function loadFormContext(params: Promise<{ slug: string }>, tab: ContentTab) {
  await connection();
  const user = await pageGuard(requireCapability("manageContent"));
  const { slug } = await params;
  const found = await getMenuBySlug({ slug: slug.slice(0, 190), roleId: user.roleId, stamp: user.configStamp });
  if (found.status === "not_found") notFound();
  if (found.status === "forbidden") forbidden();
  const tabs = tabsOf(found.menu.pageTypes);
  if (!tabs.includes(tab)) notFound();
  const backHref = tab === tabs[0] ? `/${found.menu.slug}` : `/${found.menu.slug}?tab=${tab}`;
  const userName = `${user.firstName} ${user.lastName}`.trim() || user.username;
  return { user, menu: found.menu, backHref, userName };
}

/** A positive int id from the path, or the 404 screen. */
export function idFromPath(id: string): number {
  if (!/^[1-9]\d{0,9}$/.test(id) || Number(id) > 2_147_483_647) notFound();
  return Number(id);
}

import "server-only";
import { sql, type SQL } from "drizzle-orm";
import { pageHref } from "@/lib/content/page-href";
import { tabsOf } from "@/lib/content/tabs";
import { audienceColumnsOfAlias, seesAllContent, visibleTo } from "@/lib/content/visibility";
import { SEARCH_MAX, type ContentTab } from "@/lib/content/basics";
import { dateRange, intArray, type Ctx, type Source } from "../engine";
import { documentSources, type DocumentOwner } from "./documents";

/**
 * What the content kinds (post, attachment, save-the-date) share: they are found only in the menus the
 * viewer may open, posts and attachments only when addressed to the viewer and published
 * (lib/content/visibility.ts; save-the-dates have no audience), and their results open the menu page.
 */

/** The menu page's columns a content kind's rows carry (its result opens there). */
export const CONTENT_FIELDS = { slug: "text", page_types: "text", menu_title: "text" } as const;

/** The viewer's conditions on a content row (`o`): its menu, its audience, the date filter on `dateCol`. */
export function contentWhere(ctx: Ctx, ownerCol: DocumentOwner, dateCol: string): SQL[] {
  return [
    sql`o.menu_id = any(${intArray(ctx.viewer.menus.content)})`,
    ...(ownerCol === "save_the_date_id" || seesAllContent(ctx.viewer.user)
      ? []
      : [visibleTo(ctx.viewer.user, audienceColumnsOfAlias("o"))]),
    ...dateRange(sql.raw(`o.${dateCol}`), ctx.filters),
  ];
}

/** A content kind's sources: its own text (`own`, over `o`), then its documents; none without a content menu. */
export function contentSources(
  ctx: Ctx,
  own: Source,
  owner: SQL,
  ownerCol: DocumentOwner,
  dateCol: string,
): Source[] | null {
  if (!ctx.viewer.menus.content.length) return null;
  const where = contentWhere(ctx, ownerCol, dateCol);
  return [{ ...own, where: [...(own.where ?? []), ...where] }, ...documentSources(ctx, owner, ownerCol, where)];
}

/** A content result's link: its menu page on `tab`, searching the item's title (and in its group). */
export function contentHref(
  r: { slug: string | null; page_types: string | null },
  tab: ContentTab,
  title: string,
  group: number | null = null,
): string {
  const tabs = tabsOf(parseIntArray(r.page_types));
  return pageHref(
    r.slug ?? "",
    tabs,
    { tab, q: "", sort: "newest", page: 1, group: null, view: "grid" },
    { q: title.slice(0, SEARCH_MAX), group },
  );
}

function parseIntArray(text: string | null): number[] {
  return (text ?? "").replace(/[{}]/g, "").split(",").filter(Boolean).map(Number);
}

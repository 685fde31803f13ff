import { stripControlChars } from "@/lib/validation/text";
import { CONTENT_TABS, DATE_SORTS, SEARCH_MAX, SORTS, type ContentTab, type Sort } from "./basics";
import type { PageState } from "./page-href";
import { toId } from "@/lib/validation/id";

// The URL side (the browser needs it) is in ./page-href; the parsing only runs on the server.

type RawParams = Record<string, string | string[] | undefined>;

const first = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v);

export function sortsFor(tab: ContentTab, group: number | null): readonly Sort[] {
  return tab === "save-the-date" || (tab === "attachment" && group != null) ? DATE_SORTS : SORTS;
}

/**
 * Reads the page state from the query string. Anything invalid (unknown tab or sort, page below 1 or
 * not a number, an over-long search) falls back to the default and `changed` is set, so the page can
 * redirect to the canonical URL instead of rendering a state that is not the address.
 */
export function parsePageState(raw: RawParams, tabs: readonly ContentTab[]): { state: PageState; changed: boolean } {
  let changed = false;
  const tabRaw = first(raw.tab);
  let tab: ContentTab = tabs[0] ?? "save-the-date";
  if (tabRaw !== undefined) {
    if ((CONTENT_TABS as readonly string[]).includes(tabRaw) && tabs.includes(tabRaw as ContentTab))
      tab = tabRaw as ContentTab;
    else changed = true;
  }

  let group: number | null = null;
  const groupRaw = first(raw.group);
  if (groupRaw !== undefined) {
    if (tab === "attachment" && toId(groupRaw) !== null) group = toId(groupRaw);
    else changed = true;
  }

  const qRaw = first(raw.q) ?? "";
  // Control characters (a NUL would be a 500 from PostgreSQL) are dropped, and the URL made canonical.
  let q = stripControlChars(qRaw).trim();
  if (q !== qRaw.trim()) changed = true;
  if (q.length > SEARCH_MAX) {
    q = q.slice(0, SEARCH_MAX);
    changed = true;
  }

  const allowed = sortsFor(tab, group);
  let sort: Sort = "newest";
  const sortRaw = first(raw.sort);
  if (sortRaw !== undefined) {
    if ((allowed as readonly string[]).includes(sortRaw)) sort = sortRaw as Sort;
    else changed = true;
  }

  let page = 1;
  const pageRaw = first(raw.page);
  if (pageRaw !== undefined) {
    if (/^\d{1,7}$/.test(pageRaw) && Number(pageRaw) >= 1) page = Number(pageRaw);
    else changed = true;
  }

  let view: "grid" | "list" = "grid";
  const viewRaw = first(raw.view);
  if (viewRaw !== undefined) {
    if (viewRaw === "list" || viewRaw === "grid") view = viewRaw;
    else changed = true;
  }

  return { state: { tab, q, sort, page, group, view }, changed };
}

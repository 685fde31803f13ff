import { CONTENT_TABS, DATE_SORTS, SEARCH_MAX, SORTS, type ContentTab, type Sort } from "./basics";

/** The state of a menu page, all of it in the URL: `?tab=attachment&q=...&sort=...&page=2&group=3&view=list`. */
export type PageState = {
  tab: ContentTab;
  q: string;
  sort: Sort;
  page: number;
  /** Attachment group child view. */
  group: number | null;
  /** Attachment tab layout; grid is the default. */
  view: "grid" | "list";
};

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
    if ((CONTENT_TABS as readonly string[]).includes(tabRaw) && tabs.includes(tabRaw as ContentTab)) tab = tabRaw as ContentTab;
    else changed = true;
  }

  let group: number | null = null;
  const groupRaw = first(raw.group);
  if (groupRaw !== undefined) {
    if (tab === "attachment" && /^[1-9]\d{0,9}$/.test(groupRaw) && Number(groupRaw) <= 2_147_483_647) group = Number(groupRaw);
    else changed = true;
  }

  let q = (first(raw.q) ?? "").trim();
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

/** The canonical URL of a state (defaults left out), optionally changed by `patch`. */
export function pageHref(slug: string, tabs: readonly ContentTab[], state: PageState, patch: Partial<PageState> = {}): string {
  const s = { ...state, ...patch };
  const params = new URLSearchParams();
  if (s.tab !== tabs[0]) params.set("tab", s.tab);
  if (s.tab === "attachment" && s.group != null) params.set("group", String(s.group));
  if (s.q) params.set("q", s.q);
  if (s.sort !== "newest") params.set("sort", s.sort);
  if (s.tab === "attachment" && s.view !== "grid") params.set("view", s.view);
  if (s.page > 1) params.set("page", String(s.page));
  const qs = params.toString();
  return `/${slug}${qs ? `?${qs}` : ""}`;
}

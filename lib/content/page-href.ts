import type { ContentTab, Sort } from "./basics";

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

/** The canonical URL of a state (defaults left out), optionally changed by `patch`. */
export function pageHref(
  slug: string,
  tabs: readonly ContentTab[],
  state: PageState,
  patch: Partial<PageState> = {},
): string {
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

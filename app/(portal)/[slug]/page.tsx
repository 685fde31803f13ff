import type { Metadata } from "next";
import { cache } from "react";
import Link from "next/link";
import { connection } from "next/server";
import { forbidden, notFound, redirect } from "next/navigation";
import { getCurrentUser, pageGuard, requireUser } from "@/lib/auth/guards";
import { roleCan } from "@/lib/auth/roles";
import { getMenuBySlug } from "@/lib/menus/queries";
import { listAttachmentItems, listDiscussions, listSaveTheDates } from "@/lib/content/queries";
import { PAGE_SIZE, type ContentTab } from "@/lib/content/constants";
import { pageHref, parsePageState, sortsFor, type PageState } from "@/lib/content/page-state";
import { TAB_ACTIONS, TAB_LABELS, isCalendarPage, tabsOf } from "@/lib/content/tabs";
import {
  attachmentListMarkup,
  discussionListMarkup,
  groupHeadMarkup,
  pageHeadMarkup,
  pagerMarkup,
  saveTheDateListMarkup,
  subMenusMarkup,
  tabsMarkup,
  toolbarMarkup,
} from "@/components/content/list-markup";
import { MarkupList } from "@/components/content/markup-list";
import { html, raw } from "@/lib/html";
import { BannerArea } from "@/components/banner/banner-area";
import { CalendarPage } from "@/components/calendar/calendar-page";

type Props = { params: Promise<{ slug: string }>; searchParams: Promise<Record<string, string | string[] | undefined>> };

/** The menu lookup of this request, shared by generateMetadata and the page (primitive keys memoise). */
const lookupMenu = cache((slug: string, roleId: number, stamp: string) => getMenuBySlug({ slug: slug.slice(0, 190), roleId, stamp }));

async function findMenu(slug: string, user: { roleId: number; configStamp: string }) {
  const found = await lookupMenu(slug, user.roleId, user.configStamp);
  if (found.status === "not_found") notFound();
  if (found.status === "forbidden") forbidden();
  return found.menu;
}

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  await connection();
  const user = await getCurrentUser();
  if (!user) return {};
  const found = await lookupMenu((await params).slug, user.roleId, user.configStamp);
  return found.status === "ok" ? { title: found.menu.title } : {};
}

/**
 * CommonPage: the menu page at /{slug}, rendered on the server. Tab, search, sort, page, group and
 * layout live in the URL; an invalid value redirects to the canonical URL, a page past the end to the
 * last page.
 */
export default async function MenuPage({ params, searchParams }: Props) {
  await connection();
  const user = await pageGuard(requireUser());
  const { slug } = await params;
  const menu = await findMenu(slug, user);
  const isAdmin = roleCan(user.roleId, "manageContent");
  const calendar = isCalendarPage(menu.pageTypes);
  const tabs = tabsOf(menu.pageTypes);

  const header = (
    <>
      <BannerArea menuId={menu.id} menuTitle={menu.title} user={user} />
      {menu.parent && (
        <p className="text-sm text-slate-500">
          <Link href={`/${menu.parent.slug}`} className="hover:text-brand-700 hover:underline">
            {menu.parent.title}
          </Link>
        </p>
      )}
    </>
  );

  if (calendar) {
    const subMenus = subMenusMarkup(menu.children);
    return (
      <div className="space-y-4">
        {header}
        {subMenus && <MarkupList html={subMenus.value} />}
        <CalendarPage menu={menu} user={user} searchParams={await searchParams} />
      </div>
    );
  }

  const { state, changed } = parsePageState(await searchParams, tabs);
  const href = (patch: Partial<PageState> = {}) => pageHref(menu.slug, tabs, state, patch);
  if (changed) redirect(href());

  const list = { menuId: menu.id, q: state.q, sort: state.sort, page: state.page };
  let body: string;
  let total = 0;
  let perPage: number = PAGE_SIZE.discussion;
  let groupName: string | null = null;

  if (state.tab === "discussion") {
    const result = await listDiscussions({ ...list, perPage: PAGE_SIZE.discussion }, user.contentStamp);
    ({ total, perPage } = result);
    body = discussionListMarkup(result.rows, { slug: menu.slug, isAdmin });
  } else if (state.tab === "attachment") {
    const result = await listAttachmentItems({ ...list, groupId: state.group, perPage: PAGE_SIZE.attachment }, user.contentStamp);
    if (!result) redirect(href({ group: null, page: 1 }));
    ({ total, perPage } = result);
    groupName = result.group?.name ?? null;
    body = attachmentListMarkup(result.rows, {
      slug: menu.slug,
      isAdmin,
      view: state.view,
      inGroup: state.group != null,
      groupHref: (id) => href({ group: id, page: 1, q: "", sort: "newest" }),
    });
  } else {
    const result = await listSaveTheDates({ ...list, perPage: PAGE_SIZE.saveTheDate }, user.contentStamp);
    ({ total, perPage } = result);
    body = saveTheDateListMarkup(result.rows, { slug: menu.slug, isAdmin });
  }
  const lastPage = Math.max(1, Math.ceil(total / perPage));
  if (state.page > lastPage) redirect(href({ page: lastPage }));

  const action = TAB_ACTIONS[state.tab];
  const tabLabel = (t: ContentTab) => TAB_LABELS[t];
  // Below the banner the page is one string of server-built HTML (components/content/list-markup.ts).
  const addHref = `/${menu.slug}/${action.path}${state.tab === "attachment" && state.group ? `?group=${state.group}` : ""}`;
  const tabLinks = tabs.map((t) => ({
    href: pageHref(menu.slug, tabs, { tab: t, q: "", sort: "newest", page: 1, group: null, view: state.view }),
    label: tabLabel(t),
    current: t === state.tab,
  }));
  const groupHead = state.tab === "attachment" && state.group != null ? groupHeadMarkup(href({ group: null, page: 1, q: "", sort: "newest" }), groupName ?? "") : null;
  const toolbar = toolbarMarkup({ slug: menu.slug, tabs, state, sorts: sortsFor(state.tab, state.group), viewToggle: state.tab === "attachment", label: tabLabel(state.tab) });
  const pager = pagerMarkup({ page: state.page, total, perPage, href: (page) => href({ page }) });
  const content = html`${pageHeadMarkup(menu.title, isAdmin ? { href: addHref, label: action.label } : null)}${subMenusMarkup(menu.children)}${tabsMarkup(tabLinks)}<section aria-label="${tabLabel(state.tab)}" class="space-y-4">${groupHead}${toolbar}${raw(body)}${pager}</section>`;

  return (
    <div className="space-y-4">
      {header}
      <MarkupList className="space-y-4" html={content.value} />
    </div>
  );
}

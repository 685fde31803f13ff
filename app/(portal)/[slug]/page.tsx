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
import { attachmentListMarkup, discussionListMarkup, pagerMarkup, saveTheDateListMarkup, toolbarMarkup } from "@/components/content/list-markup";
import { MarkupList } from "@/components/content/markup-list";
import { SubMenuCarousel } from "@/components/content/submenu-carousel";
import { Icon } from "@/components/ui/icon";
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
    return (
      <div className="space-y-4">
        {header}
        {menu.children.length > 0 && <SubMenuCarousel items={menu.children} />}
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

  return (
    <div className="space-y-4">
      {header}
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-semibold break-words text-slate-900">{menu.title}</h1>
        {isAdmin && (
          <Link href={`/${menu.slug}/${action.path}${state.tab === "attachment" && state.group ? `?group=${state.group}` : ""}`} className="inline-flex items-center rounded-md bg-brand-600 px-4 py-2 text-sm font-medium text-white hover:bg-brand-700">
            {action.label}
          </Link>
        )}
      </div>
      {menu.children.length > 0 && <SubMenuCarousel items={menu.children} />}
      <nav aria-label="Content" className="border-b border-slate-200">
        <ul className="-mb-px flex gap-1 overflow-x-auto">
          {tabs.map((t) => (
            <li key={t}>
              <Link
                href={pageHref(menu.slug, tabs, { tab: t, q: "", sort: "newest", page: 1, group: null, view: state.view })}
                aria-current={t === state.tab ? "page" : undefined}
                className={`block border-b-2 px-4 py-2 text-sm font-medium whitespace-nowrap ${t === state.tab ? "border-brand-600 text-brand-700" : "border-transparent text-slate-600 hover:border-slate-300 hover:text-slate-900"}`}
              >
                {tabLabel(t)}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <section aria-label={tabLabel(state.tab)} className="space-y-4">
        {state.tab === "attachment" && state.group != null && (
          <div className="flex items-center gap-3">
            <Link href={href({ group: null, page: 1, q: "", sort: "newest" })} className="inline-flex items-center gap-1 rounded-md border border-slate-300 bg-white px-3 py-1.5 text-sm font-medium text-slate-700 hover:bg-slate-50">
              <Icon name="back" className="h-4 w-4" /> Back
            </Link>
            <h2 className="flex min-w-0 items-center gap-2 text-lg font-semibold text-slate-900">
              <Icon name="folder" className="h-5 w-5 shrink-0 text-slate-500" />
              <span className="truncate">{groupName}</span>
            </h2>
          </div>
        )}
        <MarkupList
          className="space-y-4"
          html={
            html`${toolbarMarkup({ slug: menu.slug, tabs, state, sorts: sortsFor(state.tab, state.group), viewToggle: state.tab === "attachment", label: tabLabel(state.tab) })}${raw(body)}${pagerMarkup({ page: state.page, total, perPage, href: (page) => href({ page }) })}`.value
          }
        />
      </section>
    </div>
  );
}

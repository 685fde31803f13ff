import type { Metadata } from "next";
import { cache } from "react";
import Link from "next/link";
import { connection } from "next/server";
import { forbidden, redirect } from "next/navigation";
import { getCurrentUser, pageGuard, requireUser } from "@/lib/auth/guards";
import { roleCan } from "@/lib/auth/roles";
import { getMenuBySlug } from "@/lib/menus/queries";
import { menuNotFound } from "@/app/(portal)/_lib/menu-not-found";
import { listAttachmentItems } from "@/lib/content/attachment/queries";
import { listAudienceOptions } from "@/lib/content/queries";
import { listDiscussions } from "@/lib/content/discussion/queries";
import { listSaveTheDates } from "@/lib/content/save-the-date/queries";
import { PAGE_SIZE } from "@/lib/content/constants";
import { pageHref, type PageState } from "@/lib/content/page-href";
import { parsePageState, sortsFor } from "@/lib/content/page-state";
import { TAB_ACTIONS, TAB_LABELS, isCalendarPage, tabsOf } from "@/lib/content/tabs";
import { AttachmentList, DiscussionList, SaveTheDateList } from "@/components/content/list-items";
import { ContentTabs, GroupHead, PageHead, Pager, SubMenus } from "@/components/content/page-parts";
import { ListToolbar } from "@/components/content/list-toolbar";
import { ContentRegion } from "@/components/content/content-region";
import { BannerArea } from "@/components/banner/banner-area";
import { CalendarPage } from "@/components/calendar/calendar-page";

type Props = {
  params: Promise<{ slug: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
};

/** The menu lookup of this request, shared by generateMetadata and the page (primitive keys memoise). */
const lookupMenu = cache((slug: string, roleId: number, stamp: string) =>
  getMenuBySlug({ slug: slug.slice(0, 190), roleId, stamp }),
);

async function findMenu(slug: string, user: { roleId: number; configStamp: string }) {
  const found = await lookupMenu(slug, user.roleId, user.configStamp);
  // A renamed menu's old address (a bookmark, a link in a mail) goes to its page for good (308).
  if (found.status === "not_found") return menuNotFound(slug);
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
        {menu.children.length > 0 && (
          <ContentRegion>
            <SubMenus items={menu.children} />
          </ContentRegion>
        )}
        <CalendarPage menu={menu} user={user} searchParams={await searchParams} />
      </div>
    );
  }

  const { state, changed } = parsePageState(await searchParams, tabs);
  const href = (patch: Partial<PageState> = {}) => pageHref(menu.slug, tabs, state, patch);
  if (changed) redirect(href());

  const list = { menuId: menu.id, q: state.q, sort: state.sort, page: state.page, viewer: user };
  let body: React.ReactNode;
  let total = 0;
  let perPage: number = PAGE_SIZE.discussion;
  let groupName: string | null = null;

  // Administrators see each item's audience and schedule by name.
  const names = isAdmin && state.tab !== "save-the-date" ? await listAudienceOptions() : undefined;
  if (state.tab === "discussion") {
    const result = await listDiscussions({ ...list, perPage: PAGE_SIZE.discussion }, user.contentStamp);
    ({ total, perPage } = result);
    body = <DiscussionList rows={result.rows} slug={menu.slug} isAdmin={isAdmin} names={names} />;
  } else if (state.tab === "attachment") {
    const result = await listAttachmentItems(
      { ...list, groupId: state.group, perPage: PAGE_SIZE.attachment },
      user.contentStamp,
    );
    if (!result) redirect(href({ group: null, page: 1 }));
    ({ total, perPage } = result);
    groupName = result.group?.name ?? null;
    body = (
      <AttachmentList
        rows={result.rows}
        slug={menu.slug}
        isAdmin={isAdmin}
        view={state.view}
        inGroup={state.group != null}
        groupHref={(id) => href({ group: id, page: 1, q: "", sort: "newest" })}
        names={names}
      />
    );
  } else {
    const result = await listSaveTheDates(
      { menuId: list.menuId, q: list.q, sort: list.sort, page: list.page, perPage: PAGE_SIZE.saveTheDate },
      user.contentStamp,
    );
    ({ total, perPage } = result);
    body = <SaveTheDateList rows={result.rows} slug={menu.slug} isAdmin={isAdmin} />;
  }
  const lastPage = Math.max(1, Math.ceil(total / perPage));
  if (state.page > lastPage) redirect(href({ page: lastPage }));

  const action = TAB_ACTIONS[state.tab];
  const label = TAB_LABELS[state.tab];
  const addHref = `/${menu.slug}/${action.path}${state.tab === "attachment" && state.group ? `?group=${state.group}` : ""}`;
  const tabLinks = tabs.map((t) => ({
    href: pageHref(menu.slug, tabs, { tab: t, q: "", sort: "newest", page: 1, group: null, view: state.view }),
    label: TAB_LABELS[t],
    current: t === state.tab,
  }));

  return (
    <div className="space-y-4">
      {header}
      <ContentRegion className="space-y-4">
        <PageHead title={menu.title} add={isAdmin ? { href: addHref, label: action.label } : null} />
        <SubMenus items={menu.children} />
        <ContentTabs tabs={tabLinks} />
        <section aria-label={label} className="space-y-4">
          {state.tab === "attachment" && state.group != null && (
            <GroupHead backHref={href({ group: null, page: 1, q: "", sort: "newest" })} name={groupName ?? ""} />
          )}
          <ListToolbar
            slug={menu.slug}
            tabs={tabs}
            state={state}
            sorts={sortsFor(state.tab, state.group)}
            viewToggle={state.tab === "attachment"}
            label={label}
          />
          {body}
          <Pager page={state.page} total={total} perPage={perPage} href={(page) => href({ page })} />
        </section>
      </ContentRegion>
    </div>
  );
}

import { AppLink } from "@/components/ui/app-link";
import { cut } from "@/lib/content/basics";
import { isWebUrl } from "@/lib/url";
import { Icon } from "@/components/ui/icon";

/**
 * The parts of a menu page around its list, rendered on the server: heading with role 1's add button,
 * the sub-page carousel, the tabs, an attachment group's head, and the pager. In-app links carry
 * `data-nav` (prefetched on intent by the ContentRegion around them).
 */

/** A content page's heading, with role 1's add button (Add New Post, Add New Attachment, ...). */
export function PageHead({ title, add }: { title: string; add: { href: string; label: string } | null }) {
  return (
    <div className="flex flex-wrap items-center justify-between gap-3">
      <h1 className="text-2xl font-semibold break-words text-slate-900">{title}</h1>
      {add && (
        <AppLink
          href={add.href}
          className="inline-flex items-center rounded-md bg-brand-600 px-4 py-2 text-sm font-medium text-white hover:bg-brand-700"
        >
          {add.label}
        </AppLink>
      )}
    </div>
  );
}

/** The page's sub-menus as a horizontal carousel (titles cut at 30 characters, the full title on hover). */
export function SubMenus({ items }: { items: readonly { slug: string; title: string; url: string | null }[] }) {
  if (items.length === 0) return null;
  const arrow = (dir: -1 | 1) => (
    <button
      type="button"
      data-scroll={dir}
      aria-label={`Scroll sub-pages ${dir < 0 ? "left" : "right"}`}
      className="hidden shrink-0 rounded-full border border-slate-200 bg-white p-1.5 text-slate-600 hover:bg-slate-50 md:block"
    >
      <Icon name={dir < 0 ? "chevron-left" : "chevron-right"} className="h-4 w-4" />
    </button>
  );
  return (
    <nav aria-label="Sub-pages" className="flex items-center gap-2" data-scroller>
      {arrow(-1)}
      <ul className="flex min-w-0 flex-1 snap-x [scrollbar-width:none] gap-2 overflow-x-auto scroll-smooth py-1">
        {items.map((m) => {
          const url = m.url?.trim();
          const text = cut(m.title, 30);
          return (
            <li key={m.slug} className="shrink-0 snap-start">
              {!url ? (
                <AppLink href={`/${m.slug}`} title={m.title} className="sub-page">
                  {text}
                </AppLink>
              ) : isWebUrl(url) ? (
                <a href={url} target="_blank" rel="noopener noreferrer" title={m.title} className="sub-page">
                  {text}
                </a>
              ) : (
                <span title={m.title} className="sub-page">
                  {text}
                </span>
              )}
            </li>
          );
        })}
      </ul>
      {arrow(1)}
    </nav>
  );
}

/** The page's tabs (Discussion, Attachment, Save the Date), the current one marked. */
export function ContentTabs({ tabs }: { tabs: readonly { href: string; label: string; current: boolean }[] }) {
  return (
    <nav aria-label="Content" className="border-b border-slate-200">
      <ul className="-mb-px flex gap-1 overflow-x-auto">
        {tabs.map((t) => (
          <li key={t.label}>
            <AppLink
              href={t.href}
              aria-current={t.current ? "page" : undefined}
              className={`block border-b-2 px-4 py-2 text-sm font-medium whitespace-nowrap ${
                t.current
                  ? "border-brand-600 text-brand-700"
                  : "border-transparent text-slate-600 hover:border-slate-300 hover:text-slate-900"
              }`}
            >
              {t.label}
            </AppLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** An attachment group's own view: Back to the tab, and the group's name. */
export function GroupHead({ backHref, name }: { backHref: string; name: string }) {
  return (
    <div className="flex items-center gap-3">
      <AppLink
        href={backHref}
        className="inline-flex items-center gap-1 rounded-md border border-slate-300 bg-white px-3 py-1.5 text-sm font-medium text-slate-700 hover:bg-slate-50"
      >
        <Icon name="back" className="h-4 w-4" /> Back
      </AppLink>
      <h2 className="flex min-w-0 items-center gap-2 text-lg font-semibold text-slate-900">
        <Icon name="folder" className="h-5 w-5 shrink-0 text-slate-500" />
        <span className="truncate">{name}</span>
      </h2>
    </div>
  );
}

/** Previous / Next, shown when the total reaches the page size (as on the old portal). */
export function Pager({
  page,
  total,
  perPage,
  href,
}: {
  page: number;
  total: number;
  perPage: number;
  href: (page: number) => string;
}) {
  if (total < perPage) return null;
  const last = Math.max(1, Math.ceil(total / perPage));
  const step = (label: string, to: number, enabled: boolean, rel: string) =>
    enabled ? (
      <AppLink href={href(to)} rel={rel} className="pager-step text-slate-800 hover:bg-slate-50">
        {label}
      </AppLink>
    ) : (
      <span aria-disabled="true" className="pager-step cursor-not-allowed text-slate-400">
        {label}
      </span>
    );
  return (
    <nav aria-label="Pagination" className="flex items-center justify-between gap-3 pt-2">
      {step("Previous", page - 1, page > 1, "prev")}
      <span className="text-sm text-slate-600">
        Page {page} of {last}
      </span>
      {step("Next", page + 1, page < last, "next")}
    </nav>
  );
}

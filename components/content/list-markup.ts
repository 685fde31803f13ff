import "server-only";
import { cut, DESCRIPTION_PREVIEW, EMPTY_TEXT, initialsOf, MONTH_NAMES } from "@/lib/content/constants";
import { formatLocal, type DateKind } from "@/lib/content/dates";
import { toFileItems, type FileItem } from "@/lib/content/file-items";
import { linkify, truncateParts } from "@/lib/content/linkify";
import type { AttachmentGroupItem, AttachmentRow, DiscussionRow, DocumentRow, SaveTheDateRow } from "@/lib/content/queries";
import { SORT_LABELS, type ContentTab, type Sort } from "@/lib/content/basics";
import { pageHref, type PageState } from "@/lib/content/page-href";
import { html, isWebUrl, raw, type Html } from "@/lib/html";
import { fileTypeIconMarkup, iconMarkup } from "@/components/ui/icon";

/**
 * The content lists (Discussion, Attachment and Save-the-date tabs) as HTML strings, built on the
 * server and put in the page by MarkupList (markup-list.tsx), which adds the behaviour by delegation.
 *
 * Why strings: as React elements (links, dates, file buttons and admin actions as client components,
 * about 50 elements a post), ten posts were the largest cost of a content page. Built as one string,
 * the page took 10.2 instead of 13.6 ms of server CPU per request (issue 4's bench data, the same
 * database and machine, interleaved rounds). The markup is plain HTML that reads and navigates
 * without JavaScript. Every text and attribute goes through
 * `html`, which escapes it: user text can only ever be text, and only http(s) addresses become links.
 *
 * The attributes MarkupList reads:
 * - `data-nav` on in-app links (navigated in the app, prefetched on intent);
 * - `data-file` (stored path), `data-name`, `data-ext`, `data-src` on file buttons; a `data-files`
 *   element groups them (the gallery shows a group's images); `data-download` marks a Download button;
 * - `data-scroll` (-1 or 1) on a carousel's arrows, which scroll the list of their `data-scroller` element;
 * - `data-action` (pin, unpin, delete), `data-kind`, `data-id`, `data-slug` on admin buttons, inside
 *   a `data-actions` element;
 * - `data-local` (long, time, us) on a `<time>` shown again in the viewer's time zone;
 * - `data-toolbar` (the page's slug, tabs and state as JSON) on the search form: Enter in the search
 *   field and a change of sort go to the canonical URL of the new state (lib/content/page-href.ts).
 */

type Kind = "discussion" | "attachment" | "save-the-date";

// Classes repeated on every item are component classes of app/globals.css (item-action, file-row,
// file-tile, item-open): a page of posts then carries one short name instead of the utilities each time.

/** A date in one of the spec's formats (server time zone), shown again in the viewer's after load. */
function timeMarkup(date: Date, kind: DateKind): Html {
  return html`<time datetime="${date.toISOString()}" data-local="${kind}">${formatLocal(date, kind)}</time>`;
}

/**
 * User text as text (never as HTML), web links clickable (http and https only); cut at `max` visible
 * characters with a 'Read more' link. Text between links is plain text, no wrapping element.
 */
export function userTextMarkup(text: string, max?: number, moreHref?: string): Html {
  const all = linkify(text);
  const { parts, truncated } = max ? truncateParts(all, max) : { parts: all, truncated: false };
  const body = parts.map((p) =>
    p.type === "link" ? html`<a href="${p.href}" target="_blank" rel="noopener noreferrer nofollow" class="user-link">${p.text}</a>` : p.text,
  );
  const more = truncated && moreHref ? html`... <a href="${moreHref}" data-nav class="font-medium text-brand-600 hover:underline">Read more</a>` : truncated ? "..." : null;
  return html`${body}${more}`;
}

/** Role 1's Edit, Pin/Unpin (when `pinned` is given) and Delete for one item. */
function actionsMarkup(a: { kind: Kind; id: number; slug: string; title: string; editHref: string; pinned?: boolean }): Html {
  const data = html`data-kind="${a.kind}" data-id="${a.id}" data-slug="${a.slug}"`;
  const pin =
    a.pinned === undefined
      ? null
      : html`<button type="button" class="item-action${a.pinned ? " text-brand-600" : ""}" data-action="${a.pinned ? "unpin" : "pin"}" ${data} aria-label="${a.pinned ? "Unpin" : "Pin"} ${a.title}" title="${a.pinned ? "Unpin" : "Pin"}" aria-pressed="${String(a.pinned)}">${raw(iconMarkup("pin", { className: "h-5 w-5" }))}</button>`;
  return html`<div class="flex shrink-0 items-center gap-1" data-actions><a href="${a.editHref}" data-nav class="item-action" aria-label="Edit ${a.title}" title="Edit">${raw(iconMarkup("edit", { className: "h-5 w-5" }))}</a>${pin}<button type="button" class="item-action hover:text-red-600" data-action="delete" ${data} aria-label="Delete ${a.title}" title="Delete">${raw(iconMarkup("trash", { className: "h-5 w-5" }))}</button></div>`;
}

function fileButton(f: FileItem, label: Html | string, className: string): Html {
  return html`<button type="button" data-file="${f.path}" data-name="${f.name}" data-ext="${f.extension}"${f.src ? html` data-src="${f.src}"` : null} title="${f.name}" aria-label="Open ${f.name}" class="${className}">${raw(fileTypeIconMarkup(f.extension))}${label}</button>`;
}

/** The files of a post or entry as a scrollable row, names cut at `nameMax`; images open in the gallery. */
export function filesMarkup(docs: DocumentRow[], nameMax = 5): Html {
  const files = toFileItems(docs);
  const items = files.map(
    (f) =>
      html`<li class="shrink-0 snap-start">${fileButton(f, html`<span class="w-full truncate text-center text-xs text-slate-700">${cut(f.name, nameMax)}</span>`, "file-tile")}</li>`,
  );
  const arrows =
    files.length > 4
      ? html`<div class="mt-1 flex justify-end gap-1"><button type="button" data-scroll="-1" class="rounded p-1 text-slate-500 hover:bg-slate-100" aria-label="Previous files">${raw(iconMarkup("chevron-left", { className: "h-4 w-4" }))}</button><button type="button" data-scroll="1" class="rounded p-1 text-slate-500 hover:bg-slate-100" aria-label="Next files">${raw(iconMarkup("chevron-right", { className: "h-4 w-4" }))}</button></div>`
      : null;
  return html`<div class="relative" data-files${arrows ? raw(" data-scroller") : null}><ul aria-label="Files" class="file-row">${items}</ul>${arrows}</div>`;
}

/** The files of one post on its detail page: a wrapped list with whole names. */
export function fileListMarkup(docs: DocumentRow[]): Html {
  const items = toFileItems(docs).map(
    (f) => html`<li>${fileButton(f, html`<span class="min-w-0 flex-1 truncate text-slate-800">${f.name}</span>`, "flex w-full items-center gap-2 rounded-lg border border-slate-200 bg-slate-50 px-3 py-2 text-left text-sm hover:border-brand-500 hover:bg-brand-50")}</li>`,
  );
  return html`<div class="relative" data-files><ul aria-label="Files" class="grid gap-2 sm:grid-cols-2">${items}</ul></div>`;
}

const empty = (kind: Kind) => html`<p class="empty-list">${EMPTY_TEXT[kind]}</p>`;

/** The Discussion tab's posts: pinned first (the query orders them), text previews, files, admin actions. */
export function discussionListMarkup(rows: DiscussionRow[], { slug, isAdmin }: { slug: string; isAdmin: boolean }): string {
  if (rows.length === 0) return empty("discussion").value;
  const items = rows.map((p) => {
    const detail = `/${slug}/post/${p.id}`;
    const actions = isAdmin ? actionsMarkup({ kind: "discussion", id: p.id, slug, title: p.title, editHref: `/${slug}/discussion/edit/${p.id}`, pinned: p.pin }) : null;
    return html`<li><article class="card sm:p-5" aria-labelledby="post-${p.id}"><div class="flex items-start justify-between gap-3"><div class="flex min-w-0 items-center gap-3"><span aria-hidden="true" class="avatar h-10 w-10 text-sm">${initialsOf(p.updatedName || "?")}</span><div class="min-w-0"><p class="truncate font-medium text-slate-900">${p.updatedName || "Unknown"}</p><p class="text-xs text-slate-500">${timeMarkup(p.updatedAt, "long")} ${timeMarkup(p.updatedAt, "time")}</p></div></div>${actions}</div><div class="mt-3 flex items-start gap-2"><h2 id="post-${p.id}" class="text-lg font-semibold break-words text-slate-900"><a href="${detail}" data-nav class="hover:text-brand-700 hover:underline">${p.title}</a></h2>${p.pin ? raw(iconMarkup("pin", { className: "mt-1.5 h-4 w-4 shrink-0 text-brand-600", label: "Pinned" })) : null}</div>${
      p.description ? html`<p class="user-text mt-2">${userTextMarkup(p.description, DESCRIPTION_PREVIEW, detail)}</p>` : null
    }${p.documents.length > 0 ? html`<div class="mt-3">${filesMarkup(p.documents)}</div>` : null}</article></li>`;
  });
  return html`<ul class="space-y-4" aria-label="Discussions">${items}</ul>`.value;
}

type AttachmentOptions = { slug: string; isAdmin: boolean; view: "grid" | "list"; inGroup: boolean; groupHref: (id: number) => string };

/**
 * The Attachment tab: groups (folder icon and name, opening the child view) and single items (type
 * icon, title cut at 20 in the grid / 60 in the list, Download or Visit Now, pin, updater and date).
 */
export function attachmentListMarkup(rows: (AttachmentRow | AttachmentGroupItem)[], { slug, isAdmin, view, inGroup, groupHref }: AttachmentOptions): string {
  if (rows.length === 0) return empty("attachment").value;
  const grid = view === "grid";
  const max = grid ? 20 : 60;
  const items = rows.map((item) => {
    if (item.kind === "group") {
      return html`<li class="${grid ? "" : "p-3"}"><a href="${groupHref(item.id)}" data-nav title="${item.name}" class="flex items-center gap-3 hover:text-brand-700${grid ? " card h-full hover:border-brand-500" : ""}">${raw(iconMarkup("folder", { className: "h-10 w-10 shrink-0", color: item.colorCode }))}<span class="min-w-0"><span class="block truncate font-medium text-slate-900">${cut(item.name, max)}</span><span class="text-xs text-slate-500">${item.count} ${item.count === 1 ? "item" : "items"}</span></span></a></li>`;
    }
    const doc = item.documents[0];
    const open =
      item.uploadType === "url" && item.url && isWebUrl(item.url)
        ? html`<a href="${item.url}" target="_blank" rel="noopener noreferrer nofollow" class="item-open" aria-label="Visit Now: ${item.title}">Visit Now</a>`
        : doc
          ? html`<button type="button" data-file="${doc.path}" data-name="${doc.name}" data-download class="item-open" aria-label="Download ${doc.name}">Download</button>`
          : html`<span class="text-sm text-slate-400">No file</span>`;
    const actions = isAdmin
      ? actionsMarkup({ kind: "attachment", id: item.id, slug, title: item.title, editHref: `/${slug}/attachment/edit/${item.id}`, pinned: inGroup || item.groupId != null ? undefined : item.pin })
      : null;
    return html`<li class="${grid ? "card flex flex-col" : "flex flex-wrap items-center gap-3 p-3 sm:flex-nowrap"}"><div class="flex min-w-0 items-start gap-3${grid ? "" : " flex-1"}">${raw(fileTypeIconMarkup(doc?.extension ?? "", { isLink: item.uploadType === "url", className: "h-10 w-10 shrink-0" }))}<div class="min-w-0 flex-1"><div class="flex items-start gap-1"><h3 class="font-medium break-words text-slate-900" title="${item.title}">${cut(item.title, max)}</h3>${
      item.pin ? raw(iconMarkup("pin", { className: "mt-0.5 h-4 w-4 shrink-0 text-brand-600", label: "Pinned" })) : null
    }</div><p class="mt-0.5 text-xs text-slate-500">${item.updatedName} · ${timeMarkup(item.updatedAt, "us")} ${timeMarkup(item.updatedAt, "time")}</p></div></div><div class="flex items-center justify-between gap-2 ${grid ? "mt-4" : "shrink-0"}">${open}${actions}</div></li>`;
  });
  return html`<ul aria-label="Attachments" class="${grid ? "grid gap-4 sm:grid-cols-2 lg:grid-cols-3" : "divide-y divide-slate-200 rounded-lg border border-slate-200 bg-white"}">${items}</ul>`.value;
}

/** The Save-the-date tab: day and month name, title, description, files; role 1 Edit and Delete. */
export function saveTheDateListMarkup(rows: SaveTheDateRow[], { slug, isAdmin }: { slug: string; isAdmin: boolean }): string {
  if (rows.length === 0) return empty("save-the-date").value;
  const items = rows.map((e) => {
    const [year, month, day] = e.eventDate.split("-");
    const actions = isAdmin ? actionsMarkup({ kind: "save-the-date", id: e.id, slug, title: e.title, editHref: `/${slug}/event/edit/${e.id}` }) : null;
    return html`<li class="card flex gap-4"><time datetime="${e.eventDate}" class="flex h-20 w-20 shrink-0 flex-col items-center justify-center rounded-lg bg-brand-600 text-white"><span class="text-2xl leading-none font-bold">${day}</span><span class="mt-1 text-xs font-medium tracking-wide uppercase">${MONTH_NAMES[Number(month) - 1]}</span><span class="text-[0.65rem] opacity-80">${year}</span></time><div class="min-w-0 flex-1"><div class="flex items-start justify-between gap-2"><h2 class="text-lg font-semibold break-words text-slate-900">${e.title}</h2>${actions}</div>${
      e.description ? html`<p class="user-text mt-1">${userTextMarkup(e.description)}</p>` : null
    }${e.documents.length > 0 ? html`<div class="mt-3">${filesMarkup(e.documents, 12)}</div>` : null}</div></li>`;
  });
  return html`<ul class="space-y-4" aria-label="Dates">${items}</ul>`.value;
}

const FIELD = "border border-slate-300 bg-white text-sm focus:border-brand-500 focus:ring-1 focus:ring-brand-500 focus:outline-none";

/**
 * Search (Enter), sort and the attachment tab's grid/list toggle. Every change is a URL (rendered on
 * the server), so Back/Forward and shared links work; without JavaScript the form submits as GET.
 */
export function toolbarMarkup(t: { slug: string; tabs: readonly ContentTab[]; state: PageState; sorts: readonly Sort[]; viewToggle: boolean; label: string }): Html {
  const { slug, tabs, state } = t;
  const hidden = html`<input type="hidden" name="tab" value="${state.tab}">${
    state.group != null ? html`<input type="hidden" name="group" value="${state.group}">` : null
  }${state.view !== "grid" ? html`<input type="hidden" name="view" value="${state.view}">` : null}`;
  const options = t.sorts.map((s) => html`<option value="${s}"${s === state.sort ? raw(" selected") : null}>${SORT_LABELS[s]}</option>`);
  const views = (["grid", "list"] as const).map((v) => {
    const on = state.view === v;
    return html`<a href="${pageHref(slug, tabs, state, { view: v })}" data-nav aria-label="${v === "grid" ? "Grid view" : "List view"}"${
      on ? raw(' aria-current="true"') : null
    } class="rounded p-1.5 ${on ? "bg-brand-600 text-white" : "text-slate-600 hover:bg-slate-100"}">${raw(iconMarkup(v, { className: "h-4 w-4" }))}</a>`;
  });
  return html`<form role="search" aria-label="Search ${t.label}" action="/${slug}" method="get" data-toolbar="${JSON.stringify({ slug, tabs, state })}" class="flex flex-wrap items-center gap-2">${hidden}<div class="relative min-w-0 flex-1 basis-56"><label for="list-q" class="sr-only">Search</label>${raw(
    iconMarkup("search", { className: "pointer-events-none absolute top-1/2 left-3 h-4 w-4 -translate-y-1/2 text-slate-400" }),
  )}<input id="list-q" name="q" type="search" value="${state.q}" maxlength="100" placeholder="Search and press Enter" class="block w-full rounded-md py-2 pr-3 pl-9 ${FIELD}"></div><label for="list-sort" class="sr-only">Sort</label><select id="list-sort" name="sort" class="rounded-md px-3 py-2 ${FIELD}">${options}</select><noscript><button type="submit" class="rounded-md border border-slate-300 bg-white px-3 py-2 text-sm">Search</button></noscript>${
    t.viewToggle ? html`<div class="flex rounded-md border border-slate-300 bg-white p-0.5" role="group" aria-label="Layout">${views}</div>` : null
  }</form>`;
}

/** Previous / Next, shown when the total reaches the page size (spec). */
export function pagerMarkup({ page, total, perPage, href }: { page: number; total: number; perPage: number; href: (page: number) => string }): Html | null {
  if (total < perPage) return null;
  const last = Math.max(1, Math.ceil(total / perPage));
  const step = (label: string, to: number, enabled: boolean, rel: string) =>
    enabled
      ? html`<a href="${href(to)}" data-nav rel="${rel}" class="pager-step text-slate-800 hover:bg-slate-50">${label}</a>`
      : html`<span aria-disabled="true" class="pager-step cursor-not-allowed text-slate-400">${label}</span>`;
  return html`<nav aria-label="Pagination" class="flex items-center justify-between gap-3 pt-2">${step("Previous", page - 1, page > 1, "prev")}<span class="text-sm text-slate-600">Page ${page} of ${last}</span>${step("Next", page + 1, page < last, "next")}</nav>`;
}

/** A content page's heading, with role 1's add button (Add New Post, Add New Attachment, ...). */
export function pageHeadMarkup(title: string, add: { href: string; label: string } | null): Html {
  return html`<div class="flex flex-wrap items-center justify-between gap-3"><h1 class="text-2xl font-semibold break-words text-slate-900">${title}</h1>${
    add ? html`<a href="${add.href}" data-nav class="inline-flex items-center rounded-md bg-brand-600 px-4 py-2 text-sm font-medium text-white hover:bg-brand-700">${add.label}</a>` : null
  }</div>`;
}

/** The page's sub-menus as a horizontal carousel (titles cut at 30 characters, the full title on hover). */
export function subMenusMarkup(items: readonly { slug: string; title: string; url: string | null }[]): Html | null {
  if (items.length === 0) return null;
  const arrow = (dir: -1 | 1) =>
    html`<button type="button" data-scroll="${dir}" aria-label="Scroll sub-pages ${dir < 0 ? "left" : "right"}" class="hidden shrink-0 rounded-full border border-slate-200 bg-white p-1.5 text-slate-600 hover:bg-slate-50 md:block">${raw(
      iconMarkup(dir < 0 ? "chevron-left" : "chevron-right", { className: "h-4 w-4" }),
    )}</button>`;
  const links = items.map(
    (m) =>
      html`<li class="shrink-0 snap-start">${
        !m.url
          ? html`<a href="/${m.slug}" data-nav title="${m.title}" class="sub-page">${cut(m.title, 30)}</a>`
          : isWebUrl(m.url.trim())
            ? html`<a href="${m.url.trim()}" target="_blank" rel="noopener noreferrer" title="${m.title}" class="sub-page">${cut(m.title, 30)}</a>`
            : html`<span title="${m.title}" class="sub-page">${cut(m.title, 30)}</span>`
      }</li>`,
  );
  return html`<nav aria-label="Sub-pages" class="flex items-center gap-2" data-scroller>${arrow(-1)}<ul class="flex min-w-0 flex-1 snap-x gap-2 overflow-x-auto scroll-smooth py-1 [scrollbar-width:none]">${links}</ul>${arrow(1)}</nav>`;
}

/** The page's tabs (Discussion, Attachment, Save the Date), the current one marked. */
export function tabsMarkup(tabs: readonly { href: string; label: string; current: boolean }[]): Html {
  const items = tabs.map(
    (t) =>
      html`<li><a href="${t.href}" data-nav${t.current ? raw(' aria-current="page"') : null} class="block border-b-2 px-4 py-2 text-sm font-medium whitespace-nowrap ${
        t.current ? "border-brand-600 text-brand-700" : "border-transparent text-slate-600 hover:border-slate-300 hover:text-slate-900"
      }">${t.label}</a></li>`,
  );
  return html`<nav aria-label="Content" class="border-b border-slate-200"><ul class="-mb-px flex gap-1 overflow-x-auto">${items}</ul></nav>`;
}

/** An attachment group's own view: Back to the tab, and the group's name. */
export function groupHeadMarkup(backHref: string, name: string): Html {
  return html`<div class="flex items-center gap-3"><a href="${backHref}" data-nav class="inline-flex items-center gap-1 rounded-md border border-slate-300 bg-white px-3 py-1.5 text-sm font-medium text-slate-700 hover:bg-slate-50">${raw(
    iconMarkup("back", { className: "h-4 w-4" }),
  )} Back</a><h2 class="flex min-w-0 items-center gap-2 text-lg font-semibold text-slate-900">${raw(
    iconMarkup("folder", { className: "h-5 w-5 shrink-0 text-slate-500" }),
  )}<span class="truncate">${name}</span></h2></div>`;
}

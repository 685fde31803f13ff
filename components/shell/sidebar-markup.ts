import { iconMarkup, type IconName } from "@/components/ui/icon";
import { escapeHtml, isWebUrl } from "@/lib/html";
import { setRecent } from "@/lib/lru";
import { parseSidebarMenus } from "./sidebar-menus";
import { isActivePath, MENU_TITLE_MAX, SUB_MENU_TITLE_MAX, truncateTitle, type ShellLink, type SidebarItem } from "./shell-utils";

/**
 * The sidebar's markup as one HTML string (components/shell/sidebar.tsx puts it in the page).
 *
 * A sidebar is the largest part of every page (50 to 200 rows, each a link with an icon and a title)
 * and the same on all of them. Built as React elements, it cost the server more than the rest of the
 * page together (each row rendered by React on every request); as a string it costs a fraction of a
 * millisecond. The markup is plain HTML that works before (and without) JavaScript: links are links,
 * the sub-menus of the current page are open. sidebar.tsx adds the behaviour by delegation: in-app
 * navigation, prefetch on intent, the current page as the path changes, opening and closing sub-menus.
 *
 * Every text and attribute is escaped here; external addresses other than http(s) are not linked.
 */

/**
 * Attributes sidebar.tsx reads: the path a link is current under when it is not the link's own (the
 * Forms links), a link whose navigation is under way. (A sub-menu's paths and title it takes from
 * the tree it holds, by the list's id: the page carries them once, not in every toggle.)
 */
export const NAV_ATTR = { match: "data-match", pending: "data-pending" } as const;

/** The in-app links of the sidebar (external ones open in a new tab). */
export const NAV_LINK = "a:not([target])";

/** An icon from the sprite; its size comes from where it is (app/globals.css, .nav-row and .nav-sub). */
const icon = (name: IconName, className = "") => iconMarkup(name, { className });

/** How a link relates to the current path: the page itself, a page below it, or neither. */
export function currentState(pathname: string, href: string, match = href): "page" | "true" | null {
  if (pathname === href) return "page";
  return isActivePath(pathname, match) ? "true" : null;
}

function currentAttrs(state: "page" | "true" | null): string {
  return state ? ` aria-current="${state}" data-active="true"` : "";
}

/** A title cut at `max` characters; the full title is the tooltip and what screen readers hear. */
function title(cut: { text: string; truncated: boolean }): string {
  // A cut title is hidden from screen readers: the row's tooltip (title attribute) then names the link.
  return cut.truncated ? `<span aria-hidden="true">${escapeHtml(cut.text)}</span>` : `<span>${escapeHtml(cut.text)}</span>`;
}

function row(item: SidebarItem, pathname: string, sub: boolean): string {
  const max = sub ? SUB_MENU_TITLE_MAX : MENU_TITLE_MAX;
  const cut = truncateTitle(item.title, max);
  const tooltip = cut.truncated ? ` title="${escapeHtml(item.title)}"` : "";
  const itemIcon = icon(item.icon);
  if (item.url) {
    if (!isWebUrl(item.url.trim())) return `<span class="nav-row"${tooltip}>${itemIcon}<span>${escapeHtml(cut.text)}</span></span>`;
    return (
      `<a href="${escapeHtml(item.url.trim())}" target="_blank" rel="noopener noreferrer"${tooltip} class="nav-row">${itemIcon}${title(cut)}` +
      `${icon("external", "nav-ext")}<span class="sr-only">(opens in a new tab)</span></a>`
    );
  }
  const href = `/${item.slug}`;
  return `<a href="${escapeHtml(href)}"${tooltip}${currentAttrs(currentState(pathname, href))} class="nav-row">${itemIcon}${title(cut)}</a>`;
}

/** The paths that open a sub-menu when current: the menu's own page and its sub-menus' pages. */
export function subMenuPaths(item: SidebarItem): string[] {
  return [`/${item.slug}`, ...item.children.filter((c) => !c.url).map((c) => `/${c.slug}`)];
}

/** The toggle's look for a state (sidebar.tsx applies the same when it opens or closes a sub-menu). */
export function toggleParts(open: boolean, menuTitle: string) {
  return {
    iconClass: `h-4 w-4 transition-transform motion-reduce:transition-none${open ? " rotate-180" : ""}`,
    label: `${open ? "Hide" : "Show"} sub-menus of ${menuTitle}`,
  };
}

/** The id of a menu's sub-menu list (its toggle's aria-controls). */
export function subMenuId(menuId: number): string {
  return `submenu-${menuId}`;
}

/** The rows of a menu's sub-menu list. */
export function subMenuRows(item: SidebarItem, pathname: string): string {
  return item.children.map((child) => `<li>${row(child, pathname, true)}</li>`).join("");
}

/**
 * A menu with sub-menus: its row, the toggle, and the list. A closed list is sent empty: it cannot be
 * opened without JavaScript anyway, and with 200 menus the hidden rows were a good part of every page;
 * sidebar.tsx fills it from the menu data when it is first opened.
 */
function subMenu(item: SidebarItem, pathname: string): string {
  const id = subMenuId(item.id);
  const paths = subMenuPaths(item);
  const open = paths.some((p) => isActivePath(pathname, p));
  const parts = toggleParts(open, item.title);
  const children = open ? subMenuRows(item, pathname) : "";
  return (
    `<div class="flex items-center"><div class="min-w-0 flex-1">${row(item, pathname, false)}</div>` +
    `<button type="button" aria-expanded="${open}" aria-controls="${id}" class="nav-toggle">` +
    `${icon("chevron-down", parts.iconClass)}<span class="sr-only">${escapeHtml(parts.label)}</span></button></div>` +
    `<ul id="${id}"${open ? "" : " hidden"} class="nav-sub">${children}</ul>`
  );
}

/** The sidebar's inner markup for the current path: the menu tree, then the fixed Forms group. */
export function sidebarMarkup(menus: readonly SidebarItem[], forms: readonly ShellLink[], pathname: string): string {
  const tree = menus.length
    ? `<ul class="space-y-0.5">${menus.map((item) => `<li>${item.children.length ? subMenu(item, pathname) : row(item, pathname, false)}</li>`).join("")}</ul>`
    : `<p class="px-3 py-2 text-sm text-brand-200">No pages yet.</p>`;
  const formLinks = forms
    .map((f) => {
      const match = f.match ?? f.href;
      const matchAttr = match === f.href ? "" : ` ${NAV_ATTR.match}="${escapeHtml(match)}"`;
      return (
        `<li><a href="${escapeHtml(f.href)}"${matchAttr}${currentAttrs(currentState(pathname, f.href, match))} class="nav-row">` +
        `${icon(f.icon)}<span class="min-w-0">${escapeHtml(f.label)}</span></a></li>`
      );
    })
    .join("");
  return (
    tree +
    `<h2 id="sidebar-forms" class="mt-6 mb-2 px-3 text-xs font-semibold tracking-wider text-brand-300 uppercase">Forms</h2>` +
    `<ul aria-labelledby="sidebar-forms" class="space-y-0.5">${formLinks}</ul>`
  );
}

/** How many trees (roles and menu versions) and, per tree, how many paths and forms sidebarMarkupOf keeps. */
const MARKUP_CACHE_TREES = 16;
const MARKUP_CACHE_PAGES = 128;
const markupCache = new Map<string, Map<string, string>>();

/**
 * sidebarMarkup for the tree as JSON (the Sidebar's prop), kept for the next request with the same
 * menus, forms and path: the same few hundred strings would otherwise be rebuilt on every page view
 * (about a millisecond of server time with 200 menus). The tree's JSON is a key of its own rather than
 * part of one long key, because the server hands over the same string every time and a string keeps
 * its hash: a long key built per request would be copied and hashed whole on every page view. The
 * least recently used are dropped.
 */
export function sidebarMarkupOf(menusJson: string, forms: readonly ShellLink[], pathname: string): string {
  const pages = markupCache.get(menusJson) ?? new Map<string, string>();
  setRecent(markupCache, menusJson, pages, MARKUP_CACHE_TREES);
  const key = `${pathname}\n${JSON.stringify(forms)}`;
  const html = pages.get(key) ?? sidebarMarkup(parseSidebarMenus(menusJson), forms, pathname);
  setRecent(pages, key, html, MARKUP_CACHE_PAGES);
  return html;
}

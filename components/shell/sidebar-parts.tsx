"use client";

import { useState } from "react";
import Link, { useLinkStatus } from "next/link";
import { usePathname } from "next/navigation";
import { isWebUrl } from "@/lib/url";
import { Icon } from "@/components/ui/icon";
import { isActivePath, MENU_TITLE_MAX, SUB_MENU_TITLE_MAX, truncateTitle, type SidebarItem } from "./shell-utils";
import { useIntentPrefetch } from "./use-intent-prefetch";

/** The sidebar's in-app links (external ones open in a new tab). */
const NAV_LINK = "a.nav-row:not([target])";

/** How a link relates to the current path: the page itself, a page below it (or under `match`), or neither. */
export function currentState(pathname: string, href: string, match = href): "page" | "true" | undefined {
  if (pathname === href) return "page";
  return isActivePath(pathname, match) ? "true" : undefined;
}

/** The sidebar's <nav>: in-app links are prefetched once on intent (hover, focus, touch). */
export function SidebarNav({ children }: { children: React.ReactNode }) {
  const intent = useIntentPrefetch(NAV_LINK);
  return (
    <nav
      aria-label="Main menu"
      className="flex-1 [scrollbar-color:rgb(255_255_255/0.2)_transparent] overflow-y-auto overscroll-contain px-3 py-4"
      {...intent}
    >
      {children}
    </nav>
  );
}

/** A spinner in a link whose navigation is under way (shown only when it takes a moment, app/globals.css). */
function Pending() {
  const { pending } = useLinkStatus();
  return pending ? <span className="nav-pending" aria-hidden="true" /> : null;
}

// Row icons take their size from where they are (app/globals.css, .nav-row and .nav-sub), hence className="".

/**
 * A sidebar link to a page of the portal, marked as the current page (or as the section the current
 * page is in, by `match`) as the path changes, with a spinner while its navigation is under way. It
 * takes its row as data (a few strings) rather than as rendered children: a role's sidebar has up to a
 * few hundred rows, and each is in every page's payload.
 */
export function NavLink({
  href,
  match,
  icon,
  text,
  title,
  wrap,
}: {
  href: string;
  match?: string;
  icon: SidebarItem["icon"];
  text: string;
  title?: string;
  wrap?: boolean;
}) {
  const state = currentState(usePathname() ?? "", href, match);
  return (
    <Link
      href={href}
      prefetch={false}
      title={title}
      aria-current={state}
      data-active={state ? "true" : undefined}
      className="nav-row"
    >
      <Icon name={icon} className="" />
      {/* A cut title is hidden from screen readers: the row's tooltip (title attribute) then names the link. */}
      {/* Menu titles take at most two lines (app/globals.css); `wrap` lets a fixed label wrap freely. */}
      <span aria-hidden={title ? true : undefined} className={wrap ? "min-w-0" : undefined}>
        {text}
      </span>
      <Pending />
    </Link>
  );
}

/**
 * One menu's row: an in-app link, an external link (new tab), or plain text for an address that is
 * not a web address. Titles are cut at 22 characters (30 in a sub-menu) with the whole title as the tooltip.
 */
export function MenuRow({ item, sub }: { item: SidebarItem; sub?: boolean }) {
  const cut = truncateTitle(item.title, sub ? SUB_MENU_TITLE_MAX : MENU_TITLE_MAX);
  const title = cut.truncated ? item.title : undefined;
  const url = item.url?.trim();
  if (!url) return <NavLink href={`/${item.slug}`} icon={item.icon} text={cut.text} title={title} />;
  if (!isWebUrl(url)) {
    return (
      <span className="nav-row" title={title}>
        <Icon name={item.icon} className="" />
        <span>{cut.text}</span>
      </span>
    );
  }
  return (
    <a href={url} target="_blank" rel="noopener noreferrer" title={title} className="nav-row">
      <Icon name={item.icon} className="" />
      <span aria-hidden={title ? true : undefined}>{cut.text}</span>
      <Icon name="external" className="nav-ext" />
      <span className="sr-only">(opens in a new tab)</span>
    </a>
  );
}

/**
 * A menu with sub-menus: its row, the toggle and the list. Open while the current page is the menu or
 * one of its sub-menus; navigating into it opens it, navigating away leaves it as the user set it. A
 * closed list renders no rows (with 200 menus the hidden rows were a good part of every page).
 */
export function SubMenu({ item }: { item: SidebarItem }) {
  const pathname = usePathname() ?? "";
  const children = item.children ?? [];
  const inside = [`/${item.slug}`, ...children.filter((c) => !c.url).map((c) => `/${c.slug}`)].some((p) =>
    isActivePath(pathname, p),
  );
  const [open, setOpen] = useState(inside);
  const [seen, setSeen] = useState(pathname);
  if (seen !== pathname) {
    setSeen(pathname);
    if (inside && !open) setOpen(true);
  }
  const listId = `submenu-${item.id}`;
  return (
    <>
      <div className="flex items-center">
        <div className="min-w-0 flex-1">
          <MenuRow item={item} />
        </div>
        <button
          type="button"
          aria-expanded={open}
          aria-controls={listId}
          onClick={() => setOpen(!open)}
          className="nav-toggle"
        >
          <Icon
            name="chevron-down"
            className={`h-4 w-4 transition-transform motion-reduce:transition-none ${open ? "rotate-180" : ""}`}
          />
          <span className="sr-only">{`${open ? "Hide" : "Show"} sub-menus of ${item.title}`}</span>
        </button>
      </div>
      <ul id={listId} hidden={!open} className="nav-sub">
        {open &&
          children.map((child) => (
            <li key={child.id}>
              <MenuRow item={child} sub />
            </li>
          ))}
      </ul>
    </>
  );
}

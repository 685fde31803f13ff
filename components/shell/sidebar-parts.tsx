"use client";

import { useState } from "react";
import Link, { useLinkStatus } from "next/link";
import { usePathname } from "next/navigation";
import { Icon } from "@/components/ui/icon";
import { isActivePath } from "./shell-utils";
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
    <nav aria-label="Main menu" className="flex-1 overflow-y-auto overscroll-contain px-3 py-4 [scrollbar-color:rgb(255_255_255/0.2)_transparent]" {...intent}>
      {children}
    </nav>
  );
}

/** A spinner in a link whose navigation is under way (shown only when it takes a moment, app/globals.css). */
function Pending() {
  const { pending } = useLinkStatus();
  return pending ? <span className="nav-pending" aria-hidden="true" /> : null;
}

/**
 * A sidebar link to a page of the portal, marked as the current page (or as the section the current
 * page is in, by `match`) as the path changes, with a spinner while its navigation is under way.
 */
export function NavLink({ href, match, title, children }: { href: string; match?: string; title?: string; children: React.ReactNode }) {
  const state = currentState(usePathname() ?? "", href, match);
  return (
    <Link href={href} prefetch={false} title={title} aria-current={state} data-active={state ? "true" : undefined} className="nav-row">
      {children}
      <Pending />
    </Link>
  );
}

/**
 * A menu with sub-menus: its row, the toggle and the list. Open while the current page is the menu or
 * one of its sub-menus; navigating into it opens it, navigating away leaves it as the user set it. A
 * closed list renders no rows (with 200 menus the hidden rows were a good part of every page).
 */
export function SubMenu({ listId, title, paths, row, children }: { listId: string; title: string; paths: string[]; row: React.ReactNode; children: React.ReactNode }) {
  const pathname = usePathname() ?? "";
  const inside = paths.some((p) => isActivePath(pathname, p));
  const [open, setOpen] = useState(inside);
  const [seen, setSeen] = useState(pathname);
  if (seen !== pathname) {
    setSeen(pathname);
    if (inside && !open) setOpen(true);
  }
  return (
    <>
      <div className="flex items-center">
        <div className="min-w-0 flex-1">{row}</div>
        <button type="button" aria-expanded={open} aria-controls={listId} onClick={() => setOpen(!open)} className="nav-toggle">
          <Icon name="chevron-down" className={`h-4 w-4 transition-transform motion-reduce:transition-none${open ? " rotate-180" : ""}`} />
          <span className="sr-only">{`${open ? "Hide" : "Show"} sub-menus of ${title}`}</span>
        </button>
      </div>
      <ul id={listId} hidden={!open} className="nav-sub">
        {open && children}
      </ul>
    </>
  );
}

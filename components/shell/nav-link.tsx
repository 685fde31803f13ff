"use client";

import { createContext, use, useMemo, useRef, useState, useTransition } from "react";
import { usePathname, useRouter } from "next/navigation";
import { Icon } from "@/components/ui/icon";
import { Spinner } from "@/components/ui/button";
import { isActivePath } from "./shell-utils";

type Nav = {
  pathname: string;
  /** The link whose navigation is under way, if any. */
  pendingHref: string | null;
  /** Prefetches `href` once, on intent (hover, focus, touch). */
  warm: (href: string) => void;
  /** A plain left click: navigates in the app (other clicks keep the browser's behaviour). */
  follow: (event: React.MouseEvent<HTMLAnchorElement>, href: string) => void;
};

const NavContext = createContext<Nav | null>(null);

/**
 * What every sidebar link shares, held once: the current path, the router, the navigation under way.
 * The links are plain anchors (server-rendered HTML that works before hydration) rather than 50
 * next/link instances, each with its own router hooks: a sidebar renders on every page.
 * Prefetching is on intent rather than for every link in view: a sidebar of 50 menus would otherwise
 * cost 50 server renders on each page load.
 */
export function NavProvider({ children }: { children: React.ReactNode }) {
  const pathname = usePathname() ?? ""; // null only under the Pages Router (pages/api has no pages)
  const router = useRouter();
  const [isPending, startTransition] = useTransition();
  const [target, setTarget] = useState<string | null>(null);
  const warmed = useRef(new Set<string>());
  const nav = useMemo<Nav>(
    () => ({
      pathname,
      pendingHref: isPending ? target : null,
      warm(href) {
        if (href === pathname || warmed.current.has(href)) return;
        warmed.current.add(href);
        router.prefetch(href);
      },
      follow(event, href) {
        if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
        event.preventDefault();
        setTarget(href);
        startTransition(() => router.push(href));
      },
    }),
    [pathname, isPending, target, router],
  );
  return <NavContext value={nav}>{children}</NavContext>;
}

function useNav(): Nav {
  const nav = use(NavContext);
  if (!nav) throw new Error("NavLink must be inside <NavProvider>");
  return nav;
}

/**
 * A sidebar link that knows whether it is the current page: aria-current="page" on the page itself,
 * "true" on a page below it (a post of that menu). Style it with `data-active:`.
 */
export function NavLink({
  href,
  match,
  className,
  title,
  children,
}: {
  href: string;
  match?: string;
  className?: string;
  title?: string;
  children: React.ReactNode;
}) {
  const { pathname, pendingHref, warm, follow } = useNav();
  const exact = pathname === href;
  const active = exact || isActivePath(pathname, match ?? href);
  const onIntent = () => warm(href);
  return (
    <a
      href={href}
      onClick={(e) => follow(e, href)}
      onMouseEnter={onIntent}
      onFocus={onIntent}
      onTouchStart={onIntent}
      title={title}
      aria-current={exact ? "page" : active ? "true" : undefined}
      data-active={active || undefined}
      className={className}
    >
      {children}
      {pendingHref === href && <PendingIndicator />}
    </a>
  );
}

/** While the link's navigation is under way, a small spinner (after a short delay, so fast ones don't flash). */
function PendingIndicator() {
  return (
    <span className="ml-auto shrink-0 opacity-0 animate-[pending-in_0s_150ms_forwards]">
      <Spinner className="h-3.5 w-3.5" />
      <span className="sr-only">Loading</span>
    </span>
  );
}

/**
 * A menu with sub-menus: its own row (`row`, usually a link) plus a button that expands or collapses
 * the list. It starts expanded when the current page is the menu or one of its sub-menus.
 */
export function SubMenu({
  id,
  title,
  paths,
  row,
  children,
}: {
  id: string;
  title: string;
  paths: string[];
  row: React.ReactNode;
  children: React.ReactNode;
}) {
  const { pathname } = useNav();
  const containsCurrent = paths.some((p) => isActivePath(pathname, p));
  const [open, setOpen] = useState(containsCurrent);
  const [lastPath, setLastPath] = useState(pathname);
  // Navigating into this menu (from elsewhere) opens it; navigating away leaves it as the user set it.
  if (pathname !== lastPath) {
    setLastPath(pathname);
    if (containsCurrent && !open) setOpen(true);
  }
  return (
    <>
      <div className="flex items-center">
        <div className="min-w-0 flex-1">{row}</div>
        <button type="button" aria-expanded={open} aria-controls={id} onClick={() => setOpen((o) => !o)} className="nav-toggle">
          <Icon name="chevron-down" className={`h-4 w-4 transition-transform motion-reduce:transition-none ${open ? "rotate-180" : ""}`} />
          <span className="sr-only">{`${open ? "Hide" : "Show"} sub-menus of ${title}`}</span>
        </button>
      </div>
      <ul id={id} hidden={!open} className="mt-0.5 ml-5 space-y-0.5 border-l border-white/10 pl-1.5">
        {children}
      </ul>
    </>
  );
}

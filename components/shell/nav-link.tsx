"use client";

import Link, { useLinkStatus } from "next/link";
import { usePathname, useRouter } from "next/navigation";
import { useRef, useState } from "react";
import { Icon } from "@/components/ui/icon";
import { Spinner } from "@/components/ui/button";
import { isActivePath } from "./shell-utils";

/**
 * A sidebar link that knows whether it is the current page: aria-current="page" on the page itself,
 * "true" on a page below it (a post of that menu). Style it with `data-active:`.
 * Prefetches on intent (hover, focus, touch) rather than for every link in view: a sidebar of 50
 * menus would otherwise cost 50 server renders on each page load.
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
  const pathname = usePathname();
  const exact = pathname === href;
  const active = exact || isActivePath(pathname, match ?? href);
  const router = useRouter();
  const warmed = useRef(false);
  const warm = () => {
    if (warmed.current || exact) return;
    warmed.current = true;
    router.prefetch(href);
  };
  return (
    <Link
      href={href}
      prefetch={false}
      onMouseEnter={warm}
      onFocus={warm}
      onTouchStart={warm}
      title={title}
      aria-current={exact ? "page" : active ? "true" : undefined}
      data-active={active || undefined}
      className={className}
    >
      {children}
      <PendingIndicator />
    </Link>
  );
}

/** While the link's navigation is under way, a small spinner (after a short delay, so fast ones don't flash). */
function PendingIndicator() {
  const { pending } = useLinkStatus();
  if (!pending) return null;
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
  const pathname = usePathname();
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
        <button
          type="button"
          aria-expanded={open}
          aria-controls={id}
          onClick={() => setOpen((o) => !o)}
          className="inline-flex h-10 w-8 shrink-0 items-center justify-center rounded-md text-brand-200 hover:bg-white/10 hover:text-white focus-visible:outline-white"
        >
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

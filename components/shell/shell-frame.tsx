"use client";

import { useCallback, useEffect, useRef, useState } from "react";
import { usePathname, useRouter } from "next/navigation";
import { Icon } from "@/components/ui/icon";
import { Brand } from "./brand";
import { BuildCheck } from "./build-check";
import { Footer } from "./footer";
import { NavigationProgress } from "./navigation-progress";
import { APP_LINK, appLinkHref } from "./navigation-target";
import { UserMenu } from "./user-menu";
import { SearchLauncher } from "@/components/search/search-launcher";
import { NotFoundPlacement } from "./page-not-found";
import { MAIN_ID, SIDEBAR_ID, type Account } from "./shell-utils";

/** Below 766 px (the old portal's mobile view) the sidebar is a drawer; this query is the desktop side. */
const DESKTOP_QUERY = "(min-width: 47.875rem)";

type Props = {
  account: Account;
  /** The sidebar (components/shell/sidebar.tsx, rendered on the server). */
  sidebar: React.ReactNode;
  /** The build this page was rendered with (the old portal's build check). */
  build: string;
  /** The copyright year (settings.system_year). */
  year: number;
  /** Server-rendered links placed before the search in the header (the 'To read' and 'My requests' counts). */
  headerLinks?: React.ReactNode;
  children: React.ReactNode;
};

/**
 * The signed-in shell around every portal page: the header (menu button on phones, the portal's name,
 * the account menu), the sidebar (a column on desktop, a drawer with a backdrop below 766 px), the
 * page, the footer, the navigation progress bar and the build check.
 *
 * It is one client component that the layout gives plain data (strings, numbers, a few links) and the
 * server-rendered sidebar to place.
 *
 * The drawer closes on navigation (focus then goes to the new page's content), on Escape, on the
 * backdrop, and when the window grows to desktop; while it is open the rest of the page is inert, so
 * focus stays in the drawer.
 */
export function ShellFrame({ account, sidebar, build, year, headerLinks, children }: Props) {
  const [navOpen, setNavOpen] = useState(false);
  const toggleRef = useRef<HTMLButtonElement>(null);
  const closeRef = useRef<HTMLButtonElement>(null);
  const pathname = usePathname();
  const router = useRouter();
  const [lastPath, setLastPath] = useState(pathname);
  /** How many times a navigation from the drawer asked for focus on the new page's content. */
  const [focusMainRequests, setFocusMainRequests] = useState(0);

  // A navigation from inside the open drawer closes it and puts focus on the new page's content.
  if (pathname !== lastPath) {
    setLastPath(pathname);
    if (navOpen) {
      setNavOpen(false);
      setFocusMainRequests((n) => n + 1);
    }
  }

  useEffect(() => {
    if (focusMainRequests > 0) document.getElementById(MAIN_ID)?.focus({ preventScroll: true });
  }, [focusMainRequests]);

  const closeNav = useCallback((opts?: { restoreFocus?: boolean }) => {
    setNavOpen(false);
    if (opts?.restoreFocus) requestAnimationFrame(() => toggleRef.current?.focus());
  }, []);

  useEffect(() => {
    const root = document.documentElement;
    if (!navOpen) return;
    root.setAttribute("data-nav-open", "");
    closeRef.current?.focus();
    const onKey = (e: KeyboardEvent) => {
      if (e.key === "Escape") closeNav({ restoreFocus: true });
    };
    const mq = window.matchMedia(DESKTOP_QUERY);
    const onMq = () => mq.matches && closeNav();
    document.addEventListener("keydown", onKey);
    mq.addEventListener("change", onMq);
    return () => {
      root.removeAttribute("data-nav-open");
      document.removeEventListener("keydown", onKey);
      mq.removeEventListener("change", onMq);
    };
  }, [navOpen, closeNav]);

  // The shell's own links (the portal's name) and the page's AppLinks go through the app's router.
  const onShellClick = (event: React.MouseEvent) => {
    const href = appLinkHref(event, APP_LINK);
    if (!href) return;
    event.preventDefault();
    router.push(href);
  };

  return (
    <>
      <NavigationProgress />
      <div data-shell-chrome="" className="sticky top-0 z-30" inert={navOpen}>
        <a
          href={`#${MAIN_ID}`}
          className="sr-only z-[60] rounded-md bg-white px-4 py-2 text-sm font-medium text-brand-700 shadow-lg focus:not-sr-only focus:fixed focus:top-3 focus:left-3"
        >
          Skip to content
        </a>
        <header
          onClick={onShellClick}
          className="border-b border-slate-200 bg-white/95 backdrop-blur supports-[backdrop-filter]:bg-white/85"
        >
          <div className="flex h-16 items-center gap-2 px-3 md:gap-4 md:px-6">
            <button
              ref={toggleRef}
              type="button"
              onClick={() => setNavOpen(true)}
              aria-expanded={navOpen}
              aria-controls={SIDEBAR_ID}
              className="-ml-1 inline-flex h-10 w-10 items-center justify-center rounded-md text-slate-700 hover:bg-slate-100 md:hidden"
            >
              <Icon name="menu" className="h-6 w-6" />
              <span className="sr-only">Open menu</span>
            </button>
            <Brand nameOnPhone={false} />
            <div className="ml-auto flex items-center gap-1 sm:gap-2 md:gap-3">
              {headerLinks}
              <SearchLauncher />
              <UserMenu account={account} />
            </div>
          </div>
        </header>
      </div>
      <div className="flex">
        {navOpen && (
          <div
            aria-hidden="true"
            className="fixed inset-0 z-40 bg-slate-950/50 md:hidden"
            onClick={() => closeNav({ restoreFocus: true })}
          />
        )}
        <aside
          id={SIDEBAR_ID}
          aria-label="Sidebar"
          data-shell-chrome=""
          data-open={navOpen || undefined}
          className={`fixed inset-y-0 left-0 z-50 flex w-[min(19rem,86vw)] flex-col bg-brand-900 text-brand-100 shadow-2xl duration-200 ease-out motion-reduce:transition-none md:visible md:sticky md:top-16 md:z-auto md:h-[calc(100dvh-4rem)] md:w-76 md:shrink-0 md:translate-x-0 md:self-start md:shadow-none md:transition-none ${
            // Opening shows it at once (so focus can move in); closing keeps it visible until it has slid out.
            navOpen
              ? "visible translate-x-0 transition-[translate]"
              : "invisible -translate-x-full transition-[translate,visibility]"
          }`}
        >
          <div
            onClick={onShellClick}
            className="flex h-16 shrink-0 items-center justify-between gap-2 border-b border-white/10 px-4 md:hidden"
          >
            <Brand tone="dark" />
            <button
              ref={closeRef}
              type="button"
              onClick={() => closeNav({ restoreFocus: true })}
              className="inline-flex h-10 w-10 items-center justify-center rounded-md text-brand-100 hover:bg-white/10 focus-visible:outline-white"
            >
              <Icon name="close" className="h-6 w-6" />
              <span className="sr-only">Close menu</span>
            </button>
          </div>
          {sidebar}
        </aside>
        <div className="flex min-h-[calc(100dvh-4rem)] min-w-0 flex-1 flex-col" inert={navOpen}>
          {/* The page's server-rendered in-app links (AppLink) are followed in the app from here too. */}
          <main
            id={MAIN_ID}
            tabIndex={-1}
            onClick={onShellClick}
            className="flex-1 px-4 py-6 outline-none md:px-8 md:py-8"
          >
            <NotFoundPlacement inShell>{children}</NotFoundPlacement>
          </main>
          <Footer year={year} />
        </div>
      </div>
      <BuildCheck build={build} />
    </>
  );
}

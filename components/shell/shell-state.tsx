"use client";

import { createContext, useCallback, useContext, useEffect, useRef, useState, type RefObject } from "react";
import { usePathname } from "next/navigation";
import { Icon } from "@/components/ui/icon";
import { NavigationProgress } from "./navigation-progress";
import { MAIN_ID, SIDEBAR_ID } from "./shell-utils";

/** Below 766 px (the spec's mobile view) the sidebar is a drawer; this query is the desktop side. */
const DESKTOP_QUERY = "(min-width: 47.875rem)";

type ShellState = {
  navOpen: boolean;
  openNav: () => void;
  closeNav: (opts?: { restoreFocus?: boolean }) => void;
  toggleRef: RefObject<HTMLButtonElement | null>;
};

const ShellContext = createContext<ShellState | null>(null);

function useShell(): ShellState {
  const ctx = useContext(ShellContext);
  if (!ctx) throw new Error("Shell components must be inside <ShellStateProvider>");
  return ctx;
}

/**
 * Holds the mobile drawer's state (closes on navigation, on Escape and when the window grows to desktop)
 * and shows the navigation progress bar.
 */
export function ShellStateProvider({ children }: { children: React.ReactNode }) {
  const [navOpen, setNavOpen] = useState(false);
  const toggleRef = useRef<HTMLButtonElement>(null);
  const pathname = usePathname();
  const [lastPath, setLastPath] = useState(pathname);
  const [focusMain, setFocusMain] = useState(false);

  // A navigation from inside the open drawer closes it and puts focus on the new page's content.
  if (pathname !== lastPath) {
    setLastPath(pathname);
    if (navOpen) {
      setNavOpen(false);
      setFocusMain(true);
    }
  }

  useEffect(() => {
    if (!focusMain) return;
    setFocusMain(false);
    document.getElementById(MAIN_ID)?.focus({ preventScroll: true });
  }, [focusMain]);

  const closeNav = useCallback((opts?: { restoreFocus?: boolean }) => {
    setNavOpen(false);
    if (opts?.restoreFocus) requestAnimationFrame(() => toggleRef.current?.focus());
  }, []);
  const openNav = useCallback(() => setNavOpen(true), []);

  useEffect(() => {
    const root = document.documentElement;
    if (navOpen) root.setAttribute("data-nav-open", "");
    else root.removeAttribute("data-nav-open");
    if (!navOpen) return;
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

  return (
    <ShellContext value={{ navOpen, openNav, closeNav, toggleRef }}>
      <NavigationProgress />
      {children}
    </ShellContext>
  );
}

/** The header's menu button (phones only). */
export function MenuButton() {
  const { navOpen, openNav, toggleRef } = useShell();
  return (
    <button
      ref={toggleRef}
      type="button"
      onClick={openNav}
      aria-expanded={navOpen}
      aria-controls={SIDEBAR_ID}
      className="-ml-1 inline-flex h-10 w-10 items-center justify-center rounded-md text-slate-700 hover:bg-slate-100 md:hidden"
    >
      <Icon name="menu" className="h-6 w-6" />
      <span className="sr-only">Open menu</span>
    </button>
  );
}

/** Content behind the drawer: unreachable (inert) while the drawer is open, so focus stays in the drawer. */
export function InertWhenNavOpen({ children, className }: { children: React.ReactNode; className?: string }) {
  const { navOpen } = useShell();
  return (
    <div className={className} inert={navOpen}>
      {children}
    </div>
  );
}

/**
 * The sidebar: a column on desktop, a drawer with a backdrop on phones. `brand` is shown at the top
 * of the drawer next to its close button.
 */
export function SidebarDrawer({ children, brand }: { children: React.ReactNode; brand: React.ReactNode }) {
  const { navOpen, closeNav } = useShell();
  const closeRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (navOpen) closeRef.current?.focus();
  }, [navOpen]);

  return (
    <>
      {navOpen && (
        <div aria-hidden="true" className="fixed inset-0 z-40 bg-slate-950/50 md:hidden" onClick={() => closeNav({ restoreFocus: true })} />
      )}
      <aside
        id={SIDEBAR_ID}
        aria-label="Sidebar"
        data-open={navOpen || undefined}
        className={`fixed inset-y-0 left-0 z-50 flex w-[min(19rem,86vw)] flex-col bg-brand-900 text-brand-100 shadow-2xl duration-200 ease-out motion-reduce:transition-none md:sticky md:top-16 md:z-auto md:h-[calc(100dvh-4rem)] md:w-76 md:shrink-0 md:translate-x-0 md:self-start md:shadow-none md:visible md:transition-none ${
          // Opening shows it at once (so focus can move in); closing keeps it visible until it has slid out.
          navOpen ? "visible translate-x-0 transition-[translate]" : "invisible -translate-x-full transition-[translate,visibility]"
        }`}
      >
        <div className="flex h-16 shrink-0 items-center justify-between gap-2 border-b border-white/10 px-4 md:hidden">
          {brand}
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
        {children}
      </aside>
    </>
  );
}

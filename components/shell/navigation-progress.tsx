"use client";

import { useEffect, useState } from "react";
import { usePathname, useSearchParams } from "next/navigation";
import { isOtherPage, navigationTarget } from "./navigation-target";

const START_EVENT = "portal:navigation-start";
/** A navigation that never lands (a download, a failed request) does not leave the bar running. */
const GIVE_UP_MS = 15_000;

/** Shows the progress bar for a navigation started in code (router.push), e.g. the list toolbar's search. */
export function startNavigationProgress(href: string) {
  window.dispatchEvent(new CustomEvent(START_EVENT, { detail: href }));
}

/**
 * The shell's pending-navigation indicator: a thin bar across the top of the window from the moment a
 * link in the app is followed until the new page is on screen (menu pages render on the server, and
 * the old page stays until the new one arrives). It appears only after 150 ms, so fast navigations do
 * not flash it; screen readers hear "Loading page" through the progressbar role.
 */
export function NavigationProgress() {
  const pathname = usePathname();
  const search = useSearchParams()?.toString() ?? "";
  const here = `${pathname}?${search}`;
  const [pending, setPending] = useState(false);
  const [landed, setLanded] = useState(here);
  if (landed !== here) {
    setLanded(here);
    setPending(false);
  }

  useEffect(() => {
    const onClick = (event: MouseEvent) => {
      const a = (event.target as Element | null)?.closest?.("a");
      if (a && navigationTarget(event, a, window.location)) setPending(true);
    };
    const onStart = (event: Event) => {
      if (isOtherPage((event as CustomEvent<string>).detail, window.location)) setPending(true);
    };
    // Capture phase: next/link and the sidebar cancel the click's default to navigate in the app.
    document.addEventListener("click", onClick, true);
    window.addEventListener(START_EVENT, onStart);
    return () => {
      document.removeEventListener("click", onClick, true);
      window.removeEventListener(START_EVENT, onStart);
    };
  }, []);

  useEffect(() => {
    if (!pending) return;
    const t = setTimeout(() => setPending(false), GIVE_UP_MS);
    return () => clearTimeout(t);
  }, [pending]);

  if (!pending) return null;
  return (
    <div role="progressbar" aria-label="Loading page" className="nav-progress">
      <span />
    </div>
  );
}

"use client";

import { useCallback, useMemo, useRef } from "react";
import { useQueryStates } from "nuqs";
import { calendarParsers, calendarUrl, sameAddress, viewOf, type CalendarParamChanges } from "./calendar-params";

/** The Navigation API's part this reads (not yet in TypeScript's DOM types; absent in older browsers). */
type NavigationLike = { currentEntry: { index: number } | null; entries(): { url: string | null }[] };

/** The history entry before this one is `url`: an in-page Back can then be the browser's Back. */
function cameFrom(url: string): boolean {
  const nav = (window as { navigation?: NavigationLike }).navigation;
  const index = nav?.currentEntry?.index ?? 0;
  const previous = index > 0 ? nav?.entries()[index - 1]?.url : null;
  return !!previous && sameAddress(previous, url);
}

/**
 * The calendar's URL state (calendar-params.ts) through nuqs: `params` and the `view` they show, `go`
 * to change them (a history entry Back undoes, or `replace` for none; no server round trip), and `back`
 * for the in-page Back and Cancel buttons.
 */
export function useCalendarParams() {
  const [params, setParams] = useQueryStates(calendarParsers, { history: "push" });
  const view = useMemo(() => viewOf(params), [params]);
  // A history.back() lands later (on popstate): a step taken before then would be undone by it, so it waits
  // (a search typed the moment after 'Back to Calendar').
  const backing = useRef<Promise<void> | null>(null);

  const go = useCallback(
    function go(changes: CalendarParamChanges, mode: "push" | "replace" = "push") {
      if (backing.current) void backing.current.then(() => go(changes, mode));
      else void setParams(changes, { history: mode });
    },
    [setParams],
  );

  /**
   * Back to `parent`: the browser's Back when the entry before this one is that view (so Forward returns),
   * else (a deep link, or a browser without the Navigation API) the parent replaces this entry.
   */
  const back = useCallback(
    (parent: CalendarParamChanges) => {
      if (backing.current) return;
      if (!cameFrom(calendarUrl(window.location.href, parent))) return go(parent, "replace");
      backing.current = new Promise((resolve) =>
        window.addEventListener(
          "popstate",
          () => {
            backing.current = null;
            resolve();
          },
          { once: true },
        ),
      );
      window.history.back();
    },
    [go],
  );

  return { params, view, go, back };
}

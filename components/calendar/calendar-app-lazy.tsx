"use client";

import dynamic from "next/dynamic";
import { Spinner } from "@/components/ui/button";

/**
 * The calendar page's client, as its own chunk: the menu pages that share its route ([slug]) render
 * it only for page type 3, yet a static import put it in every menu page's first load. The server
 * still renders it, and next/dynamic preloads its chunk on calendar pages, so the page is interactive
 * as soon as before (React.lazy would only fetch it during hydration). A client-side navigation shows
 * the spinner until it has arrived.
 */
export const CalendarApp = dynamic(() => import("./calendar-app").then((m) => m.CalendarApp), {
  loading: () => (
    <p role="status" className="flex items-center gap-2 p-6 text-sm text-slate-600">
      <Spinner /> Loading the calendar…
    </p>
  ),
});

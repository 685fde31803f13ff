"use client";

import dynamic from "next/dynamic";

/**
 * The calendar page's client, as its own chunk: the menu pages that share its route ([slug]) render
 * it only for page type 3, yet a static import put it in every menu page's first load. The server
 * still renders it, and next/dynamic preloads its chunk on calendar pages, so the page is interactive
 * as soon as before (React.lazy would only fetch it during hydration). No `loading` option: like the
 * banner (components/banner/lazy.tsx), a Suspense boundary here made React send the calendar as a
 * late part shown after a spinner; a client-side navigation waits for the chunk with the progress bar.
 */
export const CalendarApp = dynamic(() => import("./calendar-app").then((m) => m.CalendarApp));

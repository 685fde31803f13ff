"use client";

import { lazy, Suspense } from "react";
import { Spinner } from "@/components/ui/button";
import type { CalendarApp as CalendarAppType } from "./calendar-app";

// The calendar page's client, as its own chunk: the menu pages that share its route ([slug]) render
// it only for page type 3, yet a static import put it in every menu page's first load. React.lazy
// rather than next/dynamic, whose loader would itself add about 2 KB (gzip) to every menu page. The
// server still renders it; the browser fetches its chunk while hydrating (the server's HTML stays
// meanwhile), and a client-side navigation shows the spinner until it has arrived.
const Impl = lazy(() => import("./calendar-app").then((m) => ({ default: m.CalendarApp })));

export function CalendarApp(props: React.ComponentProps<typeof CalendarAppType>) {
  return (
    <Suspense
      fallback={
        <p role="status" className="flex items-center gap-2 p-6 text-sm text-slate-600">
          <Spinner /> Loading the calendar…
        </p>
      }
    >
      <Impl {...props} />
    </Suspense>
  );
}

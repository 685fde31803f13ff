"use client";

import { useSyncExternalStore } from "react";
import { format } from "date-fns";

const subscribe = () => () => {};

/**
 * A date shown in the viewer's time zone. The server renders it in its own zone (`serverText`); after
 * hydration the browser re-formats it, so the first paint and hydration always agree.
 */
export function LocalTime({ iso, pattern, serverText, className }: { iso: string; pattern: string; serverText: string; className?: string }) {
  const hydrated = useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
  return (
    <time dateTime={iso} className={className}>
      {hydrated ? format(new Date(iso), pattern) : serverText}
    </time>
  );
}

"use client";

import { useHydrated } from "@/components/ui/use-hydrated";
import { formatLocal, type DateKind } from "@/lib/dates/local";

/**
 * A date shown in the viewer's time zone. The server renders it in its own zone (`serverText`); after
 * hydration the browser re-formats it, so the first paint and hydration always agree.
 */
export function LocalTime({
  iso,
  kind,
  serverText,
  className,
}: {
  iso: string;
  kind: DateKind;
  serverText: string;
  className?: string;
}) {
  const hydrated = useHydrated();
  return (
    <time dateTime={iso} className={className}>
      {hydrated ? formatLocal(new Date(iso), kind) : serverText}
    </time>
  );
}

"use client";

import { Button, Spinner } from "@/components/ui/button";
import type { CalendarItem } from "@/lib/calendar/types";
import { describeOccurrence } from "./format";
import { TopLink } from "./top-link";

/** Search mode: the matching events (each once, its next or last date) with a way back. */
export function SearchResults({
  query,
  results,
  timeZone,
  seeStatus,
  onBack,
  onOpen,
}: {
  query: string;
  results: CalendarItem[] | null;
  timeZone: string;
  seeStatus: boolean;
  onBack: () => void;
  onOpen: (occurrence: CalendarItem) => void;
}) {
  return (
    <div className="mt-4 rounded-lg bg-white p-4 shadow-sm">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 className="text-lg font-semibold text-slate-800">
          Search results for <q className="break-all">{query}</q>
        </h2>
        <Button type="button" variant="secondary" onClick={onBack}>
          Back to Calendar
        </Button>
      </div>
      {results === null ? (
        <p role="status" className="mt-4 flex items-center gap-2 text-sm text-slate-600">
          <Spinner /> Searching…
        </p>
      ) : results.length === 0 ? (
        <p role="status" className="mt-6 text-center text-slate-600">
          No dates found...!!!
        </p>
      ) : (
        <ul className="mt-4 divide-y divide-slate-100" aria-label={`${results.length} matching events`}>
          {results.map((e) => (
            <li key={e.occurrenceId}>
              <button
                type="button"
                onClick={() => onOpen(e)}
                className="flex w-full items-start gap-3 rounded-md px-2 py-3 text-left hover:bg-slate-50"
              >
                <span
                  aria-hidden="true"
                  className="mt-1.5 h-3 w-3 shrink-0 rounded-full"
                  style={{ backgroundColor: e.colorCode.slice(0, 7) }}
                />
                <span className="min-w-0 flex-1">
                  <span className="block font-medium break-words text-slate-900">{e.title}</span>
                  <span className="block text-sm text-slate-600">
                    {describeOccurrence(e, timeZone)} · {e.keyName}
                    {e.type === "recursive" && " · recurring"}
                    {seeStatus && e.status === "inactive" && " · Inactive"}
                  </span>
                </span>
              </button>
            </li>
          ))}
        </ul>
      )}
      <TopLink />
    </div>
  );
}

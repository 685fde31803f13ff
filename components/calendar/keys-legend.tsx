"use client";

import { readableTextOn } from "@/components/shell/shell-utils";
import type { CalendarKey } from "@/lib/calendar/types";

/**
 * The keys legend: one toggle per calendar key, in the key's colour with black or white text, whichever
 * contrasts more with it (as the calendar's events). A hidden key's button is plain and struck through.
 */
export function KeysLegend({
  keys,
  hidden,
  onToggle,
}: {
  keys: CalendarKey[];
  hidden: ReadonlySet<number>;
  onToggle: (id: number) => void;
}) {
  if (keys.length === 0) return null;
  return (
    <div role="group" aria-label="Calendar keys: show or hide their events" className="flex flex-wrap gap-2">
      {keys.map((k) => {
        const shown = !hidden.has(k.id);
        const colour = k.colorCode.slice(0, 7);
        return (
          <button
            key={k.id}
            type="button"
            aria-pressed={shown}
            title={shown ? `Hide ${k.name} events` : `Show ${k.name} events`}
            onClick={() => onToggle(k.id)}
            style={shown ? { backgroundColor: colour, borderColor: colour, color: readableTextOn(colour) } : undefined}
            className={`inline-flex max-w-full items-center gap-2 rounded-full border px-3 py-1 text-sm font-medium transition ${
              shown ? "" : "border-slate-300 bg-white text-slate-600 line-through"
            }`}
          >
            <span
              aria-hidden="true"
              className="h-3 w-3 shrink-0 rounded-full border border-current"
              style={shown ? undefined : { backgroundColor: colour }}
            />
            <span className="truncate">{k.name}</span>
          </button>
        );
      })}
    </div>
  );
}

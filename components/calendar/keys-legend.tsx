"use client";

import type { ApiCalendarKey } from "@/lib/calendar/types";

/** The keys legend: one toggle per calendar key; a hidden key's button is dimmed and struck through. */
export function KeysLegend({ keys, hidden, onToggle }: { keys: ApiCalendarKey[]; hidden: ReadonlySet<number>; onToggle: (id: number) => void }) {
  if (keys.length === 0) return null;
  return (
    <div role="group" aria-label="Calendar keys: show or hide their events" className="flex flex-wrap gap-2">
      {keys.map((k) => {
        const shown = !hidden.has(k.value);
        return (
          <button
            key={k.value}
            type="button"
            aria-pressed={shown}
            title={shown ? `Hide ${k.text} events` : `Show ${k.text} events`}
            onClick={() => onToggle(k.value)}
            className={`inline-flex max-w-full items-center gap-2 rounded-full border px-3 py-1 text-sm font-medium transition ${
              shown ? "border-slate-300 bg-white text-slate-800" : "border-slate-200 bg-slate-100 text-slate-400 line-through opacity-60"
            }`}
          >
            <span aria-hidden="true" className="h-3 w-3 shrink-0 rounded-full" style={{ backgroundColor: k.color_code_obj.hex }} />
            <span className="truncate">{k.text}</span>
          </button>
        );
      })}
    </div>
  );
}

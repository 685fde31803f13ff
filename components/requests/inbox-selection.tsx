"use client";

import { createContext, useContext, useState } from "react";
import { BulkDecision, NotDecided, type BulkTarget } from "./bulk-decision";

type Selection = {
  selected: BulkTarget[];
  /** What the last bulk decision left undecided, with why (shown until the next one). */
  lines: string[];
  setLines: (lines: string[]) => void;
  toggle: (target: BulkTarget, on: boolean) => void;
  keep: (keys: string[]) => void;
  clear: () => void;
};

const SelectionContext = createContext<Selection | null>(null);

function useSelection(): Selection {
  const s = useContext(SelectionContext);
  if (!s) throw new Error("RequestSelection is missing around this list");
  return s;
}

/**
 * The approvals inbox's selection across its server-rendered rows: each row's checkbox (SelectRequest) and the bulk
 * bar (SelectionBar) share it. What a bulk decision leaves undecided stays selected while it is still listed (`keys`:
 * the rows on the page).
 */
export function RequestSelection({ keys, children }: { keys: string[]; children: React.ReactNode }) {
  const [chosen, setSelected] = useState<BulkTarget[]>([]);
  const [lines, setLines] = useState<string[]>([]);
  // A request that left the page (decided meanwhile, the page refreshed) leaves the selection.
  const selected = chosen.filter((t) => keys.includes(t.key));
  const value: Selection = {
    selected,
    lines,
    setLines,
    toggle: (target, on) =>
      setSelected((now) =>
        on ? [...now.filter((t) => t.key !== target.key), target] : now.filter((t) => t.key !== target.key),
      ),
    keep: (keys) => setSelected((now) => now.filter((t) => keys.includes(t.key))),
    clear: () => setSelected([]),
  };
  return <SelectionContext value={value}>{children}</SelectionContext>;
}

/** A row's checkbox, named after the request ('Select RO Reversal Request #12: Jane Doe'). */
export function SelectRequest({ target, name }: { target: BulkTarget; name: string }) {
  const { selected, toggle } = useSelection();
  return (
    <input
      type="checkbox"
      aria-label={`Select ${name}`}
      className="mt-1 h-4 w-4 shrink-0"
      checked={selected.some((t) => t.key === target.key)}
      onChange={(e) => toggle(target, e.target.checked)}
    />
  );
}

/**
 * The bulk bar while requests are selected: how many, the bulk decision, and Clear selection; below it, what the last
 * bulk decision left undecided (a request decided meanwhile leaves the list, so its line outlives the bar).
 */
export function SelectionBar() {
  const { selected, keep, clear, lines, setLines } = useSelection();
  return (
    <>
      {selected.length > 0 && (
        <div
          role="region"
          aria-label="Bulk actions"
          className="flex flex-wrap items-center gap-3 rounded-md border border-brand-200 bg-brand-50 px-3 py-2 text-sm"
        >
          <span>{selected.length} selected</span>
          <BulkDecision selected={selected} clear={clear} keep={keep} onOutcome={setLines} />
          <button type="button" className="text-slate-600 underline hover:text-slate-900" onClick={clear}>
            Clear selection
          </button>
        </div>
      )}
      <NotDecided lines={lines} />
    </>
  );
}

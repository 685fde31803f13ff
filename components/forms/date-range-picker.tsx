"use client";

import "react-day-picker/style.css";
import { useEffect, useId, useRef, useState } from "react";
import { DayPicker, type DateRange } from "react-day-picker";
import { Button } from "@/components/ui/button";
import { Icon } from "@/components/ui/icon";
import { todayIso } from "@/lib/forms/fields";
import { RANGE_SHORTCUTS, isoDay, parseRange, shortcutRange, type DayRange } from "@/lib/forms/date-range";

const toDate = (iso: string) =>
  new Date(Number(iso.slice(0, 4)), Number(iso.slice(5, 7)) - 1, Number(iso.slice(8, 10)));
const toIso = (d: Date) => todayIso(d);

type Props = {
  /** The applied range, or null when the list is not limited to dates (after Clear Filter). */
  value: DayRange | null;
  onApply: (range: DayRange) => void;
  onClear: () => void;
  label?: string;
};

/**
 * The uniform list's date-range picker (the old portal's screens): a button showing the applied range as
 * YYYY-MM-DD, opening a panel with the shortcuts (Yesterday, This Week, Last Week, This Month, Last
 * Month), a two-month calendar (react-day-picker: a grid the arrow keys move through, with labelled
 * days), From and To boxes that take typed dates, and Clear Filter / Apply Filter. Nothing applies until
 * Apply Filter; Escape or a click outside closes the panel and puts the focus back on the button.
 * Below 766 px the panel shows one month and sits across the screen instead of under the button.
 */
export function DateRangePicker({ value, onApply, onClear, label = "Date range" }: Props) {
  const [open, setOpen] = useState(false);
  const [draft, setDraft] = useState<{ from: string; to: string }>(value ?? { from: "", to: "" });
  const [error, setError] = useState<string | null>(null);
  const panelId = useId();
  const errorId = useId();
  const buttonRef = useRef<HTMLButtonElement>(null);
  const rootRef = useRef<HTMLDivElement>(null);
  const [months, setMonths] = useState(2);

  useEffect(() => {
    if (!open) return;
    const onDown = (e: PointerEvent) => {
      if (rootRef.current && !rootRef.current.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener("pointerdown", onDown);
    return () => document.removeEventListener("pointerdown", onDown);
  }, [open]);

  const show = () => {
    setDraft(value ?? { from: "", to: "" });
    setError(null);
    setMonths(window.matchMedia("(max-width: 765px)").matches ? 1 : 2);
    setOpen(true);
  };
  const close = () => {
    setOpen(false);
    buttonRef.current?.focus();
  };

  const selected: DateRange | undefined =
    isoDay(draft.from) !== null
      ? { from: toDate(draft.from), to: isoDay(draft.to) !== null ? toDate(draft.to) : undefined }
      : undefined;

  const apply = () => {
    const range = parseRange(`${draft.from}..${draft.to || draft.from}`);
    if (!range || range === "all") {
      setError("Enter both dates as YYYY-MM-DD, the first not after the second.");
      return;
    }
    onApply(range);
    close();
  };

  const text = value ? `${value.from} - ${value.to}` : "All dates";
  return (
    <div
      ref={rootRef}
      className="relative"
      onKeyDown={(e) => e.key === "Escape" && open && (e.stopPropagation(), close())}
    >
      <button
        ref={buttonRef}
        type="button"
        aria-expanded={open}
        aria-controls={panelId}
        aria-label={`${label}: ${text}`}
        onClick={() => (open ? close() : show())}
        className="inline-flex items-center gap-2 rounded-md border border-slate-300 bg-white px-3 py-2 text-sm text-slate-800 hover:bg-slate-50"
      >
        <Icon name="calendar" className="h-4 w-4 text-slate-500" />
        <span className="tabular-nums">{text}</span>
      </button>
      {open && (
        <div
          id={panelId}
          role="group"
          aria-label={label}
          className="fixed inset-x-2 top-20 z-30 max-h-[calc(100dvh-6rem)] overflow-y-auto rounded-lg border border-slate-200 bg-white p-3 shadow-lg md:absolute md:inset-x-auto md:top-auto md:left-0 md:mt-2 md:max-h-none md:w-max md:overflow-visible"
        >
          <div className="flex flex-col gap-3 md:flex-row">
            <ul className="flex flex-wrap gap-1 md:flex-col" aria-label="Shortcuts">
              {RANGE_SHORTCUTS.map((name) => (
                <li key={name}>
                  <button
                    type="button"
                    className="w-full rounded px-2 py-1 text-left text-sm text-slate-700 hover:bg-brand-50 hover:text-brand-800"
                    onClick={() => {
                      setDraft(shortcutRange(name, todayIso()));
                      setError(null);
                    }}
                  >
                    {name}
                  </button>
                </li>
              ))}
            </ul>
            <div>
              <DayPicker
                mode="range"
                numberOfMonths={months}
                defaultMonth={selected?.from ?? new Date()}
                selected={selected}
                onSelect={(r) => {
                  setDraft({ from: r?.from ? toIso(r.from) : "", to: r?.to ? toIso(r.to) : "" });
                  setError(null);
                }}
                style={
                  {
                    "--rdp-accent-color": "var(--color-brand-600)",
                    "--rdp-accent-background-color": "var(--color-brand-50)",
                    "--rdp-day-height": "36px",
                    "--rdp-day-width": "36px",
                    "--rdp-day_button-height": "34px",
                    "--rdp-day_button-width": "34px",
                  } as React.CSSProperties
                }
                className="text-sm"
              />
              <div className="mt-2 flex flex-wrap items-end gap-2">
                {(["from", "to"] as const).map((end) => (
                  <label key={end} className="text-sm text-slate-700">
                    {end === "from" ? "From" : "To"}
                    <input
                      className="mt-1 block w-32 rounded border border-slate-300 px-2 py-1 tabular-nums"
                      placeholder="YYYY-MM-DD"
                      inputMode="numeric"
                      maxLength={10}
                      aria-invalid={error ? true : undefined}
                      aria-describedby={error ? errorId : undefined}
                      value={draft[end]}
                      onChange={(e) => setDraft((d) => ({ ...d, [end]: e.target.value.trim() }))}
                      onKeyDown={(e) => e.key === "Enter" && (e.preventDefault(), apply())}
                    />
                  </label>
                ))}
              </div>
              {error && (
                <p id={errorId} role="alert" className="mt-1 text-sm text-red-600">
                  {error}
                </p>
              )}
              <div className="mt-3 flex justify-end gap-2">
                <Button
                  type="button"
                  variant="secondary"
                  className="px-3 py-1"
                  onClick={() => {
                    onClear();
                    close();
                  }}
                >
                  Clear Filter
                </Button>
                <Button type="button" className="px-3 py-1" onClick={apply}>
                  Apply Filter
                </Button>
              </div>
            </div>
          </div>
        </div>
      )}
    </div>
  );
}

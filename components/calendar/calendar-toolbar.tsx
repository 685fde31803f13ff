"use client";

import { useState } from "react";
import { Button } from "@/components/ui/button";
import { SEARCH_MAX } from "./calendar-params";

/** The page's actions beside its title: search, Add Event, Subscribe and (administrators) the page's keys. */
export function CalendarActions({
  initialSearch,
  onSearch,
  onAdd,
  onSubscribe,
  onChooseKeys,
}: {
  initialSearch: string;
  onSearch: (text: string) => void;
  /** Absent: the user cannot add events. */
  onAdd?: () => void;
  onSubscribe: () => void;
  /** Absent: the user cannot choose the page's keys. */
  onChooseKeys?: () => void;
}) {
  const [text, setText] = useState(initialSearch);
  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    const q = text.trim();
    if (q) onSearch(q);
  };
  return (
    <div className="flex flex-wrap items-center gap-2">
      <form role="search" onSubmit={submit} className="flex items-center gap-2">
        <label htmlFor="calendar-search" className="sr-only">
          Search events
        </label>
        <input
          id="calendar-search"
          type="search"
          value={text}
          maxLength={SEARCH_MAX}
          onChange={(e) => setText(e.target.value)}
          placeholder="Search events"
          className="w-44 rounded-md border border-slate-300 px-3 py-2 text-sm focus:border-brand-500 focus:outline-none sm:w-56"
        />
        <Button type="submit" variant="secondary">
          Search
        </Button>
      </form>
      {onAdd && (
        <Button type="button" onClick={onAdd}>
          Add Event
        </Button>
      )}
      <Button type="button" variant="secondary" onClick={onSubscribe}>
        Subscribe
      </Button>
      {onChooseKeys && (
        <Button type="button" variant="secondary" onClick={onChooseKeys}>
          Keys Shown Here
        </Button>
      )}
    </div>
  );
}

export type GridView = "dayGridMonth" | "listMonth";

const VIEWS: { view: GridView; label: string }[] = [
  { view: "dayGridMonth", label: "Month" },
  { view: "listMonth", label: "List" },
];

/** The month view's toolbar (FullCalendar draws none): previous, next, today, refresh, the title, month or list. */
export function CalendarToolbar({
  title,
  view,
  loading,
  onPrev,
  onNext,
  onToday,
  onRefresh,
  onView,
}: {
  title: string;
  view: GridView;
  loading: boolean;
  onPrev: () => void;
  onNext: () => void;
  onToday: () => void;
  onRefresh: () => void;
  onView: (view: GridView) => void;
}) {
  return (
    <div className="mt-3 flex flex-wrap items-center justify-between gap-2">
      <div className="flex items-center gap-1" role="group" aria-label="Navigate months">
        <Button
          type="button"
          variant="secondary"
          className="whitespace-nowrap"
          aria-label="Previous month"
          onClick={onPrev}
        >
          ‹ Prev
        </Button>
        <Button
          type="button"
          variant="secondary"
          className="whitespace-nowrap"
          aria-label="Next month"
          onClick={onNext}
        >
          Next ›
        </Button>
        <Button type="button" variant="secondary" onClick={onToday}>
          Today
        </Button>
        <Button type="button" variant="secondary" onClick={onRefresh} loading={loading} aria-label="Refresh events">
          Refresh
        </Button>
      </div>
      <h2 className="text-lg font-semibold text-slate-800" aria-live="polite">
        {title}
      </h2>
      <div className="flex items-center gap-1" role="group" aria-label="Calendar view">
        {VIEWS.map((v) => (
          <Button
            key={v.view}
            type="button"
            variant={view === v.view ? "primary" : "secondary"}
            aria-pressed={view === v.view}
            onClick={() => onView(v.view)}
          >
            {v.label}
          </Button>
        ))}
      </div>
    </div>
  );
}

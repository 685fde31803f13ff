"use client";

import { useCallback, useEffect, useRef, useState } from "react";
import dynamic from "next/dynamic";
import type { CalendarRef, DatesSetInfo } from "@fullcalendar/react";
import { useHydrated } from "@/components/ui/use-hydrated";
import type { CalendarItem, CalendarKey } from "@/lib/calendar/types";
import { CalendarToolbar, type GridView } from "./calendar-toolbar";
import { KeysLegend } from "./keys-legend";
import { MonthPreview } from "./month-preview";
import { TopLink } from "./top-link";
import { monthTitle } from "./format";

// FullCalendar is its own chunk so the menu pages that share this route ([slug]) do not download it.
// Browser-only (rendered once hydrated): the server draws the first month with MonthPreview (cheaper
// than FullCalendar's own SSR).
const CalendarGrid = dynamic(() => import("./calendar-grid").then((m) => m.CalendarGrid));

/** 766 px and wider: the old portal's desktop view (components/shell/shell-frame.tsx). */
const DESKTOP_QUERY = "(min-width: 47.875rem)";

/** `YYYY-MM` of the month a view range shows (its start plus 15 days lands inside the month). */
function monthOfRange(startStr: string): string {
  const d = new Date(`${startStr.slice(0, 10)}T00:00:00Z`);
  return new Date(d.getTime() + 15 * 86_400_000).toISOString().slice(0, 7);
}

type Range = { start: string; end: string };

/**
 * The calendar view: keys legend, toolbar and FullCalendar's month or list. It stays mounted (hidden)
 * while another view shows, so Back returns to the same month. The shown month follows the URL's
 * `month` (Back and Forward, links) and sets it (moving to another month is a step Back undoes).
 */
export function MonthView(props: {
  hidden: boolean;
  initialDate: string;
  /** Today in the server's zone (YYYY-MM-DD), so the preview matches on hydration. */
  today: string;
  /** The zone the server loaded the first month in; `timeZone` is the viewer's. */
  serverTimeZone: string;
  timeZone: string;
  /** The occurrences to draw (the keys legend's hidden keys already left out). */
  events: CalendarItem[];
  keys: CalendarKey[];
  hiddenKeys: ReadonlySet<number>;
  onToggleKey: (id: number) => void;
  loading: boolean;
  /** The grid shows another window: its occurrences are wanted. */
  onRange: (range: Range, timeZone: string) => void;
  onRefresh: () => void;
  month: string | null;
  onMonth: (month: string, mode: "push" | "replace") => void;
  onOpen: (occurrence: CalendarItem) => void;
  /** Absent: a day click does nothing (the user cannot add events). */
  onAddDay?: (day: string) => void;
}) {
  const { timeZone, serverTimeZone, onRange, onMonth, month } = props;
  const hydrated = useHydrated();
  const calendarRef = useRef<CalendarRef>(null);
  const [view, setView] = useState<GridView>("dayGridMonth");
  const [title, setTitle] = useState(() => monthTitle(props.initialDate));
  const [gridReady, setGridReady] = useState(false);
  const api = () => calendarRef.current?.getApi();

  const onGridReady = useCallback(() => {
    setGridReady(true);
    // Below 766 px (the old portal's mobile view) a month grid of seven 50-px columns shows about four letters
    // of a title: phones open in the list, the month one tap away. Before paint: no month flashes.
    if (!window.matchMedia(DESKTOP_QUERY).matches) {
      setView("listMonth");
      calendarRef.current?.getApi().changeView("listMonth");
    }
  }, []);

  // The browser's zone differs from the server's: the shown window again, in it.
  const firstZone = useRef(true);
  useEffect(() => {
    if (firstZone.current) {
      firstZone.current = false;
      return;
    }
    const v = calendarRef.current?.getApi().view;
    if (v) onRange({ start: v.activeStart.toISOString(), end: v.activeEnd.toISOString() }, timeZone);
  }, [timeZone, onRange]);

  const firstDates = useRef(true);
  const followingUrl = useRef(false);
  const shownMonth = useRef<string | null>(null);
  const onDatesSet = useCallback(
    (info: DatesSetInfo) => {
      setTitle(info.view.title);
      const shown = monthOfRange(info.startStr);
      shownMonth.current = shown;
      // The first month (and one the URL asked for) replaces; moving to another month is a step Back undoes.
      if (month !== shown) onMonth(shown, firstDates.current || followingUrl.current ? "replace" : "push");
      followingUrl.current = false;
      if (firstDates.current) {
        firstDates.current = false;
        if (info.timeZone === serverTimeZone) return; // the server already loaded this range in this zone
      }
      onRange({ start: info.startStr, end: info.endStr }, info.timeZone || timeZone);
    },
    [onRange, onMonth, month, timeZone, serverTimeZone],
  );

  // Back or Forward to another month's address: the grid follows the URL.
  useEffect(() => {
    if (!gridReady || !month || month === shownMonth.current) return;
    followingUrl.current = true;
    calendarRef.current?.getApi().gotoDate(`${month}-01`);
  }, [month, gridReady]);

  const switchView = (v: GridView) => {
    setView(v);
    api()?.changeView(v);
  };

  return (
    <div hidden={props.hidden} className="mt-4">
      <KeysLegend keys={props.keys} hidden={props.hiddenKeys} onToggle={props.onToggleKey} />
      <CalendarToolbar
        title={title}
        view={view}
        loading={props.loading}
        onPrev={() => api()?.prev()}
        onNext={() => api()?.next()}
        onToday={() => api()?.today()}
        onRefresh={props.onRefresh}
        onView={switchView}
      />
      {view === "dayGridMonth" && props.events.length === 0 && !props.loading && (
        <p role="status" className="mt-3 rounded-md bg-slate-100 p-3 text-center text-sm text-slate-600">
          Calendar Entries Not Available
        </p>
      )}
      <div
        className="mt-3 rounded-lg bg-white p-2 shadow-sm"
        aria-busy={props.loading || undefined}
        data-calendar-ready={gridReady || undefined}
      >
        {!gridReady && (
          <MonthPreview
            firstOfMonth={props.initialDate}
            events={props.events}
            timeZone={timeZone}
            today={props.today}
            onOpen={props.onOpen}
          />
        )}
        {hydrated && (
          <CalendarGrid
            onReady={onGridReady}
            calendarRef={calendarRef}
            initialDate={props.initialDate}
            timeZone={timeZone}
            events={props.events}
            onDatesSet={onDatesSet}
            onEventClick={(occurrenceId) => {
              const occurrence = props.events.find((e) => e.occurrenceId === occurrenceId);
              if (occurrence) props.onOpen(occurrence);
            }}
            onDayClick={props.onAddDay}
          />
        )}
      </div>
      <TopLink />
    </div>
  );
}

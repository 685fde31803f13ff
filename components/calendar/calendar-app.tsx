"use client";

import { useCallback, useEffect, useMemo, useRef, useState, useSyncExternalStore } from "react";
import dynamic from "next/dynamic";
import type { CalendarRef, DatesSetInfo } from "@fullcalendar/react";
import { Button, Spinner } from "@/components/ui/button";
import { useHydrated } from "@/components/ui/use-hydrated";
import type { ApiCalendarKey, ApiEventDetail, CalendarItem } from "@/lib/calendar/types";
import type { EventFormInput } from "@/lib/calendar/schemas";
import { unpackItems, type PackedItems } from "@/lib/calendar/pack";
import { fetchEvent, fetchEvents, searchEventsApi } from "./client-api";
import { Dialog, type DialogButton } from "./dialog";
import { EventDetailView } from "./event-detail";
import { KeysLegend } from "./keys-legend";
import { SearchResults } from "./search-results";
import { MonthPreview } from "./month-preview";
import { browserTimeZone, monthTitle, todayIn, toLocalInput } from "./format";

// FullCalendar is its own chunk so the menu pages that share this route ([slug]) do not download it;
// it still renders on the server. The form (react-hook-form + zod) and the subscription panel load on
// demand: most visitors only read.
// Browser-only (rendered once hydrated): the server draws the first month with MonthPreview (cheaper
// than FullCalendar's own SSR).
const CalendarGrid = dynamic(() => import("./calendar-grid").then((m) => m.CalendarGrid));
const EventForm = dynamic(() => import("./event-form").then((m) => m.EventForm), { loading: () => <Loading label="Loading the form" /> });
const FeedPanel = dynamic(() => import("./feed-panel").then((m) => m.FeedPanel));

type Props = {
  title: string;
  timeZone: string;
  initialDate: string;
  /** Today in `timeZone` (YYYY-MM-DD), from the server so the preview matches on hydration. */
  today: string;
  initialRange: { start: string; end: string };
  /** The first range's occurrences (packed: lib/calendar/pack.ts). */
  initialEvents: PackedItems;
  keys: ApiCalendarKey[];
  canManage: boolean;
  seeStatus: boolean;
  userName: string;
  /** An event to open at once (the calendar page's `?event=` from a search result). */
  openEventId?: number;
};

type View =
  | { kind: "calendar" }
  | { kind: "search" }
  | { kind: "detail"; event: ApiEventDetail; from: "calendar" | "search" }
  | { kind: "form"; initial: Partial<EventFormInput>; editing: ApiEventDetail | null };

export type Popup = { title: string; text?: React.ReactNode; tone?: "info" | "warning" | "error" | "success"; buttons?: DialogButton[]; onClose?: () => void };

type CalView = "dayGridMonth" | "listMonth";
/** 766 px and wider: the spec's desktop view (components/shell/shell-frame.tsx). */
const DESKTOP_QUERY = "(min-width: 47.875rem)";

function Loading({ label }: { label: string }) {
  return (
    <p role="status" className="flex items-center gap-2 p-6 text-sm text-slate-600">
      <Spinner /> {label}…
    </p>
  );
}

/** `YYYY-MM` of the month a view range shows (its start plus 15 days lands inside the month). */
function monthOfRange(startStr: string): string {
  const d = new Date(`${startStr.slice(0, 10)}T00:00:00Z`);
  return new Date(d.getTime() + 15 * 86_400_000).toISOString().slice(0, 7);
}

/** The browser's zone has no change event: read once after hydration (useSyncExternalStore's subscribe). */
const zoneNeverChanges = () => () => {};

/**
 * The calendar page's client: keys legend, FullCalendar month/list, search, event detail and the
 * add/edit form, as the spec's views (0 calendar, 1 detail, 2 form). FullCalendar stays mounted
 * (hidden) while the detail or form shows, so Back returns to the same month.
 */
export function CalendarApp(props: Props) {
  const hydrated = useHydrated();
  const calendarRef = useRef<CalendarRef>(null);
  // Times show in the viewer's zone: the server renders (and the page hydrates) in the zone of the `tz`
  // cookie (or California); when the browser's differs, the calendar redraws in it right after.
  const timeZone = useSyncExternalStore(zoneNeverChanges, browserTimeZone, () => props.timeZone);
  const [events, setEvents] = useState(() => unpackItems(props.initialEvents));
  const [keys, setKeys] = useState(props.keys);
  const [hidden, setHidden] = useState<ReadonlySet<number>>(() => new Set());
  const [view, setView] = useState<View>({ kind: "calendar" });
  const [calView, setCalView] = useState<CalView>("dayGridMonth");
  const [title, setTitle] = useState(() => monthTitle(props.initialDate));
  const [loading, setLoading] = useState(false);
  const [busyLabel, setBusyLabel] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [popup, setPopup] = useState<Popup | null>(null);
  const [searchText, setSearchText] = useState("");
  const [search, setSearch] = useState<{ query: string; results: CalendarItem[] | null }>({ query: "", results: null });
  const [feedOpen, setFeedOpen] = useState(false);
  const [gridReady, setGridReady] = useState(false);
  const onGridReady = useCallback(() => {
    setGridReady(true);
    // Below 766 px (the spec's mobile view) a month grid of seven 50-px columns shows about four letters
    // of a title: phones open in the list, the month one tap away. Before paint: no month flashes.
    if (!window.matchMedia(DESKTOP_QUERY).matches) {
      setCalView("listMonth");
      calendarRef.current?.getApi().changeView("listMonth");
    }
  }, []);
  const rangeRef = useRef<{ start: string; end: string }>(props.initialRange);
  const skipFirstDatesSet = useRef(true);
  const abortRef = useRef<AbortController | null>(null);

  const showCancelled = useCallback((message: string, then?: () => void) => {
    setPopup({ title: "Cancelled", text: message, tone: "error", onClose: then });
  }, []);

  const load = useCallback(
    async (range: { start: string; end: string }, tz: string) => {
      abortRef.current?.abort();
      const ctrl = new AbortController();
      abortRef.current = ctrl;
      rangeRef.current = range;
      setLoading(true);
      try {
        const content = await fetchEvents(range, tz, ctrl.signal);
        setEvents(content.events);
        setKeys(content.keys);
      } catch (err) {
        if (err instanceof DOMException && err.name === "AbortError") return;
        showCancelled(err instanceof Error ? err.message : String(err));
      } finally {
        if (abortRef.current === ctrl) setLoading(false);
      }
    },
    [showCancelled],
  );


  // The browser's zone, remembered for the server's next render.
  useEffect(() => {
    document.cookie = `tz=${encodeURIComponent(browserTimeZone())}; path=/; max-age=31536000; samesite=lax`;
  }, []);
  const firstZone = useRef(true);
  useEffect(() => {
    if (firstZone.current) {
      firstZone.current = false;
      return;
    }
    const api = calendarRef.current?.getApi();
    const v = api?.view;
    if (v) void load({ start: v.activeStart.toISOString(), end: v.activeEnd.toISOString() }, timeZone);
  }, [timeZone, load]);

  const onDatesSet = useCallback(
    (info: DatesSetInfo) => {
      setTitle(info.view.title);
      const month = monthOfRange(info.startStr);
      const url = new URL(window.location.href);
      if (url.searchParams.get("month") !== month) {
        url.searchParams.set("month", month);
        window.history.replaceState(window.history.state, "", url);
      }
      if (skipFirstDatesSet.current) {
        skipFirstDatesSet.current = false;
        if (info.timeZone === props.timeZone) return; // the server already loaded this range in this zone
      }
      void load({ start: info.startStr, end: info.endStr }, info.timeZone || timeZone);
    },
    [load, timeZone, props.timeZone],
  );

  const refresh = useCallback(() => {
    setNotice(null);
    void load(rangeRef.current, timeZone);
  }, [load, timeZone]);

  const shownEvents = useMemo(() => (hidden.size ? events.filter((e) => !hidden.has(e.meeting_id)) : events), [events, hidden]);

  const toggleKey = (id: number) =>
    setHidden((prev) => {
      const next = new Set(prev);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  /** Opens the detail; `occurrence` (the one clicked) replaces the series' first date. */
  const openEvent = useCallback(
    async (id: number, from: "calendar" | "search", occurrence?: CalendarItem) => {
      setBusyLabel("Loading the event");
      try {
        const event = await fetchEvent(id);
        const when = occurrence
          ? { start: occurrence.start, end: occurrence.end, all_day: occurrence.all_day, start_day: occurrence.start_day, end_day: occurrence.end_day }
          : {};
        setView({ kind: "detail", event: { ...event, ...when }, from });
      } catch (err) {
        showCancelled(err instanceof Error ? err.message : String(err), () => setView({ kind: from === "search" ? "search" : "calendar" }));
      } finally {
        setBusyLabel(null);
      }
    },
    [showCancelled],
  );
  // A search result links to `/{calendar}?event={id}`: its detail opens once, on arrival.
  const openedFromUrl = useRef(false);
  useEffect(() => {
    if (!props.openEventId || openedFromUrl.current) return;
    openedFromUrl.current = true;
    void openEvent(props.openEventId, "calendar");
  }, [props.openEventId, openEvent]);

  const openAddForm = useCallback(
    (day: string) => {
      if (!props.canManage) return;
      setNotice(null);
      setView({ kind: "form", initial: { startsAt: `${day}T00:00:00`, endsAt: `${day}T23:59:59` }, editing: null });
    },
    [props.canManage],
  );

  const openEditForm = (event: ApiEventDetail) => {
    setView({
      kind: "form",
      editing: event,
      initial: {
        id: event.id,
        title: event.title,
        calendarKeyId: event.meeting_id,
        keyDescription: event.key_description,
        description: event.description,
        status: event.status,
        type: event.type,
        recurrence: event.recursive_type ?? "monthly",
        dayOfWeek: event.day_of_week ?? 1,
        startsAt: toLocalInput(event.starts_at),
        endsAt: toLocalInput(event.ends_at),
        contactPerson: event.contact_person,
        contactEmail: event.contact_email,
        contactNumber: event.contact_number,
        attachments: event.attachments.map((a) => a.document_path),
      },
    });
  };

  const backToCalendar = useCallback(
    (reload: boolean) => {
      setView({ kind: "calendar" });
      if (reload) void load(rangeRef.current, timeZone);
    },
    [load, timeZone],
  );

  const runSearch = async (e: React.FormEvent) => {
    e.preventDefault();
    const q = searchText.trim();
    if (!q) return;
    setView({ kind: "search" });
    setSearch({ query: q, results: null });
    try {
      const content = await searchEventsApi(q);
      setSearch({ query: q, results: content.events });
    } catch (err) {
      showCancelled(err instanceof Error ? err.message : String(err), () => setView({ kind: "calendar" }));
    }
  };

  const api = () => calendarRef.current?.getApi();
  const switchView = (v: CalView) => {
    setCalView(v);
    api()?.changeView(v);
  };

  const closePopup = () => {
    const after = popup?.onClose;
    setPopup(null);
    after?.();
  };

  const inCalendar = view.kind === "calendar";
  const activeKeys = keys.filter((k) => k.status === "active");

  return (
    <section aria-labelledby="calendar-top" className="mx-auto max-w-6xl">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 id="calendar-top" tabIndex={-1} className="text-2xl font-semibold text-slate-900">
          {props.title}
        </h1>
        <div className="flex flex-wrap items-center gap-2">
          <form role="search" onSubmit={runSearch} className="flex items-center gap-2">
            <label htmlFor="calendar-search" className="sr-only">
              Search events
            </label>
            <input
              id="calendar-search"
              type="search"
              value={searchText}
              maxLength={190}
              onChange={(e) => setSearchText(e.target.value)}
              placeholder="Search events"
              className="w-44 rounded-md border border-slate-300 px-3 py-2 text-sm focus:border-brand-500 focus:outline-none sm:w-56"
            />
            <Button type="submit" variant="secondary">
              Search
            </Button>
          </form>
          {props.canManage && (
            <Button type="button" onClick={() => openAddForm(todayIn(timeZone))}>
              Add Event
            </Button>
          )}
          <Button type="button" variant="secondary" onClick={() => setFeedOpen(true)}>
            Subscribe
          </Button>
        </div>
      </div>

      {notice && (
        <p role="status" className="mt-4 rounded-md border border-emerald-200 bg-emerald-50 p-3 text-sm text-emerald-800">
          {notice}
        </p>
      )}
      {busyLabel && <Loading label={busyLabel} />}

      <div hidden={!inCalendar} className="mt-4">
        <KeysLegend keys={activeKeys} hidden={hidden} onToggle={toggleKey} />
        <div className="mt-3 flex flex-wrap items-center justify-between gap-2">
          <div className="flex items-center gap-1" role="group" aria-label="Navigate months">
            <Button type="button" variant="secondary" className="whitespace-nowrap" aria-label="Previous month" onClick={() => api()?.prev()}>
              ‹ Prev
            </Button>
            <Button type="button" variant="secondary" className="whitespace-nowrap" aria-label="Next month" onClick={() => api()?.next()}>
              Next ›
            </Button>
            <Button type="button" variant="secondary" onClick={() => api()?.today()}>
              Today
            </Button>
            <Button type="button" variant="secondary" onClick={refresh} loading={loading} aria-label="Refresh events">
              Refresh
            </Button>
          </div>
          <h2 className="text-lg font-semibold text-slate-800" aria-live="polite">
            {title}
          </h2>
          <div className="flex items-center gap-1" role="group" aria-label="Calendar view">
            <Button type="button" variant={calView === "dayGridMonth" ? "primary" : "secondary"} aria-pressed={calView === "dayGridMonth"} onClick={() => switchView("dayGridMonth")}>
              Month
            </Button>
            <Button type="button" variant={calView === "listMonth" ? "primary" : "secondary"} aria-pressed={calView === "listMonth"} onClick={() => switchView("listMonth")}>
              List
            </Button>
          </div>
        </div>
        {calView === "dayGridMonth" && shownEvents.length === 0 && !loading && (
          <p role="status" className="mt-3 rounded-md bg-slate-100 p-3 text-center text-sm text-slate-600">
            Calendar Entries Not Available
          </p>
        )}
        <div className="mt-3 rounded-lg bg-white p-2 shadow-sm" aria-busy={loading || undefined} data-calendar-ready={gridReady || undefined}>
          {!gridReady && (
            <MonthPreview
              firstOfMonth={props.initialDate}
              events={shownEvents}
              timeZone={timeZone}
              today={props.today}
              onOpen={(occurrence) => void openEvent(occurrence.id, "calendar", occurrence)}
            />
          )}
          {hydrated && <CalendarGrid
            onReady={onGridReady}
            calendarRef={calendarRef}
            initialDate={props.initialDate}
            timeZone={timeZone}
            events={shownEvents}
            onDatesSet={onDatesSet}
            onEventClick={(occurrenceId) => {
              const occurrence = events.find((e) => e.occurrence_id === occurrenceId);
              if (occurrence) void openEvent(occurrence.id, "calendar", occurrence);
            }}
            onDayClick={props.canManage ? (day) => openAddForm(day) : undefined}
          />}
        </div>
        <p className="mt-4 text-right">
          <a href="#calendar-top" className="text-sm font-medium text-brand-700 underline">
            Top
          </a>
        </p>
      </div>

      {view.kind === "search" && (
        <SearchResults
          query={search.query}
          results={search.results}
          timeZone={timeZone}
          seeStatus={props.seeStatus}
          onBack={() => setView({ kind: "calendar" })}
          onOpen={(occurrence) => void openEvent(occurrence.id, "search", occurrence)}
        />
      )}

      {view.kind === "detail" && (
        <EventDetailView
          event={view.event}
          timeZone={timeZone}
          canManage={props.canManage}
          seeStatus={props.seeStatus}
          onBack={() => setView({ kind: view.from === "search" ? "search" : "calendar" })}
          onEdit={() => openEditForm(view.event)}
          onDeleted={() => backToCalendar(true)}
          setPopup={setPopup}
        />
      )}

      {view.kind === "form" && (
        <EventForm
          initial={view.initial}
          editing={view.editing}
          keys={keys}
          userName={props.userName}
          onCancel={() => backToCalendar(true)}
          onUpdated={(message) => {
            setNotice(message);
            backToCalendar(true);
          }}
          onFailed={() => backToCalendar(true)}
        />
      )}

      {feedOpen && <FeedPanel keys={activeKeys} onClose={() => setFeedOpen(false)} />}

      <Dialog
        open={!!popup}
        title={popup?.title ?? ""}
        tone={popup?.tone}
        onClose={closePopup}
        buttons={popup?.buttons ?? [{ label: "OK", onClick: closePopup, autoFocus: true }]}
      >
        {popup?.text}
      </Dialog>
    </section>
  );
}


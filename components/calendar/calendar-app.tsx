"use client";

import { useCallback, useEffect, useMemo, useRef, useState, useSyncExternalStore } from "react";
import dynamic from "next/dynamic";
import { useSearchParams } from "next/navigation";
import type { CalendarRef, DatesSetInfo } from "@fullcalendar/react";
import { Button, Spinner } from "@/components/ui/button";
import { useHydrated } from "@/components/ui/use-hydrated";
import type { ApiCalendarKey, ApiEventDetail, CalendarItem } from "@/lib/calendar/types";
import { unpackItems, type PackedItems } from "@/lib/calendar/pack";
import { fetchEvent, fetchEvents, searchEventsApi } from "./client-api";
import { Dialog, type DialogButton } from "./dialog";
import { EventDetailView } from "./event-detail";
import { KeysLegend } from "./keys-legend";
import { SearchResults } from "./search-results";
import { MonthPreview } from "./month-preview";
import { monthTitle, todayIn } from "./format";
import { browserTimeZone } from "@/lib/dates/zone";
import { eventFormValuesOf } from "@/lib/calendar/form-values";
import { parseIsoDate } from "@/lib/dates/parse";

// FullCalendar is its own chunk so the menu pages that share this route ([slug]) do not download it;
// it still renders on the server. The form (react-hook-form + zod) and the subscription panel load on
// demand: most visitors only read.
// Browser-only (rendered once hydrated): the server draws the first month with MonthPreview (cheaper
// than FullCalendar's own SSR).
const CalendarGrid = dynamic(() => import("./calendar-grid").then((m) => m.CalendarGrid));
const EventForm = dynamic(() => import("./event-form").then((m) => m.EventForm), {
  loading: () => <Loading label="Loading the form" />,
});
const FeedPanel = dynamic(() => import("./feed-panel").then((m) => m.FeedPanel));
const PageKeysPanel = dynamic(() => import("./page-keys-panel").then((m) => m.PageKeysPanel));

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
  /** The menu page this calendar is (getevents' `slug`: only the keys the page shows). */
  menu: { id: number; slug: string };
  /** Administrators choose the page's keys. */
  canChooseKeys: boolean;
  /** The keys the page shows (empty: every key). */
  pageKeyIds: number[];
  /** Every active key (the administrator's choice offers them). */
  allKeys: ApiCalendarKey[];
};

/**
 * What the page shows, read from its URL so that every view has an address and Back works:
 * `?edit=ID` the edit form, `?add=YYYY-MM-DD` the add form, `?event=ID` an event, `?q=` search results,
 * else the month of `?month=YYYY-MM`.
 */
type View =
  | { kind: "calendar" }
  | { kind: "search"; query: string }
  | { kind: "detail"; id: number }
  | { kind: "form"; day: string | null; id: number | null };

function viewOf(params: URLSearchParams): View {
  const id = (name: string) => {
    const v = params.get(name);
    return v && /^[1-9]\d{0,9}$/.test(v) ? Number(v) : null;
  };
  const edit = id("edit");
  if (edit) return { kind: "form", day: null, id: edit };
  const add = params.get("add");
  if (add && parseIsoDate(add)) return { kind: "form", day: add, id: null };
  const event = id("event");
  if (event) return { kind: "detail", id: event };
  const q = params.get("q")?.trim();
  if (q) return { kind: "search", query: q.slice(0, 190) };
  return { kind: "calendar" };
}

/** The view's own query parameters (others, such as `month`, are kept). */
const VIEW_PARAMS = ["edit", "add", "event", "q"] as const;

/** How many entries this page pushed below the current one: an in-page Back then goes back in history. */
const DEPTH = "calendarDepth";
function depthOfHistory(): number {
  const state = window.history.state as Record<string, unknown> | null;
  return typeof state?.[DEPTH] === "number" ? (state[DEPTH] as number) : 0;
}

export type Popup = {
  title: string;
  text?: React.ReactNode;
  tone?: "info" | "warning" | "error" | "success";
  buttons?: DialogButton[];
  onClose?: () => void;
};

type CalView = "dayGridMonth" | "listMonth";
/** 766 px and wider: the old portal's desktop view (components/shell/shell-frame.tsx). */
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

/** The detail shows the occurrence that was clicked, when one was (else the server's: a series' next). */
function withClicked(event: ApiEventDetail, occurrence: CalendarItem | undefined): ApiEventDetail {
  if (!occurrence) return event;
  return {
    ...event,
    start: occurrence.start,
    end: occurrence.end,
    all_day: occurrence.all_day,
    start_day: occurrence.start_day,
    end_day: occurrence.end_day,
  };
}

/** The browser's zone has no change event: read once after hydration (useSyncExternalStore's subscribe). */
const zoneNeverChanges = () => () => {};

/**
 * The calendar page's client: keys legend, FullCalendar month/list, search, event detail and the
 * add/edit form, as the old portal's views (0 calendar, 1 detail, 2 form). FullCalendar stays mounted
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
  // Null only outside the App Router (its type allows the Pages Router).
  const searchParams = useSearchParams();
  const params = useMemo(() => new URLSearchParams(searchParams?.toString() ?? ""), [searchParams]);
  const view = useMemo(() => viewOf(params), [params]);
  // Event details by id (the detail and the edit form read them) and the occurrence clicked, if any.
  const [details, setDetails] = useState<ReadonlyMap<number, ApiEventDetail>>(() => new Map());
  const [clicked, setClicked] = useState<ReadonlyMap<number, CalendarItem>>(() => new Map());
  const [calView, setCalView] = useState<CalView>("dayGridMonth");
  const [title, setTitle] = useState(() => monthTitle(props.initialDate));
  const [loading, setLoading] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  const [popup, setPopup] = useState<Popup | null>(null);
  const [searchText, setSearchText] = useState(() => params.get("q") ?? "");
  const [search, setSearch] = useState<{ query: string; results: CalendarItem[] | null }>({ query: "", results: null });
  const [feedOpen, setFeedOpen] = useState(false);
  const [keysOpen, setKeysOpen] = useState(false);
  const [pageKeyIds, setPageKeyIds] = useState(props.pageKeyIds);
  const [gridReady, setGridReady] = useState(false);
  const onGridReady = useCallback(() => {
    setGridReady(true);
    // Below 766 px (the old portal's mobile view) a month grid of seven 50-px columns shows about four letters
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
        const content = await fetchEvents(range, tz, props.menu.slug, ctrl.signal);
        setEvents(content.events);
        setKeys(content.keys);
      } catch (err) {
        if (err instanceof DOMException && err.name === "AbortError") return;
        showCancelled(err instanceof Error ? err.message : String(err));
      } finally {
        if (abortRef.current === ctrl) setLoading(false);
      }
    },
    [showCancelled, props.menu.slug],
  );

  /**
   * Changes the URL's view (and so the view): `push` adds a history entry (Back returns), `replace`
   * does not. Next.js keeps its router in step with history.pushState; no server round trip.
   */
  const backPending = useRef<Promise<void> | null>(null);
  const navigate = useCallback(function go(changes: Record<string, string | null>, mode: "push" | "replace" = "push") {
    // history.back() lands later (on popstate): a step taken before it lands would be undone by it, so it
    // waits (a search typed the moment after 'Back to Calendar').
    if (backPending.current) {
      void backPending.current.then(() => go(changes, mode));
      return;
    }
    const url = new URL(window.location.href);
    for (const [k, v] of Object.entries(changes)) {
      if (v === null) url.searchParams.delete(k);
      else url.searchParams.set(k, v);
    }
    const depth = depthOfHistory();
    if (mode === "push") window.history.pushState({ [DEPTH]: depth + 1 }, "", url);
    else window.history.replaceState({ [DEPTH]: depth }, "", url);
  }, []);

  /** A view's own parameters set, the others of the views cleared. */
  const viewChanges = (set: Partial<Record<(typeof VIEW_PARAMS)[number], string>>) =>
    Object.fromEntries(VIEW_PARAMS.map((k) => [k, set[k] ?? null])) as Record<string, string | null>;

  /** In-page Back / Cancel: history's Back when this page pushed the entry, else the parent view. */
  const goBack = useCallback(
    (parent: Record<string, string | null>) => {
      if (depthOfHistory() > 0) {
        backPending.current ??= new Promise((resolve) => {
          window.addEventListener(
            "popstate",
            () => {
              backPending.current = null;
              resolve();
            },
            { once: true },
          );
        });
        window.history.back();
      } else navigate(parent, "replace");
    },
    [navigate],
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

  const shownMonth = useRef<string | null>(null);
  const followingUrl = useRef(false);
  const onDatesSet = useCallback(
    (info: DatesSetInfo) => {
      setTitle(info.view.title);
      const month = monthOfRange(info.startStr);
      shownMonth.current = month;
      if (new URL(window.location.href).searchParams.get("month") !== month) {
        // The first month (and one the URL asked for) replaces; moving to another month is a step Back undoes.
        navigate({ month }, skipFirstDatesSet.current || followingUrl.current ? "replace" : "push");
      }
      followingUrl.current = false;
      if (skipFirstDatesSet.current) {
        skipFirstDatesSet.current = false;
        if (info.timeZone === props.timeZone) return; // the server already loaded this range in this zone
      }
      void load({ start: info.startStr, end: info.endStr }, info.timeZone || timeZone);
    },
    [load, timeZone, props.timeZone, navigate],
  );

  // Back or Forward to another month's address: the calendar follows the URL.
  const monthParam = params.get("month");
  useEffect(() => {
    if (
      !gridReady ||
      !monthParam ||
      !/^\d{4}-\d{2}$/.test(monthParam) ||
      !parseIsoDate(`${monthParam}-01`) ||
      monthParam === shownMonth.current
    )
      return;
    followingUrl.current = true;
    calendarRef.current?.getApi().gotoDate(`${monthParam}-01`);
  }, [monthParam, gridReady]);

  const refresh = useCallback(() => {
    setNotice(null);
    void load(rangeRef.current, timeZone);
  }, [load, timeZone]);

  const shownEvents = useMemo(
    () => (hidden.size ? events.filter((e) => !hidden.has(e.meeting_id)) : events),
    [events, hidden],
  );

  const toggleKey = (id: number) =>
    setHidden((prev) => {
      const next = new Set(prev);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  /** Opens an event's detail (a new history entry); `occurrence`, the one clicked, is the date it shows. */
  const openEvent = useCallback(
    (id: number, occurrence?: CalendarItem) => {
      setClicked((prev) => {
        const next = new Map(prev);
        if (occurrence) next.set(id, occurrence);
        else next.delete(id);
        return next;
      });
      navigate({ event: String(id), edit: null, add: null });
    },
    [navigate],
  );

  // The detail and the edit form need the event: loaded when the URL names one not loaded yet.
  const wantedId = view.kind === "detail" ? view.id : view.kind === "form" ? view.id : null;
  const wanted = wantedId ? details.get(wantedId) : undefined;
  useEffect(() => {
    if (!wantedId || wanted) return;
    const ctrl = new AbortController();
    fetchEvent(wantedId, ctrl.signal)
      .then((event) => setDetails((prev) => new Map(prev).set(event.id, event)))
      .catch((err: unknown) => {
        if (err instanceof DOMException && err.name === "AbortError") return;
        showCancelled(err instanceof Error ? err.message : String(err), () =>
          navigate(Object.fromEntries(VIEW_PARAMS.map((k) => [k, null])), "replace"),
        );
      });
    return () => ctrl.abort();
  }, [wantedId, wanted, navigate, showCancelled]);

  const forget = (id: number) =>
    setDetails((prev) => {
      const next = new Map(prev);
      next.delete(id);
      return next;
    });

  const openAddForm = useCallback(
    (day: string) => {
      if (!props.canManage) return;
      setNotice(null);
      navigate({ add: day, edit: null, event: null });
    },
    [props.canManage, navigate],
  );

  /** After a save or delete: the month (this entry replaced), its events reloaded. */
  const backToCalendar = useCallback(
    (reload: boolean) => {
      navigate(Object.fromEntries(VIEW_PARAMS.map((k) => [k, null])), "replace");
      if (reload) void load(rangeRef.current, timeZone);
    },
    [load, timeZone, navigate],
  );

  // Search results follow `?q=`.
  const query = view.kind === "search" ? view.query : null;
  useEffect(() => {
    if (!query) return;
    const ctrl = new AbortController();
    searchEventsApi(query, props.menu.slug, ctrl.signal)
      .then((content) => setSearch({ query, results: content.events }))
      .catch((err: unknown) => {
        if (err instanceof DOMException && err.name === "AbortError") return;
        showCancelled(err instanceof Error ? err.message : String(err), () => navigate({ q: null }, "replace"));
      });
    return () => ctrl.abort();
  }, [query, props.menu.slug, navigate, showCancelled]);

  const runSearch = (e: React.FormEvent) => {
    e.preventDefault();
    const q = searchText.trim();
    if (!q) return;
    navigate(viewChanges({ q }), view.kind === "search" ? "replace" : "push");
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
          {props.canChooseKeys && (
            <Button type="button" variant="secondary" onClick={() => setKeysOpen(true)}>
              Keys Shown Here
            </Button>
          )}
        </div>
      </div>

      {notice && (
        <p
          role="status"
          className="mt-4 rounded-md border border-emerald-200 bg-emerald-50 p-3 text-sm text-emerald-800"
        >
          {notice}
        </p>
      )}
      {wantedId && !wanted && <Loading label="Loading the event" />}

      <div hidden={!inCalendar} className="mt-4">
        <KeysLegend keys={activeKeys} hidden={hidden} onToggle={toggleKey} />
        <div className="mt-3 flex flex-wrap items-center justify-between gap-2">
          <div className="flex items-center gap-1" role="group" aria-label="Navigate months">
            <Button
              type="button"
              variant="secondary"
              className="whitespace-nowrap"
              aria-label="Previous month"
              onClick={() => api()?.prev()}
            >
              ‹ Prev
            </Button>
            <Button
              type="button"
              variant="secondary"
              className="whitespace-nowrap"
              aria-label="Next month"
              onClick={() => api()?.next()}
            >
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
            <Button
              type="button"
              variant={calView === "dayGridMonth" ? "primary" : "secondary"}
              aria-pressed={calView === "dayGridMonth"}
              onClick={() => switchView("dayGridMonth")}
            >
              Month
            </Button>
            <Button
              type="button"
              variant={calView === "listMonth" ? "primary" : "secondary"}
              aria-pressed={calView === "listMonth"}
              onClick={() => switchView("listMonth")}
            >
              List
            </Button>
          </div>
        </div>
        {calView === "dayGridMonth" && shownEvents.length === 0 && !loading && (
          <p role="status" className="mt-3 rounded-md bg-slate-100 p-3 text-center text-sm text-slate-600">
            Calendar Entries Not Available
          </p>
        )}
        <div
          className="mt-3 rounded-lg bg-white p-2 shadow-sm"
          aria-busy={loading || undefined}
          data-calendar-ready={gridReady || undefined}
        >
          {!gridReady && (
            <MonthPreview
              firstOfMonth={props.initialDate}
              events={shownEvents}
              timeZone={timeZone}
              today={props.today}
              onOpen={(occurrence) => openEvent(occurrence.id, occurrence)}
            />
          )}
          {hydrated && (
            <CalendarGrid
              onReady={onGridReady}
              calendarRef={calendarRef}
              initialDate={props.initialDate}
              timeZone={timeZone}
              events={shownEvents}
              onDatesSet={onDatesSet}
              onEventClick={(occurrenceId) => {
                const occurrence = events.find((e) => e.occurrence_id === occurrenceId);
                if (occurrence) openEvent(occurrence.id, occurrence);
              }}
              onDayClick={props.canManage ? (day) => openAddForm(day) : undefined}
            />
          )}
        </div>
        <p className="mt-4 text-right">
          <a href="#calendar-top" className="text-sm font-medium text-brand-700 underline">
            Top
          </a>
        </p>
      </div>

      {view.kind === "search" && (
        <SearchResults
          query={view.query}
          results={search.query === view.query ? search.results : null}
          timeZone={timeZone}
          seeStatus={props.seeStatus}
          onBack={() => goBack({ q: null })}
          onOpen={(occurrence) => openEvent(occurrence.id)}
        />
      )}

      {view.kind === "detail" && wanted && (
        <EventDetailView
          event={withClicked(wanted, clicked.get(wanted.id))}
          timeZone={timeZone}
          canManage={props.canManage}
          seeStatus={props.seeStatus}
          onBack={() => goBack({ event: null })}
          onEdit={() => navigate({ edit: String(wanted.id), event: null })}
          onDeleted={() => {
            forget(wanted.id);
            backToCalendar(true);
          }}
          setPopup={setPopup}
        />
      )}

      {view.kind === "form" && (view.id === null || wanted) && (
        <EventForm
          key={view.id ? `edit-${view.id}-${wanted?.updated_at}` : `add-${view.day}`}
          initial={wanted ? eventFormValuesOf(wanted) : { startsAt: `${view.day}T00:00`, endsAt: `${view.day}T23:59` }}
          editing={wanted ?? null}
          keys={keys}
          userName={props.userName}
          onCancel={() => {
            goBack(view.id ? { edit: null, event: String(view.id) } : { add: null });
            void load(rangeRef.current, timeZone);
          }}
          onUpdated={(message) => {
            if (view.id) forget(view.id);
            setNotice(message);
            backToCalendar(true);
          }}
          onFailed={() => backToCalendar(true)}
        />
      )}

      {feedOpen && <FeedPanel keys={activeKeys} onClose={() => setFeedOpen(false)} />}
      {keysOpen && (
        <PageKeysPanel
          menuId={props.menu.id}
          keys={props.allKeys}
          chosen={pageKeyIds}
          onClose={() => setKeysOpen(false)}
          onSaved={(ids) => {
            setPageKeyIds(ids);
            setKeysOpen(false);
            setHidden(new Set());
            void load(rangeRef.current, timeZone);
          }}
        />
      )}

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

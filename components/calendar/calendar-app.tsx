"use client";

import { useCallback, useEffect, useMemo, useState, useSyncExternalStore } from "react";
import dynamic from "next/dynamic";
import { NuqsAdapter } from "nuqs/adapters/next/app";
import { Spinner } from "@/components/ui/button";
import type { ApiEventDetail, CalendarItem, CalendarKey } from "@/lib/calendar/types";
import type { PackedItems } from "@/lib/calendar/pack";
import { eventFormValuesOf } from "@/lib/calendar/form-values";
import { Dialog, type Popup } from "./dialog";
import { EventDetailView } from "./event-detail";
import { SearchResults } from "./search-results";
import { CalendarActions } from "./calendar-toolbar";
import { MonthView } from "./month-view";
import { NO_VIEW } from "./calendar-params";
import { useCalendarParams } from "./use-calendar-params";
import { useCalendarEvents, useEventDetail, useEventSearch } from "./use-calendar-events";
import { todayIn } from "./format";
import { browserTimeZone } from "@/lib/dates/zone";

// The form (react-hook-form + zod) and the subscription and keys panels load on demand: most visitors only read.
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
  keys: CalendarKey[];
  canManage: boolean;
  seeStatus: boolean;
  userName: string;
  /** The menu page this calendar is (its `slug` picks the keys the page shows). */
  menu: { id: number; slug: string };
  /** Administrators choose the page's keys. */
  canChooseKeys: boolean;
  /** The keys the page shows (empty: every key). */
  pageKeyIds: number[];
  /** Every active key (the administrator's choice offers them). */
  allKeys: CalendarKey[];
};

function Loading({ label }: { label: string }) {
  return (
    <p role="status" className="flex items-center gap-2 p-6 text-sm text-slate-600">
      <Spinner /> {label}…
    </p>
  );
}

/** The detail shows the occurrence that was clicked, when one was (else the server's: a series' next). */
function withClicked(event: ApiEventDetail, occurrence: CalendarItem | undefined): ApiEventDetail {
  if (!occurrence) return event;
  return {
    ...event,
    start: occurrence.start,
    end: occurrence.end,
    all_day: occurrence.allDay,
    start_day: occurrence.startDay,
    end_day: occurrence.endDay,
  };
}

/** The browser's zone has no change event: read once after hydration (useSyncExternalStore's subscribe). */
const zoneNeverChanges = () => () => {};

/**
 * The calendar page's client: its URL state (use-calendar-params.ts) picks the view (calendar, search
 * results, event detail, add/edit form), its reads (use-calendar-events.ts) bring the events.
 */
export function CalendarApp(props: Props) {
  return (
    <NuqsAdapter>
      <Calendar {...props} />
    </NuqsAdapter>
  );
}

function Calendar(props: Props) {
  // Times show in the viewer's zone: the server renders (and the page hydrates) in the zone of the `tz`
  // cookie (or California); when the browser's differs, the calendar redraws in it right after.
  const timeZone = useSyncExternalStore(zoneNeverChanges, browserTimeZone, () => props.timeZone);
  const { params, view, go, back } = useCalendarParams();
  const [popup, setPopup] = useState<Popup | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [hiddenKeys, setHiddenKeys] = useState<ReadonlySet<number>>(() => new Set());
  // The occurrence clicked per event, if any (the detail shows its date).
  const [clicked, setClicked] = useState<ReadonlyMap<number, CalendarItem>>(() => new Map());
  const [panel, setPanel] = useState<"feed" | "keys" | null>(null);
  const [pageKeyIds, setPageKeyIds] = useState(props.pageKeyIds);

  const showCancelled = useCallback((message: string, then?: () => void) => {
    setPopup({ title: "Cancelled", text: message, tone: "error", onClose: then });
  }, []);

  const { events, keys, loading, load, reload } = useCalendarEvents({
    initialEvents: props.initialEvents,
    initialKeys: props.keys,
    initialRange: props.initialRange,
    slug: props.menu.slug,
    onError: showCancelled,
  });
  const searchQuery = view.kind === "search" ? view.query : null;
  const results = useEventSearch(searchQuery, props.menu.slug, (message) =>
    showCancelled(message, () => go({ q: null }, "replace")),
  );
  const wantedId = view.kind === "detail" || view.kind === "form" ? view.id : null;
  const { event: wanted, forget } = useEventDetail(wantedId, (message) =>
    showCancelled(message, () => go(NO_VIEW, "replace")),
  );

  // The browser's zone, remembered for the server's next render.
  useEffect(() => {
    document.cookie = `tz=${encodeURIComponent(browserTimeZone())}; path=/; max-age=31536000; samesite=lax`;
  }, []);

  const shownEvents = useMemo(
    () => (hiddenKeys.size ? events.filter((e) => !hiddenKeys.has(e.keyId)) : events),
    [events, hiddenKeys],
  );
  const toggleKey = (id: number) =>
    setHiddenKeys((prev) => {
      const next = new Set(prev);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  /** Opens an event's detail (a new history entry); `occurrence`, the one clicked, is the date it shows. */
  const openEvent = (id: number, occurrence?: CalendarItem) => {
    setClicked((prev) => {
      const next = new Map(prev);
      if (occurrence) next.set(id, occurrence);
      else next.delete(id);
      return next;
    });
    go({ event: id, edit: null, add: null });
  };
  const openAddForm = (day: string) => {
    setNotice(null);
    go({ add: day, edit: null, event: null });
  };
  /** After a save or delete: the month (this entry replaced), its events reloaded. */
  const backToCalendar = () => {
    go(NO_VIEW, "replace");
    void reload(timeZone);
  };
  const closePopup = () => {
    const after = popup?.onClose;
    setPopup(null);
    after?.();
  };
  const activeKeys = keys.filter((k) => k.status === "active");

  return (
    <section aria-labelledby="calendar-top" className="mx-auto max-w-6xl">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 id="calendar-top" tabIndex={-1} className="text-2xl font-semibold text-slate-900">
          {props.title}
        </h1>
        <CalendarActions
          initialSearch={params.q ?? ""}
          onSearch={(q) => go({ ...NO_VIEW, q }, view.kind === "search" ? "replace" : "push")}
          onAdd={props.canManage ? () => openAddForm(todayIn(timeZone)) : undefined}
          onSubscribe={() => setPanel("feed")}
          onChooseKeys={props.canChooseKeys ? () => setPanel("keys") : undefined}
        />
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

      <MonthView
        hidden={view.kind !== "calendar"}
        initialDate={props.initialDate}
        today={props.today}
        serverTimeZone={props.timeZone}
        timeZone={timeZone}
        events={shownEvents}
        keys={activeKeys}
        hiddenKeys={hiddenKeys}
        onToggleKey={toggleKey}
        loading={loading}
        onRange={load}
        onRefresh={() => {
          setNotice(null);
          void reload(timeZone);
        }}
        month={params.month}
        onMonth={(month, mode) => go({ month }, mode)}
        onOpen={(occurrence) => openEvent(occurrence.id, occurrence)}
        onAddDay={props.canManage ? openAddForm : undefined}
      />

      {view.kind === "search" && (
        <SearchResults
          query={view.query}
          results={results}
          timeZone={timeZone}
          seeStatus={props.seeStatus}
          onBack={() => back({ q: null })}
          onOpen={(occurrence) => openEvent(occurrence.id)}
        />
      )}

      {view.kind === "detail" && wanted && (
        <EventDetailView
          event={withClicked(wanted, clicked.get(wanted.id))}
          timeZone={timeZone}
          canManage={props.canManage}
          seeStatus={props.seeStatus}
          onBack={() => back({ event: null })}
          onEdit={() => go({ edit: wanted.id, event: null })}
          onDeleted={() => {
            forget(wanted.id);
            backToCalendar();
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
            back(view.id ? { edit: null, event: view.id } : { add: null });
            void reload(timeZone);
          }}
          onUpdated={(message) => {
            if (view.id) forget(view.id);
            setNotice(message);
            backToCalendar();
          }}
          onFailed={backToCalendar}
        />
      )}

      {panel === "feed" && <FeedPanel keys={activeKeys} onClose={() => setPanel(null)} />}
      {panel === "keys" && (
        <PageKeysPanel
          menuId={props.menu.id}
          keys={props.allKeys}
          chosen={pageKeyIds}
          onClose={() => setPanel(null)}
          onSaved={(ids) => {
            setPageKeyIds(ids);
            setPanel(null);
            setHiddenKeys(new Set());
            void reload(timeZone);
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

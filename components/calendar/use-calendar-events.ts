"use client";

import { useCallback, useEffect, useEffectEvent, useRef, useState } from "react";
import type { ApiEventDetail, CalendarItem, CalendarKey } from "@/lib/calendar/types";
import { unpackItems, type PackedItems } from "@/lib/calendar/pack";
import { fetchEvent, fetchEvents, searchEventsApi } from "./client-api";

type Range = { start: string; end: string };
/** A failed read's message for the page's popup (an abort is no failure). */
type OnError = (message: string) => void;

const isAbort = (err: unknown) => err instanceof DOMException && err.name === "AbortError";
const messageOf = (err: unknown) => (err instanceof Error ? err.message : String(err));

/**
 * The shown window's occurrences and the legend's keys: the server's first month, then each window the
 * grid asks for (`load`; a newer one aborts an older) or the same again (`reload`).
 */
export function useCalendarEvents(opts: {
  initialEvents: PackedItems;
  initialKeys: CalendarKey[];
  initialRange: Range;
  slug: string;
  onError: OnError;
}) {
  const [events, setEvents] = useState(() => unpackItems(opts.initialEvents));
  const [keys, setKeys] = useState(opts.initialKeys);
  const [loading, setLoading] = useState(false);
  const rangeRef = useRef(opts.initialRange);
  const abortRef = useRef<AbortController | null>(null);
  // The latest handler, for a load that fails after a re-render (load itself stays the same function).
  const onError = useRef(opts.onError);
  useEffect(() => {
    onError.current = opts.onError;
  });
  const { slug } = opts;

  const load = useCallback(
    async (range: Range, timeZone: string) => {
      abortRef.current?.abort();
      const ctrl = new AbortController();
      abortRef.current = ctrl;
      rangeRef.current = range;
      setLoading(true);
      try {
        const content = await fetchEvents(range, timeZone, slug, ctrl.signal);
        setEvents(content.events);
        setKeys(content.keys);
      } catch (err) {
        if (!isAbort(err)) onError.current(messageOf(err));
      } finally {
        if (abortRef.current === ctrl) setLoading(false);
      }
    },
    [slug],
  );

  const reload = useCallback((timeZone: string) => load(rangeRef.current, timeZone), [load]);

  return { events, keys, loading, load, reload };
}

/** The calendar page's events matching `query` (null: no search), each once; null while they load. */
export function useEventSearch(query: string | null, slug: string, onError: OnError) {
  const [found, setFound] = useState<{ query: string; results: CalendarItem[] } | null>(null);
  const failed = useEffectEvent(onError);
  useEffect(() => {
    if (!query) return;
    const ctrl = new AbortController();
    searchEventsApi(query, slug, ctrl.signal)
      .then((content) => setFound({ query, results: content.events }))
      .catch((err: unknown) => {
        if (!isAbort(err)) failed(messageOf(err));
      });
    return () => ctrl.abort();
  }, [query, slug]);
  return found && found.query === query ? found.results : null;
}

/**
 * Event details by id (the detail and the edit form read them): `event` is the one `id` names, loaded
 * when not loaded yet (undefined until then); `forget` drops one after a change.
 */
export function useEventDetail(id: number | null, onError: OnError) {
  const [details, setDetails] = useState<ReadonlyMap<number, ApiEventDetail>>(() => new Map());
  const event = id ? details.get(id) : undefined;
  const failed = useEffectEvent(onError);
  useEffect(() => {
    if (!id || event) return;
    const ctrl = new AbortController();
    fetchEvent(id, ctrl.signal)
      .then((loaded) => setDetails((prev) => new Map(prev).set(loaded.id, loaded)))
      .catch((err: unknown) => {
        if (!isAbort(err)) failed(messageOf(err));
      });
    return () => ctrl.abort();
  }, [id, event]);
  const forget = useCallback(
    (forgotten: number) =>
      setDetails((prev) => {
        const next = new Map(prev);
        next.delete(forgotten);
        return next;
      }),
    [],
  );
  return { event, forget };
}

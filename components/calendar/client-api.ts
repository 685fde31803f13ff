import type { ApiCalendarKey, ApiEventDetail, CalendarItem } from "@/lib/calendar/types";
import { ApiCallError, callV1 } from "@/lib/api/client";

export { ApiCallError };

const getJson = <T>(path: string, signal?: AbortSignal) => callV1<T>(path, { signal });

export type EventsContent = { events: CalendarItem[]; keys: ApiCalendarKey[] };

/** Occurrences in a window of a calendar page (`slug`: its keys). Naive dates are read in `timeZone`. */
export function fetchEvents(
  range: { start: string; end: string },
  timeZone: string,
  slug: string,
  signal?: AbortSignal,
) {
  const q = new URLSearchParams({
    start_date: range.start,
    end_date: range.end,
    time_zone: timeZone,
    fields: "calendar",
    slug,
  });
  return getJson<EventsContent>(`/api/v1/getevents?${q}`, signal);
}

export function searchEventsApi(text: string, slug: string, signal?: AbortSignal) {
  return getJson<EventsContent>(
    `/api/v1/getevents?${new URLSearchParams({ search: text, fields: "calendar", slug })}`,
    signal,
  );
}

export async function fetchEvent(id: number, signal?: AbortSignal): Promise<ApiEventDetail> {
  const content = await getJson<{ events: ApiEventDetail[] }>(`/api/v1/getevent?id=${id}`, signal);
  const [event] = content.events;
  if (!event) throw new ApiCallError("Event not found.", 404);
  return event;
}

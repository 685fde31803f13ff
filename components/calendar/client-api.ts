import type { ApiEventDetail, CalendarContent } from "@/lib/calendar/types";
import { ApiCallError, callV1 } from "@/lib/api/client";

export { ApiCallError };

const getJson = <T>(path: string, signal?: AbortSignal) => callV1<T>(path, { signal });

/** The calendar's own read (app/api/calendar/events). */
const readCalendar = (params: Record<string, string>, signal?: AbortSignal) =>
  getJson<CalendarContent>(`/api/calendar/events?${new URLSearchParams(params)}`, signal);

/** Occurrences in a window of a calendar page (`slug`: its keys). Naive dates are read in `timeZone`. */
export function fetchEvents(
  range: { start: string; end: string },
  timeZone: string,
  slug: string,
  signal?: AbortSignal,
) {
  return readCalendar({ start: range.start, end: range.end, timeZone, slug }, signal);
}

/** The calendar page's events matching `text`, each once. */
export function searchEventsApi(text: string, slug: string, signal?: AbortSignal) {
  return readCalendar({ q: text, slug }, signal);
}

export async function fetchEvent(id: number, signal?: AbortSignal): Promise<ApiEventDetail> {
  const content = await getJson<{ events: ApiEventDetail[] }>(`/api/v1/getevent?id=${id}`, signal);
  const [event] = content.events;
  if (!event) throw new ApiCallError("Event not found.", 404);
  return event;
}

import type { ApiCalendarKey, ApiEventDetail, CalendarItem } from "@/lib/calendar/types";
import { portalFetch } from "@/lib/auth/session-ended";

/** A failed v1 call: the server's message (or the old portal's text when the server cannot be reached). */
export class ApiCallError extends Error {
  constructor(
    message: string,
    public status: number,
  ) {
    super(message);
  }
}

async function getJson<T>(path: string, signal?: AbortSignal): Promise<T> {
  let res: Response;
  try {
    res = await portalFetch(path, { headers: { accept: "application/json" }, signal });
  } catch (err) {
    if (err instanceof DOMException && err.name === "AbortError") throw err;
    throw new ApiCallError("Remote server can not be reachable", 0);
  }
  const body = (await res.json().catch(() => null)) as { code: number; message: string; content: T } | null;
  if (!res.ok || !body) throw new ApiCallError(body?.message || `Request failed (${res.status}).`, res.status);
  return body.content;
}

export type EventsContent = { events: CalendarItem[]; keys: ApiCalendarKey[] };

/** Occurrences in a window. Naive dates are read in `timeZone` (the calendar's zone). */
export function fetchEvents(range: { start: string; end: string }, timeZone: string, signal?: AbortSignal) {
  const q = new URLSearchParams({ start_date: range.start, end_date: range.end, time_zone: timeZone, fields: "calendar" });
  return getJson<EventsContent>(`/api/v1/getevents?${q}`, signal);
}

export function searchEventsApi(text: string, signal?: AbortSignal) {
  return getJson<EventsContent>(`/api/v1/getevents?${new URLSearchParams({ search: text, fields: "calendar" })}`, signal);
}

export async function fetchEvent(id: number, signal?: AbortSignal): Promise<ApiEventDetail> {
  const content = await getJson<{ events: ApiEventDetail[] }>(`/api/v1/getevent?id=${id}`, signal);
  const [event] = content.events;
  if (!event) throw new ApiCallError("Event not found.", 404);
  return event;
}

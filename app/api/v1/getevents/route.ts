import { withApi } from "@/lib/api/with-api";
import { ok } from "@/lib/api/envelope";
import { roleCan } from "@/lib/auth/roles";
import { getEventsQuery, windowFromQuery } from "@/lib/calendar/api";
import { listCalendarKeys, listOccurrences, searchEvents } from "@/lib/calendar/queries";
import { toApiKey, toApiOccurrence } from "@/lib/calendar/serialize";

/**
 * GET /api/v1/getevents?start_date=&end_date=&offset_minutes=&id= : the occurrences in the window
 * (recurring series expanded), or with `search=` the matching events, each once. content.events and
 * content.keys (the active calendar keys). Inactive events only for roles that see event status.
 */
export const GET = withApi({}, { query: getEventsQuery }, async ({ user, query }) => {
  const includeInactive = roleCan(user.roleId, "seeEventStatus");
  const offset = query.offset_minutes ?? null;
  const keys = (await listCalendarKeys({ status: "active" })).map(toApiKey);
  if (query.search) {
    const rows = await searchEvents({ q: query.search, includeInactive });
    return ok({ events: rows.map((r) => toApiOccurrence(r, offset)), keys, search: query.search });
  }
  const window = windowFromQuery(query);
  const rows = await listOccurrences({ ...window, includeInactive, keyId: query.id || undefined });
  return ok({ events: rows.map((r) => toApiOccurrence(r, offset)), keys, start: window.start.toISOString(), end: window.end.toISOString() });
});

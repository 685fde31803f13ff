import { withApi } from "@/lib/api/with-api";
import { ok } from "@/lib/api/envelope";
import { roleCan } from "@/lib/auth/roles";
import { getEventsQuery, windowFromQuery } from "@/lib/calendar/api";
import { listCalendarKeys, listOccurrences, searchEvents } from "@/lib/calendar/queries";
import { toApiKey, toApiOccurrence, toCalendarItem } from "@/lib/calendar/serialize";

/**
 * GET /api/v1/getevents?start_date=&end_date=&offset_minutes=&id= : the occurrences in the window
 * (recurring series expanded), or with `search=` the matching events, each once. content.events and
 * content.keys (the active calendar keys). `fields=calendar` answers the lean shape the portal draws.
 * Inactive events only for roles that see event status.
 */
export const GET = withApi({}, { query: getEventsQuery }, async ({ user, query }) => {
  const includeInactive = roleCan(user.roleId, "seeEventStatus");
  const offset = query.offset_minutes ?? null;
  const shape = query.fields === "calendar" ? toCalendarItem : (r: Parameters<typeof toApiOccurrence>[0]) => toApiOccurrence(r, offset);
  const keys = (await listCalendarKeys({ status: "active" })).map(toApiKey);
  if (query.search) {
    const rows = await searchEvents({ q: query.search, includeInactive });
    return ok({ events: rows.map(shape), keys, search: query.search });
  }
  const window = windowFromQuery(query);
  const rows = await listOccurrences({ ...window, includeInactive, keyId: query.id || undefined });
  return ok({ events: rows.map(shape), keys, start: window.start.toISOString(), end: window.end.toISOString() });
});

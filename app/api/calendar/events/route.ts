import { withApi } from "@/lib/api/with-api";
import { ok, okJson } from "@/lib/api/envelope";
import { AppError } from "@/lib/errors";
import { roleCan } from "@/lib/auth/roles";
import { listCalendarKeyIdsOfSlug, listCalendarKeys, searchEvents } from "@/lib/calendar/queries";
import { calendarEventsQuery } from "@/lib/calendar/schemas";
import { toInstant } from "@/lib/dates/wall";
import { toCalendarItem } from "@/lib/calendar/pack";
import { windowOf } from "@/lib/calendar/range";
import { windowContentJson } from "@/lib/calendar/window";
import type { CalendarContent } from "@/lib/calendar/types";

/**
 * GET /api/calendar/events?slug=&start=&end=&timeZone= : the portal calendar's own read (any signed-in
 * user; inactive events only for roles that see event status), in its own shape (CalendarContent):
 * the occurrences in the window of the calendar page `slug` and its legend's keys; with `q=` the
 * matching events instead, each once. The v1 getevents call stays for old clients, in their names.
 */
export const GET = withApi({}, { query: calendarEventsQuery }, async ({ user, query }) => {
  const includeInactive = roleCan(user.roleId, "seeEventStatus");
  const keyIds = await listCalendarKeyIdsOfSlug({ slug: query.slug });
  if (!keyIds) throw new AppError(404, "Calendar not found.");
  if (query.q) {
    const [rows, keys] = await Promise.all([
      searchEvents({ q: query.q, includeInactive, keyIds }),
      listCalendarKeys({ status: "active" }),
    ]);
    const content: CalendarContent = {
      events: rows.map(toCalendarItem),
      keys: keyIds.length ? keys.filter((k) => keyIds.includes(k.id)) : keys,
    };
    return ok(content);
  }
  const window = windowOf(query, (v) => toInstant(v, query.timeZone), { start: "start", end: "end" });
  return okJson(await windowContentJson({ ...window, includeInactive, keyIds, offsetMinutes: null, shape: "portal" }));
});

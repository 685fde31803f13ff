import { withApi } from "@/lib/api/with-api";
import { ok } from "@/lib/api/envelope";
import { AppError } from "@/lib/errors";
import { roleCan } from "@/lib/auth/roles";
import { getEventsQuery, windowFromQuery, toApiKey, toApiOccurrence } from "@/lib/calendar/api";
import { listCalendarKeyIdsOfSlug, listCalendarKeys, searchEvents } from "@/lib/calendar/queries";
import { okJson } from "@/lib/api/envelope";
import { windowContentJson } from "@/lib/calendar/window";

/**
 * GET /api/v1/getevents?start_date=&end_date=&offset_minutes=&id= : the occurrences in the window
 * (recurring series expanded), or with `search=` the matching events, each once. content.events and
 * content.keys (the active calendar keys), in the old portal's names (the portal's own calendar reads
 * app/api/calendar/events). Inactive events only for roles that see event status. `slug=` (a calendar page's) limits both to the
 * calendar keys that page shows.
 */
export const GET = withApi({}, { query: getEventsQuery }, async ({ user, query }) => {
  const includeInactive = roleCan(user.roleId, "seeEventStatus");
  const offset = query.offset_minutes ?? null;
  const keyIds = query.slug ? await listCalendarKeyIdsOfSlug({ slug: query.slug }) : null;
  if (query.slug && !keyIds) throw new AppError(404, "Calendar not found.");
  if (query.search) {
    const [rows, keys] = await Promise.all([
      searchEvents({ q: query.search, includeInactive, keyIds: keyIds ?? undefined }),
      listCalendarKeys({ status: "active" }),
    ]);
    const shown = keyIds?.length ? keys.filter((k) => keyIds.includes(k.id)) : keys;
    return ok({ events: rows.map((r) => toApiOccurrence(r, offset)), keys: shown.map(toApiKey), search: query.search });
  }
  const window = windowFromQuery(query);
  const json = await windowContentJson({
    ...window,
    includeInactive,
    keyId: query.id || undefined,
    keyIds: keyIds ?? undefined,
    offsetMinutes: offset,
    shape: "v1",
  });
  return okJson(json);
});

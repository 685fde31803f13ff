import { withApi } from "@/lib/api/with-api";
import { ok } from "@/lib/api/envelope";
import { meetingListQuery, toApiKey } from "@/lib/calendar/api";
import { listCalendarKeys } from "@/lib/calendar/queries";

/** GET /api/v1/get_meeting_list?id=0&status=active : calendar keys (value, text, color_code_obj, status). */
export const GET = withApi({}, { query: meetingListQuery }, async ({ query }) => {
  const keys = await listCalendarKeys({
    id: query.id || undefined,
    status: query.status === "all" ? undefined : query.status,
  });
  return ok(keys.map(toApiKey));
});

import { withApi } from "@/lib/api/with-api";
import { ok } from "@/lib/api/envelope";
import { getTimeOff } from "@/lib/forms/time-off/queries";
import { toApiTimeOff } from "@/lib/forms/time-off/api";
import { recordIdQuery } from "@/lib/data-table/list-body";

/** GET /api/v1/time-off-request/get?id=: one request (staff: their own only, else 404). */
export const GET = withApi({}, { query: recordIdQuery }, async ({ user, query }) =>
  ok(toApiTimeOff(await getTimeOff(query.id, user))),
);

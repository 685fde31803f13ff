import { withApi } from "@/lib/api/with-api";
import { ok } from "@/lib/api/envelope";
import { deleteEventsBody } from "@/lib/calendar/api";
import { deleteEvents } from "@/lib/calendar/mutations";

/** DELETE /api/v1/deleteevents { deleteArr: [ids] } (roles 1 and 2). */
export const DELETE = withApi(
  { capability: "manageEvents" },
  { body: deleteEventsBody },
  async ({ user, body, requestId }) => {
    const deleted = await deleteEvents(body.deleteArr, user, { requestId });
    return ok({ deleted }, "You successfully deleted the record(s).");
  },
);

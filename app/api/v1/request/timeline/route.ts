import { withApi } from "@/lib/api/with-api";
import { ok } from "@/lib/api/envelope";
import { timelineQuery } from "@/lib/requests/schemas";
import { getTimeline } from "@/lib/requests/queries";
import { API_FORMS } from "@/lib/requests/transitions";

/** GET /api/v1/request/timeline?form=&id=: a request's status and steps (404 for another person's request as staff). */
export const GET = withApi({}, { query: timelineQuery }, async ({ user, query }) =>
  ok(await getTimeline(API_FORMS[query.form], query.id, user)),
);

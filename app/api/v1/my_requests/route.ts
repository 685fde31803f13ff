import { withApi } from "@/lib/api/with-api";
import { ok } from "@/lib/api/envelope";
import { myRequestsQuery } from "@/lib/requests/schemas";
import { listMyRequests } from "@/lib/requests/queries";

/** GET /api/v1/my_requests?form=&status=&page=&size=: the caller's own requests of every staff form, latest change first. */
export const GET = withApi({}, { query: myRequestsQuery }, async ({ user, query }) =>
  ok(await listMyRequests(user, query)),
);

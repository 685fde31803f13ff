import { withApi } from "@/lib/api/with-api";
import { ok } from "@/lib/api/envelope";
import { getRoReversal } from "@/lib/forms/ro-reversal/queries";
import { toApiRoReversal } from "@/lib/forms/ro-reversal/api";
import { recordIdQuery } from "@/lib/data-table/list-body";

/** GET /api/v1/ro-reversal-request/get?id=: one request (staff: their own only, else 403). */
export const GET = withApi({}, { query: recordIdQuery }, async ({ user, query }) =>
  ok(toApiRoReversal(await getRoReversal(query.id, user))),
);

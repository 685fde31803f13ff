import { withApi } from "@/lib/api/with-api";
import { ok } from "@/lib/api/envelope";
import { approvalsQuery } from "@/lib/requests/schemas";
import { listApprovals } from "@/lib/requests/queries";

/**
 * GET /api/v1/approvals?form=&location=&status=&page=&size=: the requests the caller may decide (the
 * approvers' inbox, the same rows as /approvals), oldest due first. Anyone signed in: a user with nothing
 * to decide gets an empty list.
 */
export const GET = withApi({}, { query: approvalsQuery }, async ({ user, query }) =>
  ok(await listApprovals(user, query)),
);

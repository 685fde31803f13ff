import { withApi } from "@/lib/api/with-api";
import { ok } from "@/lib/api/envelope";
import { approvalsQuery } from "@/lib/requests/schemas";
import { listApprovals } from "@/lib/requests/approvals";

/**
 * GET /api/v1/approvals?form=&location=&status=&page=&size=: the requests the caller may decide now, across every
 * staff form, the oldest due first (the /approvals screen's rows). Those who decide no requests get the 403.
 */
export const GET = withApi({ capability: "decideRequests" }, { query: approvalsQuery }, async ({ user, query }) =>
  ok(await listApprovals(user, query)),
);

import { withApi } from "@/lib/api/with-api";
import { ok } from "@/lib/api/envelope";
import { publicBaseUrl } from "@/lib/files/links";
import { roReversalApiBody } from "@/lib/forms/ro-reversal/schemas";
import { saveRoReversal } from "@/lib/forms/ro-reversal/mutations";

/**
 * POST /api/v1/ro-reversal-request/add/update: the payload's names as written (`empolyee_name`,
 * `howMuchTimeBilled`...); with `id` an edit of the fields the body names (its requester while open,
 * administrators; lib/requests/edit-rules.ts), laid over the request as stored once the save holds its
 * lock. Saves and queues the mail in one transaction; `content.routed` is false when no form email
 * mapping covered the location.
 */
export const POST = withApi({}, { body: roReversalApiBody }, async ({ user, body }) => {
  const saved = await saveRoReversal(roReversalApiBody.submission(body), user, { baseUrl: publicBaseUrl() });
  return ok(saved, body.id ? "RO Reversal Request Updated Successfully" : "RO Reversal Request Added Successfully");
});

import { withApi } from "@/lib/api/with-api";
import { ok } from "@/lib/api/envelope";
import { publicBaseUrl } from "@/lib/files/links";
import { uniformAddUpdateBody } from "@/lib/forms/uniform/api";
import { UNIFORM_SAVED, saveUniformRequest } from "@/lib/forms/uniform/mutations";

/**
 * POST /api/v1/uniform/request/add/update (every signed-in user): a uniform request with the old portal's
 * names (`empolyee_first_name`, `re_order`, `text`, ...). `manager_email` is not taken from the body:
 * the location's own is recorded. An `id` updates the fields the body names (its requester while open,
 * administrators), laid over the request as stored once the save holds
 * its lock.
 */
export const POST = withApi({}, { body: uniformAddUpdateBody }, async ({ user, body, requestId }) => {
  const saved = await saveUniformRequest(uniformAddUpdateBody.submission(body), user, {
    requestId,
    baseUrl: publicBaseUrl(),
  });
  return ok({ id: saved.id, routed: saved.routed }, UNIFORM_SAVED);
});

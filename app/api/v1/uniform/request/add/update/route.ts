import { withApi } from "@/lib/api/with-api";
import { ok } from "@/lib/api/envelope";
import { AppError } from "@/lib/errors";
import { publicBaseUrl } from "@/lib/files/links";
import { uniformAddUpdateBody } from "@/lib/forms/uniform/api";
import { uniformFormValues } from "@/lib/forms/uniform/columns";
import { getUniformRequest } from "@/lib/forms/uniform/queries";
import { UNIFORM_NOT_FOUND, UNIFORM_SAVED, saveUniformRequest } from "@/lib/forms/uniform/mutations";

/**
 * POST /api/v1/uniform/request/add/update (every signed-in user): a uniform request with the spec's
 * names (`empolyee_first_name`, `re_order`, `text`, ...). `manager_email` is not taken from the body:
 * the location's own is recorded. An `id` updates the fields the body names (its requester while open,
 * administrators).
 */
export const POST = withApi({}, { body: uniformAddUpdateBody }, async ({ user, body, requestId }) => {
  const values = await uniformAddUpdateBody.resolve(body, async (id) => {
    const row = await getUniformRequest(id, user);
    if (!row) throw new AppError(404, UNIFORM_NOT_FOUND);
    return uniformFormValues(row);
  });
  const saved = await saveUniformRequest(values, user, { requestId, baseUrl: publicBaseUrl() });
  return ok({ id: saved.id, routed: saved.routed }, UNIFORM_SAVED);
});

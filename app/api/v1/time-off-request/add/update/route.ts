import { withApi } from "@/lib/api/with-api";
import { ok } from "@/lib/api/envelope";
import { publicBaseUrl } from "@/lib/files/links";
import { timeOffApiBody } from "@/lib/forms/time-off/schemas";
import { saveTimeOff } from "@/lib/forms/time-off/mutations";

/**
 * POST /api/v1/time-off-request/add/update: `date_from`, `date_to` (YYYY-MM-DD), `half_day`, `type`,
 * `location`, `note`; with `id` an edit of the fields the body names (its requester while open,
 * administrators; lib/requests/edit-rules.ts), laid over the request as stored once the save holds its
 * lock. Saves and queues the mail in one transaction; `content.routed` is false when no form email
 * mapping covered the location.
 */
export const POST = withApi({}, { body: timeOffApiBody }, async ({ user, body }) => {
  const saved = await saveTimeOff(timeOffApiBody.submission(body), user, { baseUrl: publicBaseUrl() });
  return ok(saved, body.id ? "Time-off Request Updated Successfully" : "Time-off Request Added Successfully");
});

import { z } from "zod";
import { withApi } from "@/lib/api/with-api";
import { ok } from "@/lib/api/envelope";
import { acknowledgePost } from "@/lib/content/must-read/mutations";
import { idSchema } from "@/lib/content/schemas";

const body = z.object({ salesId: z.coerce.number({ error: "The post id is required." }).pipe(idSchema) });

/**
 * POST /api/v1/acknowledge {salesId}: 'I have read and understood this' on a must-read post addressed
 * to the caller; once (a second call answers the first time, records nothing). 404 when the post is
 * not a must-read for the caller now (nothing recorded).
 */
export const POST = withApi({}, { body }, async ({ user, body }) => {
  const { acknowledgedAt, created } = await acknowledgePost(body.salesId, user);
  return ok(
    { salesId: body.salesId, acknowledged: true, acknowledged_at: acknowledgedAt.toISOString(), created },
    created ? "Acknowledged" : "Already acknowledged",
  );
});

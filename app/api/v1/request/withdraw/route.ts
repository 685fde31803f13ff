import { withApi } from "@/lib/api/with-api";
import { ok } from "@/lib/api/envelope";
import { withdrawSchema } from "@/lib/requests/schemas";
import { decide } from "@/lib/requests/mutations";
import { API_FORMS } from "@/lib/requests/transitions";

/**
 * POST /api/v1/request/withdraw {form, id, comment?, expected_status?}: the requester withdraws their own request
 * while nobody has decided it (Submitted, Needs information, Under review; docs/features/requests.md). 404 for a
 * request the caller may not open, 403 for someone else's, 409 once it is decided (or withdrawn).
 */
export const POST = withApi({}, { body: withdrawSchema }, async ({ user, body, requestId }) =>
  ok(
    await decide(API_FORMS[body.form], body.id, "withdraw", body.comment, user, {
      expected: body.expected_status,
      requestId,
    }),
  ),
);

import { withApi } from "@/lib/api/with-api";
import { ok } from "@/lib/api/envelope";
import { decideSchema } from "@/lib/requests/schemas";
import { decide } from "@/lib/requests/mutations";
import { API_FORMS } from "@/lib/requests/transitions";

/**
 * POST /api/v1/request/decide {form, id, decision, comment, expected_status?}: decides one staff request
 * (lib/requests/mutations.ts). 403 for staff and for whoever may not decide it (their own, a location not
 * mapped to them); 422 for a missing reason or a transition the workflow lacks; 409 when someone else
 * decided it a moment earlier (content names who, how and when).
 */
export const POST = withApi({}, { body: decideSchema }, async ({ user, body, requestId }) =>
  ok(
    await decide(API_FORMS[body.form], body.id, body.decision, body.comment, user, {
      expected: body.expected_status,
      requestId,
      files: body.files,
    }),
  ),
);

import { withApi } from "@/lib/api/with-api";
import { ok } from "@/lib/api/envelope";
import { deleteRecordsBody } from "@/lib/data-table/list-body";
import { deleteTexts } from "@/lib/forms/delete-texts";
import { suggestionList } from "@/lib/forms/suggestions/queries";
import { SUGGESTION_WHAT } from "@/lib/forms/suggestions/columns";

/**
 * DELETE /api/v1/continuous/improvement/suggestions/delete: `deleteArr`. Roles 1 and 2 delete any
 * suggestion, others only their own (ids they may not see are skipped; none left is a 404).
 */
export const DELETE = withApi({}, { body: deleteRecordsBody }, async ({ user, body, requestId }) => {
  const { deleted } = await suggestionList.remove({ ids: body.deleteArr, user, requestId });
  return ok({ deleted }, deleteTexts(SUGGESTION_WHAT).done);
});

import { withApi } from "@/lib/api/with-api";
import { ok } from "@/lib/api/envelope";
import { AppError } from "@/lib/errors";
import { recordIdQuery } from "@/lib/data-table/list-body";
import { toApiSuggestion } from "@/lib/forms/suggestions/api";
import { getSuggestion } from "@/lib/forms/suggestions/queries";

/** GET /api/v1/continuous/improvement/suggestions/get?id= : one suggestion the user may see, else 404. */
export const GET = withApi({}, { query: recordIdQuery }, async ({ user, query }) => {
  const row = await getSuggestion(query.id, user);
  if (!row) throw new AppError(404, "No such suggestion.");
  return ok(toApiSuggestion(row));
});

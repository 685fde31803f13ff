import { withApi } from "@/lib/api/with-api";
import { ok } from "@/lib/api/envelope";
import { AppError } from "@/lib/errors";
import { publicBaseUrl } from "@/lib/files/links";
import { suggestionAddUpdateBody } from "@/lib/forms/suggestions/api";
import { suggestionFormValues } from "@/lib/forms/suggestions/columns";
import { getSuggestion } from "@/lib/forms/suggestions/queries";
import { SUGGESTION_NOT_FOUND, SUGGESTION_SAVED, saveSuggestion } from "@/lib/forms/suggestions/mutations";

/**
 * POST /api/v1/continuous/improvement/suggestions/add/update: a suggestion with the spec's names
 * (`how_will_it_benefit_the_business`, ...); with `id`, an update of the fields the body names (its
 * requester while open, administrators).
 */
export const POST = withApi({}, { body: suggestionAddUpdateBody }, async ({ user, body, requestId }) => {
  const values = await suggestionAddUpdateBody.resolve(body, async (id) => {
    const row = await getSuggestion(id, user);
    if (!row) throw new AppError(404, SUGGESTION_NOT_FOUND);
    return suggestionFormValues(row);
  });
  const saved = await saveSuggestion(values, user, { requestId, baseUrl: publicBaseUrl() });
  return ok({ id: saved.id, routed: saved.routed }, SUGGESTION_SAVED);
});

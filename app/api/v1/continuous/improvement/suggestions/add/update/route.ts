import { withApi } from "@/lib/api/with-api";
import { ok } from "@/lib/api/envelope";
import { publicBaseUrl } from "@/lib/files/links";
import { suggestionAddUpdateBody } from "@/lib/forms/suggestions/api";
import { SUGGESTION_SAVED, saveSuggestion } from "@/lib/forms/suggestions/mutations";

/**
 * POST /api/v1/continuous/improvement/suggestions/add/update: a suggestion with the old portal's names
 * (`how_will_it_benefit_the_business`, ...); with `id`, an update of the fields the body names (its
 * requester while open, administrators), laid over the request as stored once the save holds
 * its lock.
 */
export const POST = withApi({}, { body: suggestionAddUpdateBody }, async ({ user, body, requestId }) => {
  const saved = await saveSuggestion(suggestionAddUpdateBody.submission(body), user, {
    requestId,
    baseUrl: publicBaseUrl(),
  });
  return ok({ id: saved.id, routed: saved.routed }, SUGGESTION_SAVED);
});

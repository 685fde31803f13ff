import { withApi } from "@/lib/api/with-api";
import { listRoute } from "@/app/api/_lib/list-routes";
import { suggestionListBody, toApiSuggestionRow } from "@/lib/forms/suggestions/api";
import { suggestionList } from "@/lib/forms/suggestions/queries";

/**
 * POST /api/v1/continuous/improvement/suggestions/list (signed-in; roles 1 and 2 see every suggestion,
 * others their own): `content.row`, `content.totalRecords`; with `is_export`, 'success export' and the
 * download link in `content.web`.
 */
export const POST = withApi({}, { body: suggestionListBody }, listRoute(suggestionList, toApiSuggestionRow));

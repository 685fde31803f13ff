import { withApi } from "@/lib/api/with-api";
import { ok } from "@/lib/api/envelope";
import { publicBaseUrl } from "@/lib/files/service";
import { suggestionListBody, toApiSuggestionRow } from "@/lib/forms/suggestions/api";
import { suggestionList } from "@/lib/forms/suggestions/list";

/**
 * POST /api/v1/continuous/improvement/suggestions/list (signed-in; roles 1 and 2 see every suggestion,
 * others their own): `content.row`, `content.totalRecords`; with `is_export`, 'success export' and the
 * download link in `content.web`.
 */
export const POST = withApi({}, { body: suggestionListBody }, async ({ req, user, body }) => {
  const out = await suggestionList.answer({ state: body.state, exportAs: body.exportAs, ids: body.ids, user, baseUrl: publicBaseUrl(req) });
  if (out.export) return ok({ web: out.web }, "success export");
  return ok({ row: out.page.rows.map(toApiSuggestionRow), totalRecords: out.page.total, page: out.page.page, perPage: out.page.size });
});

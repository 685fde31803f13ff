import { withApi } from "@/lib/api/with-api";
import { ok } from "@/lib/api/envelope";
import { publicBaseUrl } from "@/lib/files/service";
import { toApiUniform, uniformListBody } from "@/lib/forms/uniform/api";
import { listUniformRequests, uniformList } from "@/lib/forms/uniform/list";
import { UNIFORM_QUERY } from "@/lib/forms/uniform/queries";
import { assertTableState } from "@/lib/data-table/query";

/**
 * POST /api/v1/uniform/request/list (roles 1 and 2): one page of uniform requests, `content.row` and
 * `content.totalRecords`, limited to `from_date`..`to_date` when given; with `is_export`, message
 * 'success export' and a short-lived download link in `content.web` (of the filtered list, or of `ids`).
 */
export const POST = withApi({ capability: "listUniformRequests" }, { body: uniformListBody }, async ({ req, user, body }) => {
  assertTableState(UNIFORM_QUERY, body.state);
  if (body.exportAs) {
    const web = uniformList.signExport({ userId: user.id, f: body.exportAs, q: body.state.filters, o: body.state.sort, i: body.ids }, publicBaseUrl(req));
    return ok({ web }, "success export");
  }
  const list = await listUniformRequests(body.state);
  return ok({ row: list.rows.map(toApiUniform), totalRecords: list.total, page: list.page, perPage: list.size });
});

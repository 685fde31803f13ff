import { withApi } from "@/lib/api/with-api";
import { toApiUniform, uniformListBody } from "@/lib/forms/uniform/api";
import { uniformList } from "@/lib/forms/uniform/queries";
import { listRoute } from "@/app/api/_lib/list-routes";

/**
 * POST /api/v1/uniform/request/list (roles 1 and 2): one page of uniform requests, `content.row` and
 * `content.totalRecords`, limited to `from_date`..`to_date` when given; with `is_export`, message
 * 'success export' and a short-lived download link in `content.web` (of the filtered list, or of `ids`).
 */
export const POST = withApi(
  { capability: "listUniformRequests" },
  { body: uniformListBody },
  listRoute(uniformList, toApiUniform),
);

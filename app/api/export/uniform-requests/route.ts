import { withApi } from "@/lib/api/with-api";
import { uniformList } from "@/lib/forms/uniform/queries";
import { exportRoute } from "@/app/api/_lib/list-routes";

/**
 * GET /api/export/uniform-requests?... (roles 1 and 2): the CSV or XLSX behind a signed link from the
 * uniform list call or the export call, streamed from keyset batches, valid only for its user.
 */
export const GET = withApi({ capability: "listUniformRequests" }, {}, exportRoute(uniformList));

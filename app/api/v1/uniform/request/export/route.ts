import { withApi } from "@/lib/api/with-api";
import { ok } from "@/lib/api/envelope";
import { publicBaseUrl } from "@/lib/files/links";
import { uniformExportBody } from "@/lib/forms/uniform/api";
import { uniformList } from "@/lib/forms/uniform/queries";
import { UNIFORM_DEFAULT_SORT } from "@/lib/forms/uniform/columns";

/**
 * POST /api/v1/uniform/request/export (roles 1 and 2): 'Export N record(s)' of a selection,
 * `technician_uniform_id_arr`; answers 'success export' with the download link in `content.web`.
 */
export const POST = withApi(
  { capability: "listUniformRequests" },
  { body: uniformExportBody },
  async ({ user, body }) => {
    const web = uniformList.signExport(
      { userId: user.id, f: body.format ?? "csv", q: {}, o: UNIFORM_DEFAULT_SORT, i: body.technician_uniform_id_arr },
      publicBaseUrl(),
    );
    return ok({ web }, "success export");
  },
);

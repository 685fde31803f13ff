import { withApi } from "@/lib/api/with-api";
import { ok } from "@/lib/api/envelope";
import { assertTableState } from "@/lib/data-table/query";
import { publicBaseUrl } from "@/lib/files/links";
import { USER_QUERY, listUsers } from "@/lib/users/queries";
import { signUserExportUrl } from "@/lib/users/export";
import { toApiUser } from "@/lib/users/api";
import { listUserBody } from "@/lib/users/schemas";

/**
 * POST /api/v1/listuser (administrators): one page of the user list, `content.row` and
 * `content.totalRecords`; with `export_users`, message 'success export' and a short-lived download
 * link in `content.web`. Unknown sort or filter columns and a page or size out of range are a 422.
 */
export const POST = withApi({ capability: "manageBackOffice" }, { body: listUserBody }, async ({ user, body }) => {
  assertTableState(USER_QUERY, body.state);
  if (body.exportAs) {
    const web = signUserExportUrl(
      { userId: user.id, f: body.exportAs, q: body.state.filters, o: body.state.sort, i: body.ids },
      publicBaseUrl(),
    );
    return ok({ web }, "success export");
  }
  const list = await listUsers(body.state);
  return ok({ row: list.rows.map(toApiUser), totalRecords: list.total, page: list.page, perPage: list.size });
});

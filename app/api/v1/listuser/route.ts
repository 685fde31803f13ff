import { withApi } from "@/lib/api/with-api";
import { listRoute } from "@/app/api/_lib/list-routes";
import { userList } from "@/lib/users/queries";
import { toApiUser } from "@/lib/users/api";
import { listUserBody } from "@/lib/users/schemas";

/**
 * POST /api/v1/listuser (administrators): one page of the user list, `content.row` and
 * `content.totalRecords`; with `export_users`, message 'success export' and a short-lived download
 * link in `content.web`. Unknown sort or filter columns and a page or size out of range are a 422.
 */
export const POST = withApi({ capability: "manageBackOffice" }, { body: listUserBody }, listRoute(userList, toApiUser));

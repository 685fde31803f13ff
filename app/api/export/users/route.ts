import { withApi } from "@/lib/api/with-api";
import { exportRoute } from "@/app/api/_lib/list-routes";
import { userList } from "@/lib/users/queries";

/**
 * GET /api/export/users?p=&e=&s= (administrators): the CSV or XLSX of a user list state, streamed from
 * keyset pages of the query (lib/users/queries.ts userList). The link comes from listuser
 * (or the list page's export button), is signed, short-lived and only valid for the user it was made for.
 */
export const GET = withApi({ capability: "manageBackOffice" }, {}, exportRoute(userList));

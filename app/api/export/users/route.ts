import { withApi } from "@/lib/api/with-api";
import { exportLinkResponse } from "@/lib/data-table/export";
import { userExport, verifyUserExportUrl } from "@/lib/users/export";

/**
 * GET /api/export/users?p=&e=&s= (administrators): the CSV or XLSX of a user list state, streamed from
 * keyset pages of the query (lib/users/queries.ts exportUserBatches). The link comes from listuser
 * (or the list page's export button), is signed, short-lived and only valid for the user it was made for.
 */
export const GET = withApi({ capability: "manageBackOffice" }, {}, async ({ req, user }) =>
  exportLinkResponse(verifyUserExportUrl(new URL(req.url).searchParams), user.id, userExport),
);

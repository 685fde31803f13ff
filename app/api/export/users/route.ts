import { withApi } from "@/lib/api/with-api";
import { AppError } from "@/lib/errors";
import { contentDisposition } from "@/lib/storage/content-disposition";
import { userExport, verifyUserExportUrl } from "@/lib/users/export";

/**
 * GET /api/export/users?p=&e=&s= (administrators): the CSV or XLSX of a user list state, streamed from
 * keyset pages of the query (lib/users/queries.ts exportUserBatches). The link comes from listuser
 * (or the list page's export button), is signed, short-lived and only valid for the user it was made for.
 */
export const GET = withApi({ capability: "manageBackOffice" }, {}, async ({ req, user }) => {
  const check = verifyUserExportUrl(new URL(req.url).searchParams);
  if (check.status === "expired") throw new AppError(403, "This link has expired. Please export again.");
  if (check.status !== "ok" || check.payload.u !== user.id) throw new AppError(403, "This link is not valid.");
  const file = userExport(check.payload);
  return new Response(file.body, {
    headers: {
      "content-type": file.type,
      "content-disposition": contentDisposition("attachment", file.name),
      "x-content-type-options": "nosniff",
      "cache-control": "no-store",
    },
  });
});

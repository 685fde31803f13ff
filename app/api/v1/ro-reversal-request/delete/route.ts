import { withApi } from "@/lib/api/with-api";
import { deleteRoute } from "@/app/api/_lib/list-routes";
import { deleteTexts } from "@/lib/forms/delete-texts";
import { roReversalList } from "@/lib/forms/ro-reversal/queries";
import { deleteRecordsBody } from "@/lib/data-table/list-body";

/** DELETE (or POST) /api/v1/ro-reversal-request/delete: `deleteArr` (roles 1 and 2). */
const handler = withApi(
  { capability: "manageStaffForms" },
  { body: deleteRecordsBody },
  deleteRoute(roReversalList, deleteTexts("RO Reversal Request").done),
);
export const DELETE = handler;
export const POST = handler;

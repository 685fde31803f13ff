import { withApi } from "@/lib/api/with-api";
import { deleteTexts } from "@/lib/forms/delete-texts";
import { deleteRecordsBody } from "@/lib/forms/list-body";
import { roReversalList } from "@/lib/forms/ro-reversal/queries";

/** DELETE (or POST) /api/v1/ro-reversal-request/delete: `deleteArr` (roles 1 and 2). */
const handler = withApi(
  { capability: "manageStaffForms" },
  { body: deleteRecordsBody },
  roReversalList.deleteHandler(deleteTexts("RO Reversal Request").done),
);
export const DELETE = handler;
export const POST = handler;

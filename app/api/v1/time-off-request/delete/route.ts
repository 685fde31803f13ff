import { withApi } from "@/lib/api/with-api";
import { deleteRoute } from "@/app/api/_lib/list-routes";
import { deleteTexts } from "@/lib/forms/delete-texts";
import { timeOffList } from "@/lib/forms/time-off/queries";
import { deleteRecordsBody } from "@/lib/data-table/list-body";

/** DELETE (or POST) /api/v1/time-off-request/delete: `deleteArr` (roles 1 and 2). */
const handler = withApi(
  { capability: "manageStaffForms" },
  { body: deleteRecordsBody },
  deleteRoute(timeOffList, deleteTexts("Time-off Request").done),
);
export const DELETE = handler;
export const POST = handler;

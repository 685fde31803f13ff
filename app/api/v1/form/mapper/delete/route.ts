import { withApi } from "@/lib/api/with-api";
import { deleteRoute } from "@/app/api/_lib/list-routes";
import { deleteTexts } from "@/lib/forms/delete-texts";
import { MAPPER_ACCESS } from "@/lib/forms/email-manager/api";
import { deleteMappings } from "@/lib/forms/email-manager/mutations";
import { mappingList } from "@/lib/forms/email-manager/queries";
import { deleteRecordsBody } from "@/lib/data-table/list-body";

/** DELETE (or POST) /api/v1/form/mapper/delete: `deleteArr`; a closed mapping only by role 1 (permission access_form_email_manager). */
const handler = withApi(
  MAPPER_ACCESS,
  { body: deleteRecordsBody },
  deleteRoute(mappingList, deleteTexts("Form Email Mapper").done, deleteMappings),
);
export const DELETE = handler;
export const POST = handler;

import { deleteTexts } from "@/lib/forms/delete-texts";
import { PERMISSION } from "@/lib/auth/roles";
import { deleteMappings, mappingList } from "@/lib/forms/email-manager/service";

/** DELETE (or POST) /api/v1/form/mapper/delete: `deleteArr`; a closed mapping only by role 1 (permission access_form_email_manager). */
const handler = mappingList.deleteRoute(deleteTexts("Form Email Mapper").done, { permission: PERMISSION.formEmailManager, remove: deleteMappings });
export const DELETE = handler;
export const POST = handler;

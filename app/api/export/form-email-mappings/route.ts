import { withApi } from "@/lib/api/with-api";
import { exportRoute } from "@/app/api/_lib/list-routes";
import { PERMISSION } from "@/lib/auth/roles";
import { mappingList } from "@/lib/forms/email-manager/queries";

/** GET /api/export/form-email-mappings?p=&e=&s= (permission access_form_email_manager): the signed CSV/XLSX link of form/mapper/list. */
export const GET = withApi({ permission: PERMISSION.formEmailManager }, {}, exportRoute(mappingList));

import { PERMISSION } from "@/lib/auth/roles";
import { mappingList } from "@/lib/forms/email-manager/service";

/** GET /api/export/form-email-mappings?p=&e=&s=: the signed CSV/XLSX link of form/mapper/list. */
export const GET = mappingList.exportRoute({ permission: PERMISSION.formEmailManager });

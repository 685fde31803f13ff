import { withApi } from "@/lib/api/with-api";
import { listRoute } from "@/app/api/_lib/list-routes";
import { MAPPER_ACCESS, mapperListBody } from "@/lib/forms/email-manager/api";
import { mappingList } from "@/lib/forms/email-manager/queries";
import { toApiMapping } from "@/lib/forms/email-manager/api";

/** POST /api/v1/form/mapper/list: one form's mappings (`formType`), id order (permission access_form_email_manager). */
export const POST = withApi(MAPPER_ACCESS, { body: mapperListBody }, listRoute(mappingList, toApiMapping));

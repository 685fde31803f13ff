import { withApi } from "@/lib/api/with-api";
import { ok } from "@/lib/api/envelope";
import { recordIdQuery } from "@/lib/data-table/list-body";
import { MAPPER_ACCESS } from "@/lib/forms/email-manager/api";
import { getMapping, listMappingApproverIds } from "@/lib/forms/email-manager/queries";
import { toApiMapping } from "@/lib/forms/email-manager/api";

/** GET /api/v1/form/mapper/get?id=: one mapping, addresses comma-separated (permission access_form_email_manager). */
export const GET = withApi(MAPPER_ACCESS, { query: recordIdQuery }, async ({ query }) => {
  const [row, approvers] = await Promise.all([getMapping(query.id), listMappingApproverIds(query.id)]);
  // `approvers` (docs/features/requests.md): the approving users' ids, comma-joined like the addresses.
  return ok({ ...toApiMapping(row), approvers: approvers.join(",") });
});

import { withApi } from "@/lib/api/with-api";
import { fail, ok } from "@/lib/api/envelope";
import { getDb } from "@/lib/db";
import { formKeyOf, type FormKey } from "@/lib/forms/form-keys";
import { MAPPER_ACCESS } from "@/lib/forms/email-manager/api";
import { mappingCheckSchema } from "@/lib/forms/email-manager/schemas";
import { findDuplicateMappings } from "@/lib/forms/email-manager/queries";

/**
 * GET /api/v1/formemailmanager/check?edit_id=&form_key_id=1,2&location=3,4: whether one of these
 * forms is already mapped for one of these locations (other than the mapping `edit_id`). As the old
 * client reads it (the old portal: 'Reads status, message'): status 'success' with the message when a duplicate
 * exists (the form disables Save and shows the message); otherwise status 'error', 'No duplicate
 * mapping.'. Both are HTTP 200 (code 200): finding nothing is an answer, not a failed request, so the
 * form's check as you pick locations leaves no 404 in the browser's console.
 */
export const GET = withApi(MAPPER_ACCESS, { query: mappingCheckSchema }, async ({ query }) => {
  const ids = [...query.form_key_id, ...(typeof query.form_id === "number" ? [query.form_id] : [])];
  const formKeys = ids.map(formKeyOf).filter((k): k is FormKey => k !== null);
  const message = await findDuplicateMappings(await getDb(), {
    formKeys,
    locationIds: query.location,
    editId: typeof query.edit_id === "number" ? query.edit_id : null,
  });
  return message ? ok({ duplicate: true }, message) : fail(200, "No duplicate mapping.", { duplicate: false });
});

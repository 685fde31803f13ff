import { withApi } from "@/lib/api/with-api";
import { ok } from "@/lib/api/envelope";
import { FORM_PICKER } from "@/lib/forms/form-keys";
import { MAPPER_ACCESS } from "@/lib/forms/email-manager/api";

/** GET /api/v1/form/manager/get: the 'Request Options' forms as `{ text, value }` (permission access_form_email_manager). */
export const GET = withApi(MAPPER_ACCESS, {}, async () => ok(FORM_PICKER.map(({ text, value }) => ({ text, value }))));

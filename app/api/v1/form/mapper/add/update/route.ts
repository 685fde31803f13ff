import { withApi } from "@/lib/api/with-api";
import { ok } from "@/lib/api/envelope";
import { MAPPER_ACCESS, mapperSaveBody, storedMapperBody } from "@/lib/forms/email-manager/api";
import { saveMappings } from "@/lib/forms/email-manager/mutations";

/**
 * POST /api/v1/form/mapper/add/update: `form_id`, `location` (comma-joined ids: one mapping each),
 * `to_email`, `cc_email` (comma-separated; each must be an e-mail; duplicates collapsed), `id` to
 * edit (a field left out keeps what is stored). A form x location already mapped is a 409 with the duplicate check's message.
 */
export const POST = withApi(
  MAPPER_ACCESS,
  { body: mapperSaveBody, stored: storedMapperBody },
  async ({ user, body, requestId }) => {
    const saved = await saveMappings(body, user, requestId);
    return ok(saved, body.id ? "Form Email Mapper Updated Successfully" : "Form Email Mapper Added Successfully");
  },
);

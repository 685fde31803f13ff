import { z } from "zod";
import { withApi } from "@/lib/api/with-api";
import { ok } from "@/lib/api/envelope";
import { listAttachmentGroups } from "@/lib/content/attachment/queries";
import { toApiColorOption } from "@/lib/backoffice/api";
import { optionalIdSchema } from "@/lib/validation/id";

const query = z.object({
  id: optionalIdSchema("The id is not valid.").transform((v) => v ?? 0),
  status: z
    .enum(["active", "inactive", "all"], { error: "The status must be active, inactive or all." })
    .default("all"),
});

/** GET /api/v1/attachment_group_list?id=0&status=active: attachment groups (value, text, color_code, color_code_obj, status). */
export const GET = withApi({}, { query }, async ({ query }) => {
  const groups = await listAttachmentGroups({
    id: query.id,
    status: query.status === "all" ? undefined : query.status,
  });
  return ok(groups.map(toApiColorOption));
});

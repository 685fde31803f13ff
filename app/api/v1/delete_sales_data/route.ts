import { z } from "zod";
import { withApi } from "@/lib/api/with-api";
import { ok } from "@/lib/api/envelope";
import { validatePayload } from "@/lib/content/api";
import { deleteContentSchema } from "@/lib/content/schemas";
import { deleteContentItem } from "@/lib/content/mutations";

const body = z.object({ salesId: z.unknown(), salest_type: z.unknown() }).passthrough();

/** DELETE /api/v1/delete_sales_data {salesId, salest_type} (role 1). Query parameters work too. */
export const DELETE = withApi({ capability: "manageContent" }, {}, async ({ user, req, query }) => {
  const text = await req.text();
  let payload: Record<string, unknown> = { ...query };
  if (text) {
    try {
      payload = { ...payload, ...body.parse(JSON.parse(text)) };
    } catch {
      payload = { ...payload, ...Object.fromEntries(new URLSearchParams(text)) };
    }
  }
  const input = validatePayload(
    deleteContentSchema,
    {
      id: Number(payload.salesId),
      kind: typeof payload.salest_type === "string" ? payload.salest_type.toLowerCase() : payload.salest_type,
    },
    { id: "salesId", kind: "salest_type" },
  );
  const { message } = await deleteContentItem(input, user);
  return ok(message, message);
});

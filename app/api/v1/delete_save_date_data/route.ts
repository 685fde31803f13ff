import { withApi } from "@/lib/api/with-api";
import { ok } from "@/lib/api/envelope";
import { validatePayload } from "@/lib/content/api";
import { deleteSaveTheDateSchema } from "@/lib/content/schemas";
import { deleteSaveTheDate } from "@/lib/content/mutations";

/** DELETE /api/v1/delete_save_date_data {eventId} (role 1). Query parameters work too. */
export const DELETE = withApi({ capability: "manageContent" }, {}, async ({ user, req, query }) => {
  const text = await req.text();
  let payload: Record<string, unknown> = { ...query };
  if (text) {
    try {
      payload = { ...payload, ...(JSON.parse(text) as Record<string, unknown>) };
    } catch {
      payload = { ...payload, ...Object.fromEntries(new URLSearchParams(text)) };
    }
  }
  const input = validatePayload(deleteSaveTheDateSchema, { id: Number(payload.eventId) }, { id: "eventId" });
  const { message } = await deleteSaveTheDate(input, user);
  return ok(message, "Deleted");
});

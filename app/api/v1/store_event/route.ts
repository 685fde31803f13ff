import { z } from "zod";
import { withApi } from "@/lib/api/with-api";
import { ok } from "@/lib/api/envelope";
import { NEW_ITEM_VALUES, optionalId, sentDocuments, sentText, validatePayload } from "@/lib/content/api";
import { storedContentValues } from "@/lib/content/queries";
import { overStored } from "@/lib/validation/partial";
import { saveTheDateFormSchema } from "@/lib/content/schemas";
import { saveSaveTheDate } from "@/lib/content/mutations";

const body = z.object({}).passthrough();

/**
 * POST /api/v1/store_event {imagePath[], imageSize[], imageType[], title, description, slug, id?,
 * eventDate: MM/DD/YYYY}: adds or updates a save-the-date entry (role 1); a field left out of an update
 * keeps what is stored (docs/decisions.md).
 */
export const POST = withApi({ capability: "manageContent" }, { body }, async ({ user, body }) => {
  const sent = {
    slug: body.slug,
    id: optionalId(body.id),
    title: body.title,
    description: sentText(body.description),
    eventDate: body.eventDate,
    documents: sentDocuments(body, "imagePath", "imageSize", "imageType", "imageName"),
  };
  const stored = await storedContentValues("save-the-date", sent, user);
  const input = validatePayload(saveTheDateFormSchema, overStored(stored ?? NEW_ITEM_VALUES, sent), {
    documents: "imagePath",
  });
  const { id, created, message } = await saveSaveTheDate(input, user, { documentsField: "imagePath" });
  return ok({ id, created }, message);
});

import { z } from "zod";
import { withApi } from "@/lib/api/with-api";
import { ok } from "@/lib/api/envelope";
import { documentsFromLists, optionalId, validatePayload } from "@/lib/content/api";
import { saveTheDateFormSchema } from "@/lib/content/schemas";
import { saveSaveTheDate } from "@/lib/content/mutations";

const body = z.object({}).passthrough();

/**
 * POST /api/v1/store_event {imagePath[], imageSize[], imageType[], title, description, slug, id?,
 * eventDate: MM/DD/YYYY}: adds or updates a save-the-date entry (role 1).
 */
export const POST = withApi({ capability: "manageContent" }, { body }, async ({ user, body }) => {
  const input = validatePayload(
    saveTheDateFormSchema,
    {
      slug: body.slug,
      id: optionalId(body.id),
      title: body.title,
      description:
        typeof body.description === "string" ? body.description : body.description == null ? "" : body.description,
      eventDate: body.eventDate,
      documents: documentsFromLists(body.imagePath, body.imageSize, body.imageType, body.imageName),
    },
    { documents: "imagePath" },
  );
  const { id, created, message } = await saveSaveTheDate(input, user, { documentsField: "imagePath" });
  return ok({ id, created }, message);
});

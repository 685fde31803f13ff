import { z } from "zod";
import { withApi } from "@/lib/api/with-api";
import { ok } from "@/lib/api/envelope";
import { documentsFromLists, optionalId, validatePayload } from "@/lib/content/api";
import { discussionFormSchema } from "@/lib/content/schemas";
import { saveDiscussion } from "@/lib/content/service";

const body = z.object({}).passthrough();

/**
 * POST /api/v1/store_post {imagePath[], imageSize[], imageType[], imageName[]?, title, description,
 * slug, id?}: adds (no id) or updates a discussion post with its documents (role 1).
 */
export const POST = withApi({ capability: "manageContent" }, { body }, async ({ user, body }) => {
  const input = validatePayload(
    discussionFormSchema,
    {
      slug: body.slug,
      id: optionalId(body.id),
      title: body.title,
      description: typeof body.description === "string" ? body.description : body.description == null ? "" : body.description,
      documents: documentsFromLists(body.imagePath, body.imageSize, body.imageType, body.imageName),
    },
    { documents: "imagePath" },
  );
  const { id, created, message } = await saveDiscussion(input, user, { documentsField: "imagePath" });
  return ok({ id, created }, message);
});

import { z } from "zod";
import { withApi } from "@/lib/api/with-api";
import { ok } from "@/lib/api/envelope";
import {
  documentsFromLists,
  mustReadFromBody,
  optionalId,
  SCHEDULE_NAMES,
  scheduleFromBody,
  validatePayload,
  withPayloadNames,
} from "@/lib/content/api";
import { discussionFormSchema } from "@/lib/content/schemas";
import { saveDiscussion } from "@/lib/content/mutations";

const body = z.object({}).passthrough();

/**
 * POST /api/v1/store_post {imagePath[], imageSize[], imageType[], imageName[]?, title, description,
 * slug, id?, audience?: {locations, roles}, publish_at?, expires_at?, must_read?, due_at?,
 * needs_acknowledging_again?}: adds (no id) or updates a discussion post with its documents (role 1).
 * A field left out keeps what is stored (everyone, at once, for good, not a must-read on a new post).
 */
export const POST = withApi({ capability: "manageContent" }, { body }, async ({ user, body }) => {
  const input = validatePayload(
    discussionFormSchema,
    {
      slug: body.slug,
      id: optionalId(body.id),
      title: body.title,
      description:
        typeof body.description === "string" ? body.description : body.description == null ? "" : body.description,
      documents: documentsFromLists(body.imagePath, body.imageSize, body.imageType, body.imageName),
      ...scheduleFromBody(body),
      ...mustReadFromBody(body),
    },
    { documents: "imagePath", ...SCHEDULE_NAMES },
  );
  const { id, created, message } = await withPayloadNames(
    saveDiscussion(input, user, { documentsField: "imagePath" }),
    SCHEDULE_NAMES,
  );
  return ok({ id, created }, message);
});

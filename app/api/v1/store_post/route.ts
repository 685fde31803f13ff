import { z } from "zod";
import { withApi } from "@/lib/api/with-api";
import { withPayloadNames } from "@/lib/api/payload-names";
import { ok } from "@/lib/api/envelope";
import {
  mustReadFromBody,
  NEW_ITEM_VALUES,
  optionalId,
  SCHEDULE_NAMES,
  scheduleFromBody,
  sentDocuments,
  sentText,
  validatePayload,
} from "@/lib/content/api";
import { storedContentValues } from "@/lib/content/queries";
import { overStored } from "@/lib/validation/partial";
import { discussionFormSchema } from "@/lib/content/schemas";
import { saveDiscussion } from "@/lib/content/mutations";

const body = z.object({}).passthrough();

/**
 * POST /api/v1/store_post {imagePath[], imageSize[], imageType[], imageName[]?, title, description,
 * slug, id?, audience?: {locations, roles}, publish_at?, expires_at?, must_read?, due_at?,
 * needs_acknowledging_again?}: adds (no id) or updates a discussion post with its documents (role 1).
 * A field left out of an update keeps what is stored (docs/decisions.md: title, description and documents too);
 * on a new post, everyone, at once, for good, not a must-read. `audience` is whole or refused.
 */
export const POST = withApi({ capability: "manageContent" }, { body }, async ({ user, body }) => {
  const sent = {
    slug: body.slug,
    id: optionalId(body.id),
    title: body.title,
    description: sentText(body.description),
    documents: sentDocuments(body, "imagePath", "imageSize", "imageType", "imageName"),
    ...scheduleFromBody(body),
    ...mustReadFromBody(body),
  };
  const stored = await storedContentValues("discussion", sent, user);
  const input = validatePayload(discussionFormSchema, overStored(stored ?? NEW_ITEM_VALUES, sent), {
    documents: "imagePath",
    ...SCHEDULE_NAMES,
  });
  const { id, created, message } = await withPayloadNames(
    saveDiscussion(input, user, { documentsField: "imagePath" }),
    SCHEDULE_NAMES,
  );
  return ok({ id, created }, message);
});

import { z } from "zod";
import { withApi } from "@/lib/api/with-api";
import { ok } from "@/lib/api/envelope";
import {
  documentsFromLists,
  optionalId,
  SCHEDULE_NAMES,
  scheduleFromBody,
  validatePayload,
  withPayloadNames,
} from "@/lib/content/api";
import { attachmentFormSchema } from "@/lib/content/schemas";
import { saveAttachment } from "@/lib/content/mutations";

const body = z.object({}).passthrough();

/** `selected_group`: an id, an option object {value}, or empty/0 for none. */
function groupIdOf(v: unknown): number | null {
  const raw = v && typeof v === "object" && "value" in v ? (v as { value: unknown }).value : v;
  if (raw == null || raw === "" || raw === 0 || raw === "0" || raw === "null") return null;
  return Number(raw);
}

/**
 * POST /api/v1/store_attachment {attachTitle, attachURL, attachPath, attachSize, attachType, attachSlug,
 * upload_type: file|doc|url, selected_group, id?, audience?: {locations, roles}, publish_at?, expires_at?}:
 * adds or updates an attachment (role 1); a field left out keeps what is stored.
 */
export const POST = withApi({ capability: "manageContent" }, { body }, async ({ user, body }) => {
  const type = typeof body.upload_type === "string" ? body.upload_type.toLowerCase() : body.upload_type;
  const input = validatePayload(
    attachmentFormSchema,
    {
      slug: body.attachSlug ?? body.slug,
      id: optionalId(body.id),
      title: body.attachTitle,
      uploadType: type === "doc" ? "file" : type,
      url: typeof body.attachURL === "string" ? body.attachURL : "",
      groupId: groupIdOf(body.selected_group),
      documents: documentsFromLists(body.attachPath, body.attachSize, body.attachType, body.attachName),
      ...scheduleFromBody(body),
    },
    {
      slug: "attachSlug",
      title: "attachTitle",
      uploadType: "upload_type",
      url: "attachURL",
      groupId: "selected_group",
      documents: "attachPath",
      ...SCHEDULE_NAMES,
    },
  );
  const { id, created, message } = await withPayloadNames(
    saveAttachment(input, user, { documentsField: "attachPath" }),
    SCHEDULE_NAMES,
  );
  return ok({ id, created }, message);
});

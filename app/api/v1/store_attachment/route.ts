import { z } from "zod";
import { withApi } from "@/lib/api/with-api";
import { withPayloadNames } from "@/lib/api/payload-names";
import { ok } from "@/lib/api/envelope";
import {
  NEW_ITEM_VALUES,
  optionalId,
  SCHEDULE_NAMES,
  scheduleFromBody,
  sentDocuments,
  validatePayload,
} from "@/lib/content/api";
import { storedContentValues } from "@/lib/content/queries";
import { overStored } from "@/lib/validation/partial";
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
 * adds or updates an attachment (role 1); a field left out of an update keeps what is stored (docs/decisions.md:
 * title, link, group and file too); `audience` is whole or refused.
 */
export const POST = withApi({ capability: "manageContent" }, { body }, async ({ user, body }) => {
  const type = typeof body.upload_type === "string" ? body.upload_type.toLowerCase() : body.upload_type;
  const sent = {
    slug: body.attachSlug ?? body.slug,
    id: optionalId(body.id),
    title: body.attachTitle,
    uploadType: type === "doc" ? "file" : type,
    url: body.attachURL === undefined ? undefined : typeof body.attachURL === "string" ? body.attachURL : "",
    groupId: body.selected_group === undefined ? undefined : groupIdOf(body.selected_group),
    documents: sentDocuments(body, "attachPath", "attachSize", "attachType", "attachName"),
    ...scheduleFromBody(body),
  };
  const stored = await storedContentValues("attachment", sent, user);
  const input = validatePayload(attachmentFormSchema, overStored(stored ?? NEW_ITEM_VALUES, sent), {
    slug: "attachSlug",
    title: "attachTitle",
    uploadType: "upload_type",
    url: "attachURL",
    groupId: "selected_group",
    documents: "attachPath",
    ...SCHEDULE_NAMES,
  });
  const { id, created, message } = await withPayloadNames(
    saveAttachment(input, user, { documentsField: "attachPath" }),
    SCHEDULE_NAMES,
  );
  return ok({ id, created }, message);
});

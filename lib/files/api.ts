import { z } from "zod";
import { withApi } from "@/lib/api/with-api";
import { ok } from "@/lib/api/envelope";
import { roleCan } from "@/lib/auth/roles";
import { UPLOAD_KINDS } from "@/lib/storage/kinds";
import { assertMayUpload, receiveUploads } from "./upload";

/**
 * The big upload calls. They are served from Pages Router API routes (pages/api/v1/*.ts, through
 * nodeApiRoute) so the body is read from the raw request stream; these handlers are the whole
 * implementation (access, envelope, messages), the pages files only mount them.
 */

const documentQuery = z.object({
  // Which form the files are for (limits differ). Old clients send none: role 1 then uploads a
  // document, role 2 an event attachment (the only form it may save).
  kind: z
    .enum(["post", "attachment", "event", "document", "request"], { error: "The upload kind is not valid." })
    .optional(),
});

/**
 * POST /api/v1/store_document (multipart, streamed): stores the files as temporary uploads of the
 * caller. `content` is the stored path (a list of paths when one request carries several files).
 */
export const storeDocument = withApi({}, { query: documentQuery }, async ({ req, user, query }) => {
  const kind = UPLOAD_KINDS[query.kind ?? (roleCan(user.roleId, "manageContent") ? "document" : "event")];
  await assertMayUpload(kind, user);
  const stored = await receiveUploads(req, { kind, user });
  return ok(stored.length === 1 ? stored[0].key : stored.map((s) => s.key));
});

/** POST /api/v1/store_media_banner (multipart, streamed): one jpg/png up to 25 MB; `content` is its path. */
export const storeMediaBanner = withApi({ capability: "manageContent" }, {}, async ({ req, user }) => {
  const [stored] = await receiveUploads(req, { kind: UPLOAD_KINDS.banner, user });
  return ok(stored.key);
});

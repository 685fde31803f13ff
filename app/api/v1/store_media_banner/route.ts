import { withApi } from "@/lib/api/with-api";
import { ok } from "@/lib/api/envelope";
import { UPLOAD_KINDS } from "@/lib/storage/kinds";
import { receiveUploads } from "@/lib/files/upload";

/** POST /api/v1/store_media_banner (multipart, streamed): one jpg/png up to 25 MB; `content` is its path. */
export const POST = withApi({ capability: "manageContent" }, {}, async ({ req, user }) => {
  const [stored] = await receiveUploads(req, { kind: UPLOAD_KINDS.banner, user });
  return ok(stored.key);
});

import { withApi } from "@/lib/api/with-api";
import { ok } from "@/lib/api/envelope";
import { UPLOAD_KINDS } from "@/lib/storage/kinds";
import { receiveUploads } from "@/lib/files/upload";

/** POST /api/v1/uploadmedia (multipart, streamed): a profile photo, one jpg/png up to 8 MB; `content` is its path. */
export const POST = withApi({}, {}, async ({ req, user }) => {
  const [stored] = await receiveUploads(req, { kind: UPLOAD_KINDS.profilePhoto, user });
  return ok(stored.key);
});

import { z } from "zod";
import { withApi } from "@/lib/api/with-api";
import { ok } from "@/lib/api/envelope";
import { UPLOAD_KINDS } from "@/lib/storage/kinds";
import { assertMayUpload, receiveUploads } from "@/lib/files/upload";

const query = z.object({
  // Which form the files are for (limits differ); old clients send none and get the document limits.
  kind: z.enum(["post", "attachment", "event", "document"], { error: "The upload kind is not valid." }).default("document"),
});

/**
 * POST /api/v1/store_document (multipart, streamed): stores the files as temporary uploads of the
 * caller. `content` is the stored path (a list of paths when one request carries several files).
 */
export const POST = withApi({}, { query }, async ({ req, user, query }) => {
  const kind = UPLOAD_KINDS[query.kind];
  await assertMayUpload(kind, user);
  const stored = await receiveUploads(req, { kind, user });
  return ok(stored.length === 1 ? stored[0].key : stored.map((s) => s.key));
});

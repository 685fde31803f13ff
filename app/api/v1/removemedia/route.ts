import { withApi } from "@/lib/api/with-api";
import { ok } from "@/lib/api/envelope";
import { FILE_MESSAGES } from "@/lib/files/constants";
import { removeMedia } from "@/lib/files/mutations";
import { removeMediaBody } from "@/lib/files/schemas";

/** DELETE /api/v1/removemedia: the caller's own temporary upload, or any file for role 1. */
export const DELETE = withApi({}, { body: removeMediaBody }, async ({ user, body }) => {
  await removeMedia({ filePath: body.filePath, thumbnailPath: body.thumbnailPath || undefined, user });
  return ok(null, FILE_MESSAGES.removed);
});

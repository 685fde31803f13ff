import { z } from "zod";
import { text } from "@/lib/validation/text";
import { withApi } from "@/lib/api/with-api";
import { ok } from "@/lib/api/envelope";
import { FILE_MESSAGES } from "@/lib/files/constants";
import { removeMedia } from "@/lib/files/mutations";

const body = z.object({
  filePath: text({ error: "The file path is required." })
    .min(1, "The file path is required.")
    .max(2048, FILE_MESSAGES.invalidPath),
  thumbnailPath: text().max(2048, FILE_MESSAGES.invalidPath).nullish(),
});

/** DELETE /api/v1/removemedia: the caller's own temporary upload, or any file for role 1. */
export const DELETE = withApi({}, { body }, async ({ user, body }) => {
  await removeMedia({ filePath: body.filePath, thumbnailPath: body.thumbnailPath || undefined, user });
  return ok(null, FILE_MESSAGES.removed);
});

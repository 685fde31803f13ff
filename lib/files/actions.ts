"use server";
import { createAction } from "@/lib/actions/action";
import { FILE_MESSAGES } from "./constants";
import { removeMedia } from "./mutations";
import { removeMediaBody } from "./schemas";

/** The dropzone's remove: the caller's own temporary upload, or any file for role 1 (what removemedia does). */
export const removeUploadAction = createAction({}, removeMediaBody, async (input, user) => {
  await removeMedia({ filePath: input.filePath, thumbnailPath: input.thumbnailPath || undefined, user });
  return { ok: true as const, data: null, message: FILE_MESSAGES.removed };
});

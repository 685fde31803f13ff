import { z } from "zod";
import { text } from "@/lib/validation/text";
import { withApi } from "@/lib/api/with-api";
import { ok } from "@/lib/api/envelope";
import { AppError } from "@/lib/errors";
import { fileAccess } from "@/lib/files/access";
import { FILE_MESSAGES } from "@/lib/files/constants";
import { getFileByKey } from "@/lib/files/queries";
import { keyFromClientPath, publicBaseUrl, signedDownloadUrl } from "@/lib/files/links";

const query = z.object({
  file: text({ error: "The file is required." }).min(1, "The file is required.").max(2048, FILE_MESSAGES.invalidPath),
});

/**
 * GET /api/v1/getsignedurlpath?file=: a download link valid for a few minutes (`content.file_path`), only
 * for a file whose owning record the caller may see (404 otherwise, as the record itself answers; 403 for
 * a post's or attachment's file outside the caller's audience or schedule, on a page they may open).
 */
export const GET = withApi({}, { query }, async ({ user, query }) => {
  const file = await getFileByKey({ key: keyFromClientPath(query.file) });
  if (!file) throw new AppError(404, FILE_MESSAGES.notFound);
  const access = await fileAccess(file, user);
  // A file of a post or attachment on a page the user may open, but not (yet) for them: 403.
  if (access === "forbidden") throw new AppError(403, "You don't have permission to open this file.");
  if (access !== "ok") throw new AppError(404, FILE_MESSAGES.notFound);
  return ok({ file_path: await signedDownloadUrl(file, publicBaseUrl()) });
});

import { z } from "zod";
import { text } from "@/lib/validation/text";
import { withApi } from "@/lib/api/with-api";
import { ok } from "@/lib/api/envelope";
import { AppError } from "@/lib/errors";
import { canSeeFileRecord } from "@/lib/files/access";
import { FILE_MESSAGES, getFileByKey, keyFromClientPath, publicBaseUrl, signedDownloadUrl } from "@/lib/files/service";

const query = z.object({ file: text({ error: "The file is required." }).min(1, "The file is required.").max(2048, FILE_MESSAGES.invalidPath) });

/**
 * GET /api/v1/getsignedurlpath?file=: a download link valid for a few minutes (`content.file_path`), only
 * for a file whose owning record the caller may see (404 otherwise, as the record itself answers).
 */
export const GET = withApi({}, { query }, async ({ user, query }) => {
  const file = await getFileByKey({ key: keyFromClientPath(query.file) });
  if (!file || !(await canSeeFileRecord(file, user))) throw new AppError(404, FILE_MESSAGES.notFound);
  return ok({ file_path: await signedDownloadUrl(file, publicBaseUrl()) });
});

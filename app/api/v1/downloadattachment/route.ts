import { z } from "zod";
import { withApi } from "@/lib/api/with-api";
import { AppError } from "@/lib/errors";

const query = z.object({ id: z.coerce.number({ error: "The event id is required." }).int().positive("The event id is required.") });

/**
 * GET /api/v1/downloadattachment?id=: `content.zip_file`, a signed link to a zip of the event's
 * attachments (lib/files/archive.ts zipDownloadUrl + streamZipOfFiles). Events arrive with the
 * calendar; until then every id is unknown.
 */
export const GET = withApi({}, { query }, async () => {
  throw new AppError(404, "Event not found.");
});

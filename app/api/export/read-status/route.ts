import { z } from "zod";
import { withApi } from "@/lib/api/with-api";
import { readStatus } from "@/lib/content/must-read/queries";
import { readStatusExport } from "@/lib/content/must-read/export";
import { downloadResponse } from "@/app/api/_lib/download";
import { exportFormatSchema, idSchema } from "@/lib/content/schemas";

const query = z.object({
  salesId: z.coerce.number({ error: "The post id is required." }).pipe(idSchema),
  format: exportFormatSchema,
});

/** GET /api/export/read-status?salesId=&format=csv|xlsx (administrators): the 'Readers' of a post, a line per person. */
export const GET = withApi({ capability: "manageContent" }, { query }, async ({ user, query }) =>
  downloadResponse(readStatusExport(await readStatus(query.salesId, user), query.format)),
);

import { withApi } from "@/lib/api/with-api";
import { complianceBoard } from "@/lib/content/must-read/queries";
import { boardExport } from "@/lib/content/must-read/export";
import { downloadResponse } from "@/app/api/_lib/download";
import { complianceFiltersSchema, exportFormatSchema } from "@/lib/content/schemas";

const query = complianceFiltersSchema.extend({ format: exportFormatSchema });

/**
 * GET /api/export/compliance?from=&to=&location=&format=csv|xlsx: the compliance board, a line per must-read and
 * location (administrators: every location and the people without one; role 2: their own location, another is a 403).
 */
export const GET = withApi({ capability: "seeCompliance" }, { query }, async ({ user, query }) => {
  const board = await complianceBoard({ from: query.from, to: query.to, locationId: query.location }, user);
  return downloadResponse(boardExport(board, query.format));
});

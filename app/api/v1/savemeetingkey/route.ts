import { withApi } from "@/lib/api/with-api";
import { saveColorOptionHandler } from "@/lib/backoffice/api";
import { saveColorOptionBody } from "@/lib/backoffice/schemas";
import { storedColorOption } from "@/lib/backoffice/queries";

/**
 * POST /api/v1/savemeetingkey (administrators): add or update a calendar key (a field left out keeps what is
 * stored); see lib/backoffice/api.ts.
 */
export const POST = withApi(
  { capability: "manageBackOffice" },
  { body: saveColorOptionBody("key"), stored: storedColorOption("key", "api") },
  saveColorOptionHandler("key"),
);

import { withApi } from "@/lib/api/with-api";
import { saveColorOptionHandler } from "@/lib/backoffice/api";
import { saveColorOptionBody } from "@/lib/backoffice/schemas";

/** POST /api/v1/savemeetingkey (administrators): add or update a calendar key; see lib/backoffice/api.ts. */
export const POST = withApi(
  { capability: "manageBackOffice" },
  { body: saveColorOptionBody("key") },
  saveColorOptionHandler("key"),
);

import { withApi } from "@/lib/api/with-api";
import { saveColorOptionHandler } from "@/lib/backoffice/api";
import { saveColorOptionBody } from "@/lib/backoffice/schemas";

/** POST /api/v1/savegroup (administrators): add or update a attachment group; see lib/backoffice/api.ts. */
export const POST = withApi(
  { capability: "manageBackOffice" },
  { body: saveColorOptionBody("group") },
  saveColorOptionHandler("group"),
);

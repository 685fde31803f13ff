import { withApi } from "@/lib/api/with-api";
import { toggleColorOptionHandler } from "@/lib/backoffice/api";
import { toggleColorOptionBody } from "@/lib/backoffice/schemas";

/** POST /api/v1/changemeetingstatus (administrators): flip a calendar key's status; see lib/backoffice/api.ts. */
export const POST = withApi(
  { capability: "manageBackOffice" },
  { body: toggleColorOptionBody },
  toggleColorOptionHandler("key"),
);

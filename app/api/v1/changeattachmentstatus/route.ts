import { withApi } from "@/lib/api/with-api";
import { toggleColorOptionHandler } from "@/lib/backoffice/color-option-api";
import { toggleColorOptionBody } from "@/lib/backoffice/color-option-schemas";

/** POST /api/v1/changeattachmentstatus (administrators): flip a attachment group's status; see lib/backoffice/color-option-api.ts. */
export const POST = withApi(
  { capability: "manageBackOffice" },
  { body: toggleColorOptionBody },
  toggleColorOptionHandler("group"),
);

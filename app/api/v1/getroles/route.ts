import { withApi } from "@/lib/api/with-api";
import { ok } from "@/lib/api/envelope";
import { listRoles } from "@/lib/users/queries";

/** POST /api/v1/getroles (administrators): the roles as `{ value, text }` (a role with value zero is hidden). */
export const POST = withApi({ capability: "manageBackOffice" }, {}, async () => ok(await listRoles()));

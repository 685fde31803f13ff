import { withApi } from "@/lib/api/with-api";
import { ok } from "@/lib/api/envelope";
import { listPermissions } from "@/lib/menus/queries";

/** GET /api/v1/get-all-permissions: every permission an administrator can assign (administrators only). */
export const GET = withApi({ capability: "manageBackOffice" }, {}, async () => ok(await listPermissions()));

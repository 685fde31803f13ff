import { withApi } from "@/lib/api/with-api";
import { ok } from "@/lib/api/envelope";
import { listIcons } from "@/lib/menus/queries";

/** GET /api/v1/get_icons (administrators, for the menu editor's icon picker): id and url (the icon key). */
export const GET = withApi({ capability: "manageBackOffice" }, {}, async () => ok(await listIcons()));

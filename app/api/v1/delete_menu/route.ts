import { withApi } from "@/lib/api/with-api";
import { deleteMenuBody } from "@/lib/menus/schemas";
import { deleteMenuHandler } from "@/lib/menus/api";

/**
 * DELETE (or POST) /api/v1/delete_menu (administrators): id; content_action `move` (with move_to) or
 * `delete` when the menu still holds content, else a 409 naming how much.
 */
const handler = withApi({ capability: "manageBackOffice" }, { body: deleteMenuBody }, deleteMenuHandler);
export const DELETE = handler;
export const POST = handler;

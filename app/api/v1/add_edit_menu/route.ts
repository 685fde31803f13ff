import { withApi } from "@/lib/api/with-api";
import { addEditMenuBody } from "@/lib/menus/schemas";
import { addEditMenuHandler } from "@/lib/menus/api";
import { storedMenuBody } from "@/lib/menus/queries";

/**
 * POST /api/v1/add_edit_menu (administrators): menu_title, icon_id, url, features, allow_in_attachment,
 * id when editing (a field left out keeps what is stored), parent_id for a sub-menu. Answers the menu's
 * id and (generated) slug.
 */
export const POST = withApi(
  { capability: "manageBackOffice" },
  { body: addEditMenuBody, stored: storedMenuBody },
  addEditMenuHandler,
);

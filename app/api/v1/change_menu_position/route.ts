import { withApi } from "@/lib/api/with-api";
import { ok } from "@/lib/api/envelope";
import { changeMenuPositionBody, MENU_TEXTS } from "@/lib/menus/admin-schemas";
import { reorderMenus } from "@/lib/menus/admin";

/** POST /api/v1/change_menu_position (administrators): menu_data, one level's menus in their new order; parent_id for sub-menus. */
export const POST = withApi(
  { capability: "manageBackOffice" },
  { body: changeMenuPositionBody },
  async ({ body, user, requestId }) => {
    await reorderMenus({ parentId: body.parent_id, ids: body.menu_data }, { id: user.id, requestId });
    return ok(null, MENU_TEXTS.reordered);
  },
);

import { withApi } from "@/lib/api/with-api";
import { changeMenuPositionBody } from "@/lib/menus/schemas";
import { changeMenuPositionHandler } from "@/lib/menus/api";

/** POST /api/v1/change_menu_position (administrators): menu_data, one level's menus in their new order; parent_id for sub-menus. */
export const POST = withApi(
  { capability: "manageBackOffice" },
  { body: changeMenuPositionBody },
  changeMenuPositionHandler,
);

import { withApi } from "@/lib/api/with-api";
import { ok } from "@/lib/api/envelope";
import { addEditMenuBody } from "@/lib/menus/admin-schemas";
import { saveMenu } from "@/lib/menus/admin";

/**
 * POST /api/v1/add_edit_menu (administrators): menu_title, icon_id, url, features, allow_in_attachment,
 * id when editing, parent_id for a sub-menu. Answers the menu's id and (generated) slug.
 */
export const POST = withApi(
  { capability: "manageBackOffice" },
  { body: addEditMenuBody },
  async ({ body, user, requestId }) => {
    const saved = await saveMenu(body, { id: user.id, requestId });
    return ok({ id: saved.id, slug: saved.slug }, saved.message);
  },
);

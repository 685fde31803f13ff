import { withApi } from "@/lib/api/with-api";
import { ok } from "@/lib/api/envelope";
import { deleteMenuBody } from "@/lib/menus/admin-schemas";
import { deleteMenu } from "@/lib/menus/admin";

/**
 * DELETE (or POST) /api/v1/delete_menu (administrators): id; content_action `move` (with move_to) or
 * `delete` when the menu still holds content, else a 409 naming how much.
 */
const handler = withApi(
  { capability: "manageBackOffice" },
  { body: deleteMenuBody },
  async ({ body, user, requestId }) => {
    const done = await deleteMenu(
      { id: body.id, contentAction: body.content_action, moveTo: body.move_to },
      { id: user.id, requestId },
    );
    return ok({ moved: done.moved ?? 0, deleted: done.deleted ?? 0 }, done.message);
  },
);
export const DELETE = handler;
export const POST = handler;

import "server-only";
import type { z } from "zod";
import type { ApiContext } from "@/lib/api/with-api";
import { ok } from "@/lib/api/envelope";
import { MENU_TEXTS, type addEditMenuBody, type changeMenuPositionBody, type deleteMenuBody } from "./schemas";
import { deleteMenu, reorderMenus, saveMenu } from "./mutations";

/**
 * The handlers of the menu editor's v1 calls, each inside its route's own withApi (administrators,
 * `manageBackOffice`) and body schema: the v1 names (content_action, move_to, menu_data) to ours and back.
 */

/** POST add_edit_menu: answers the menu's id and (generated) slug. */
export async function addEditMenuHandler({ body, user, requestId }: ApiContext<z.output<typeof addEditMenuBody>>) {
  const saved = await saveMenu(body, { id: user.id, requestId });
  return ok({ id: saved.id, slug: saved.slug }, saved.message);
}

/** POST change_menu_position: one level's menus in their new order. */
export async function changeMenuPositionHandler({
  body,
  user,
  requestId,
}: ApiContext<z.output<typeof changeMenuPositionBody>>) {
  await reorderMenus({ parentId: body.parent_id, ids: body.menu_data }, { id: user.id, requestId });
  return ok(null, MENU_TEXTS.reordered);
}

/** DELETE/POST delete_menu: answers how much content was moved or deleted. */
export async function deleteMenuHandler({ body, user, requestId }: ApiContext<z.output<typeof deleteMenuBody>>) {
  const done = await deleteMenu(
    { id: body.id, contentAction: body.content_action, moveTo: body.move_to },
    { id: user.id, requestId },
  );
  return ok({ moved: done.moved ?? 0, deleted: done.deleted ?? 0 }, done.message);
}

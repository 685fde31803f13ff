"use server";
import { headers } from "next/headers";
import { createAction } from "@/lib/actions/action";
import type { SessionUser } from "@/lib/auth/session";
import { requestIdFrom } from "@/lib/log";
import { deleteMenu, reorderMenus, saveMenu } from "./mutations";
import { storedMenuBody } from "./queries";
import { MENU_TEXTS, addEditMenuBody, changeMenuPositionBody, deleteMenuBody } from "./schemas";

/**
 * The menu editor's writes (administrators). They take the same bodies as the v1 calls (the editor
 * checks add_edit_menu's body in the browser with the same schema) and call the same services.
 */
const ADMIN = { capability: "manageBackOffice" } as const;

const actor = async (user: SessionUser) => ({ id: user.id, requestId: requestIdFrom(await headers()) });

/** Adds or updates a main or sub-menu (a field left out of an update keeps what is stored); answers its id and slug. */
export const saveMenuAction = createAction(
  ADMIN,
  addEditMenuBody,
  async (input, user) => {
    const saved = await saveMenu(input, await actor(user));
    return { ok: true as const, data: { id: saved.id, slug: saved.slug }, message: saved.message };
  },
  { stored: storedMenuBody },
);

/** One level's menus in their new order. */
export const reorderMenusAction = createAction(ADMIN, changeMenuPositionBody, async (input, user) => {
  await reorderMenus({ parentId: input.parent_id, ids: input.menu_data }, await actor(user));
  return { ok: true as const, data: undefined, message: MENU_TEXTS.reordered };
});

/** Deletes a menu and its sub-menus; a 409 naming its content unless `content_action` says what to do with it. */
export const deleteMenuAction = createAction(ADMIN, deleteMenuBody, async (input, user) => {
  const done = await deleteMenu(
    { id: input.id, contentAction: input.content_action, moveTo: input.move_to },
    await actor(user),
  );
  return { ok: true as const, data: { moved: done.moved ?? 0, deleted: done.deleted ?? 0 }, message: done.message };
});

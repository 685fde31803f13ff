"use server";

import { z } from "zod";
import { createAction } from "@/lib/actions/action";
import { listMenuTree } from "./queries";
import { sidebarMenus } from "./sidebar-menus";

/**
 * The signed-in user's sidebar tree (id and JSON), for a Sidebar whose page was refreshed with a
 * tree version the browser does not have (components/shell/sidebar-menus.ts).
 */
export const sidebarMenusAction = createAction({}, z.object({}), async (_input, user) => {
  const menus = await listMenuTree({ roleId: user.roleId, stamp: user.configStamp });
  return sidebarMenus(menus);
});

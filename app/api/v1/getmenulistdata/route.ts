import { withApi } from "@/lib/api/with-api";
import { ok } from "@/lib/api/envelope";
import { listMenuTree } from "@/lib/menus/queries";
import { toApiMenu } from "@/lib/menus/serialize";

/** GET /api/v1/getmenulistdata (every signed-in user): the menus the caller's role may see, with their sub-menus. */
export const GET = withApi({}, {}, async ({ user }) => {
  const menus = await listMenuTree({ roleId: user.roleId, stamp: user.configStamp });
  return ok(menus.map((m) => toApiMenu(m)));
});

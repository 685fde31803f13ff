import { withApi } from "@/lib/api/with-api";
import { ok } from "@/lib/api/envelope";
import { getUserPermissions } from "@/lib/menus/queries";
import { getSystemYear } from "@/lib/system/settings";

/** POST /api/v1/user/permission (every signed-in user): the caller's role, permissions and the system year. */
export const POST = withApi({}, {}, async ({ user }) =>
  ok({
    roles: { id: user.roleId, system_id: user.roleId, name: user.roleName },
    permissions: await getUserPermissions({ userId: user.id }),
    system_year: await getSystemYear({ stamp: user.configStamp }),
  }),
);

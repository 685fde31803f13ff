import { withApi } from "@/lib/api/with-api";
import { ok } from "@/lib/api/envelope";
import { AppError } from "@/lib/errors";
import { getSystemYear } from "@/lib/system/settings";
import { getUserDetail } from "@/lib/users/queries";
import { toApiUserDetail } from "@/lib/users/api";
import { PEOPLE_MESSAGES } from "@/lib/users/schemas";

/** GET /api/v1/getuserdata (every signed-in user): the caller's own `user_obj`, `permissions`, `roles` and `app_year`. */
export const GET = withApi({}, {}, async ({ user }) => {
  const me = await getUserDetail({ id: user.id });
  if (!me) throw new AppError(400, PEOPLE_MESSAGES.notRegistered);
  return ok({
    user_obj: toApiUserDetail(me),
    permissions: me.permissions,
    roles: { id: me.roleId, system_id: me.roleId, name: me.roleName },
    app_year: await getSystemYear({ stamp: user.configStamp }),
  });
});

import { z } from "zod";
import { withApi } from "@/lib/api/with-api";
import { ok } from "@/lib/api/envelope";
import { forbidden } from "@/lib/errors";
import { roleCan } from "@/lib/auth/roles";
import { getUserPermissions } from "@/lib/menus/queries";

const body = z.object({
  user_id: z.coerce
    .number({ error: "The user id is required." })
    .int("The user id is not valid.")
    .positive("The user id is not valid.")
    .max(2_147_483_647, "The user id is not valid."),
});

/** POST /api/v1/get-login-id-permissions: a user's permissions (one's own; administrators: anyone's). */
export const POST = withApi({}, { body }, async ({ user, body }) => {
  if (body.user_id !== user.id && !roleCan(user.roleId, "manageBackOffice")) throw forbidden();
  const permissions = await getUserPermissions({ userId: body.user_id });
  return ok({ user: { id: body.user_id, permissions } });
});

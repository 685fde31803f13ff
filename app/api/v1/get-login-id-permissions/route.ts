import { z } from "zod";
import { withApi } from "@/lib/api/with-api";
import { ok } from "@/lib/api/envelope";
import { forbidden } from "@/lib/errors";
import { roleCan } from "@/lib/auth/roles";
import { getUserPermissions } from "@/lib/menus/queries";
import { idSchema } from "@/lib/validation/id";

const body = z.object({
  user_id: idSchema("The user id is not valid.", { required: "The user id is required." }),
});

/** POST /api/v1/get-login-id-permissions: a user's permissions (one's own; administrators: anyone's). */
export const POST = withApi({}, { body }, async ({ user, body }) => {
  if (body.user_id !== user.id && !roleCan(user.roleId, "manageBackOffice")) throw forbidden();
  const permissions = await getUserPermissions({ userId: body.user_id });
  return ok({ user: { id: body.user_id, permissions } });
});

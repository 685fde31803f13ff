import { withApi } from "@/lib/api/with-api";
import { ok } from "@/lib/api/envelope";
import { changePassword } from "@/lib/users/mutations";
import { PEOPLE_MESSAGES, changePasswordSchema } from "@/lib/users/schemas";

/**
 * POST /api/v1/changepassword (every signed-in user): `oldPassword`, `newPassword`, `confirmpassword`.
 * A wrong old password is a 422; the caller's other sessions and tokens end; an SSO-only account is
 * told to change its password at the SSO.
 */
export const POST = withApi({}, { body: changePasswordSchema }, async ({ user, body, requestId }) => {
  await changePassword({ user, oldPassword: body.oldPassword, newPassword: body.newPassword, requestId });
  return ok(null, PEOPLE_MESSAGES.passwordChanged);
});

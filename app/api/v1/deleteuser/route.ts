import { withApi } from "@/lib/api/with-api";
import { ok } from "@/lib/api/envelope";
import { deleteUsers } from "@/lib/users/mutations";
import { USER_DELETE_TEXTS } from "@/lib/users/columns";
import { deleteUserBody } from "@/lib/users/schemas";

/**
 * POST (or DELETE) /api/v1/deleteuser (administrators): `deleteArr`, the users to delete. They are
 * deactivated, not removed (lib/users/mutations.ts); deleting oneself is a 422.
 */
const handler = withApi(
  { capability: "manageBackOffice" },
  { body: deleteUserBody },
  async ({ user, body, requestId }) => {
    const { deleted } = await deleteUsers({ ids: body.deleteArr, actorId: user.id, requestId });
    return ok({ deleted }, USER_DELETE_TEXTS.done);
  },
);
export const POST = handler;
export const DELETE = handler;

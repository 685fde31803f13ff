import { withApi } from "@/lib/api/with-api";
import { ok } from "@/lib/api/envelope";
import { AppError } from "@/lib/errors";
import { getUserDetail } from "@/lib/users/queries";
import { toApiUserDetail } from "@/lib/users/api";
import { PEOPLE_MESSAGES } from "@/lib/users/schemas";
import { toId } from "@/lib/validation/id";

/**
 * POST (or GET) /api/v1/getregisteruser/{id} (administrators): a user for the Edit User screen, with
 * the v1 payload names and their permissions. An unknown or deleted id is the old portal's 400
 * 'Sorry, User is not registered in the System'.
 */
const handler = withApi({ capability: "manageBackOffice" }, {}, async ({ params }) => {
  const id = toId(params.id);
  const user = id === null ? null : await getUserDetail({ id });
  if (!user) throw new AppError(400, PEOPLE_MESSAGES.notRegistered);
  return ok(toApiUserDetail(user));
});
export const POST = handler;
export const GET = handler;

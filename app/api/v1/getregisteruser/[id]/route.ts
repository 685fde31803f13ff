import { z } from "zod";
import { withApi } from "@/lib/api/with-api";
import { ok } from "@/lib/api/envelope";
import { AppError } from "@/lib/errors";
import { text } from "@/lib/validation/text";
import { getUserDetail } from "@/lib/users/queries";
import { toApiUserDetail } from "@/lib/users/api";
import { PEOPLE_MESSAGES } from "@/lib/users/schemas";

const idParam = text().regex(/^[1-9]\d{0,9}$/);

/**
 * POST (or GET) /api/v1/getregisteruser/{id} (administrators): a user for the Edit User screen, with
 * the v1 payload names and their permissions. An unknown or deleted id is the old portal's 400
 * 'Sorry, User is not registered in the System'.
 */
const handler = withApi({ capability: "manageBackOffice" }, {}, async ({ params }) => {
  const id = z.coerce.number().max(2_147_483_647).safeParse(idParam.safeParse(params.id).data);
  const user = id.success ? await getUserDetail({ id: id.data }) : null;
  if (!user) throw new AppError(400, PEOPLE_MESSAGES.notRegistered);
  return ok(toApiUserDetail(user));
});
export const POST = handler;
export const GET = handler;

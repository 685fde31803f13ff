import { withApi } from "@/lib/api/with-api";
import { ok } from "@/lib/api/envelope";
import { addUser } from "@/lib/users/onboarding";
import { PEOPLE_MESSAGES, newUserSchema } from "@/lib/users/schemas";

/**
 * POST /api/v1/adduser (administrators): `firstName`, `lastName`, `email`, `empId`, `roleId`, `stateId`,
 * `locationId`, `departmentId`, `phone`, `permissionIds`. Creates a local account and mails the person
 * a one-time link to set a password (lib/users/onboarding.ts); `content` is the new user's id.
 */
export const POST = withApi(
  { capability: "manageBackOffice" },
  { body: newUserSchema },
  async ({ user, body, requestId }) => {
    const { id } = await addUser({ data: body, actorId: user.id, requestId });
    return ok({ id }, PEOPLE_MESSAGES.userAdded);
  },
);

"use server";
import { z } from "zod";
import { headers } from "next/headers";
import { createAction } from "@/lib/actions/action";
import { requestIdFrom } from "@/lib/log";
import { text } from "@/lib/validation/text";
import { FILTER_MAX } from "@/lib/data-table/state";
import { listDeleteAction } from "@/lib/data-table/delete-action";
import {
  changePassword,
  deleteUsers,
  saveHrOrder,
  sendNotification,
  updateOwnProfile,
  updateUserByAdmin,
} from "./mutations";
import {
  PEOPLE_MESSAGES,
  changePasswordSchema,
  editUserSchema,
  hrOrderSchema,
  notificationSchema,
  profileSchema,
  deleteUserBody,
} from "./schemas";
import { USER_DELETE_TEXTS } from "./columns";
import { storedEditUser, storedProfile } from "./queries";
import { idListSchema } from "@/lib/validation/id";

async function requestId() {
  return requestIdFrom(await headers());
}

/**
 * Edit User (administrators): role, state, location, department, phone, permissions of another user; a
 * field left out keeps what is stored.
 */
export const updateUserAction = createAction(
  { capability: "manageBackOffice" },
  editUserSchema,
  async (input, user) => {
    await updateUserByAdmin({ data: input, actor: user, requestId: await requestId() });
    return { ok: true as const, data: undefined, message: PEOPLE_MESSAGES.userUpdated };
  },
  { stored: storedEditUser },
);

/** Edit Profile (every signed-in user): one's own editable items and photo; a field left out keeps what is stored. */
export const updateProfileAction = createAction(
  {},
  profileSchema,
  async (input, user) => {
    const data = await updateOwnProfile({ data: input, user, requestId: await requestId() });
    return { ok: true as const, data, message: PEOPLE_MESSAGES.profileChanged };
  },
  { stored: async (_input, user) => storedProfile(user.id) },
);

/** Change Password (every signed-in user with a password here); the other sessions end. */
export const changePasswordAction = createAction({}, changePasswordSchema, async (input, user) => {
  await changePassword({
    user,
    oldPassword: input.oldPassword,
    newPassword: input.newPassword,
    requestId: await requestId(),
  });
  return { ok: true as const, data: undefined, message: PEOPLE_MESSAGES.passwordChanged };
});

const sendNotificationSchema = notificationSchema.extend({
  /** The selected users; none: every user matching `filters`. */
  ids: idListSchema(500).default([]),
  filters: z.record(text().max(60), text().max(FILTER_MAX)).default({}),
});

/** The e-mail notification from the user list (administrators). */
export const sendNotificationAction = createAction(
  { capability: "manageBackOffice" },
  sendNotificationSchema,
  async (input, user) => {
    const data = await sendNotification({ ...input, actor: user, requestId: await requestId() });
    return { ok: true as const, data, message: PEOPLE_MESSAGES.emailSent };
  },
);

/** Saves the HR list's order (administrators). */
export const saveHrOrderAction = createAction(
  { capability: "manageBackOffice" },
  hrOrderSchema,
  async (input, user) => {
    await saveHrOrder({ ids: input.ids, actor: user, requestId: await requestId() });
    return { ok: true as const, data: undefined, message: PEOPLE_MESSAGES.hrSaved };
  },
);

/** Deletes (deactivates) the selected users (administrators); oneself is refused. */
export const deleteUsersAction = listDeleteAction(
  { capability: "manageBackOffice" },
  ({ ids, user, requestId }) => deleteUsers({ ids, actorId: user.id, requestId }),
  USER_DELETE_TEXTS.done,
  deleteUserBody,
);

"use server";
import { z } from "zod";
import { headers } from "next/headers";
import { createAction } from "@/lib/actions/action";
import { requestIdFrom } from "@/lib/log";
import { clientIp } from "@/lib/http/forwarded";
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
  forgotPasswordSchema,
  importUsersBody,
  newUserSchema,
  setPasswordSchema,
  setUsersActiveBody,
  userIdBody,
} from "./schemas";
import { USER_DELETE_TEXTS } from "./columns";
import { addUser, setUserActive, setUsersActive } from "./onboarding";
import { importUsers } from "./import";
import { redeemPasswordLink, requestPasswordReset, sendPasswordReset } from "./password-links";
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

/** Add user (administrators): a local account, and a mail with a link to set its password. */
export const addUserAction = createAction({ capability: "manageBackOffice" }, newUserSchema, async (input, user) => {
  const { id } = await addUser({ data: input, actorId: user.id, requestId: await requestId() });
  return { ok: true as const, data: { id }, message: PEOPLE_MESSAGES.userAdded };
});

/** Send password reset (administrators): mails the user a link to set a new password. */
export const sendPasswordResetAction = createAction(
  { capability: "manageBackOffice" },
  userIdBody,
  async (input, user) => {
    await sendPasswordReset({ id: input.id, actorId: user.id, requestId: await requestId() });
    return { ok: true as const, data: undefined, message: PEOPLE_MESSAGES.resetSent };
  },
);

/** Deactivate / Reactivate (administrators). */
export const setUserActiveAction = createAction(
  { capability: "manageBackOffice" },
  userIdBody.extend({ active: z.boolean() }),
  async (input, user) => {
    await setUserActive({ ...input, actorId: user.id, requestId: await requestId() });
    return {
      ok: true as const,
      data: undefined,
      message: input.active ? PEOPLE_MESSAGES.reactivated : PEOPLE_MESSAGES.deactivated,
    };
  },
);

/** The user list's Deactivate / Reactivate of the selected users (administrators); deactivating oneself is refused. */
export const setUsersActiveAction = createAction(
  { capability: "manageBackOffice" },
  setUsersActiveBody,
  async (input, user) => {
    const { changed } = await setUsersActive({ ...input, actorId: user.id, requestId: await requestId() });
    const n = changed.length;
    const message = !n
      ? PEOPLE_MESSAGES.alreadyInStatus(input.active)
      : input.active
        ? PEOPLE_MESSAGES.reactivatedCount(n)
        : PEOPLE_MESSAGES.deactivatedCount(n);
    return { ok: true as const, data: { changed }, message };
  },
);

/** Import users from an uploaded CSV (administrators): the preview, or (`commit`) the import. */
export const importUsersAction = createAction(
  { capability: "manageBackOffice" },
  importUsersBody,
  async (input, user) => importUsers({ ...input, actorId: user.id, requestId: await requestId() }),
);

/** 'Forgot password?' (anyone): the same answer whether or not the address is an account's. */
export const forgotPasswordAction = createAction({ public: true }, forgotPasswordSchema, async (input) => {
  const message = await requestPasswordReset({ email: input.email, ip: clientIp({ headers: await headers() }) });
  return { ok: true as const, data: undefined, message };
});

/** Setting a password through a mailed link (anyone holding the link). */
export const setPasswordAction = createAction({ public: true }, setPasswordSchema, async (input) => {
  await redeemPasswordLink({ token: input.token, password: input.newPassword, requestId: await requestId() });
  return { ok: true as const, data: undefined, message: PEOPLE_MESSAGES.passwordSet };
});

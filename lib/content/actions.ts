"use server";

import { createAction } from "@/lib/actions/action";
import type { SessionUser } from "@/lib/auth/session";
import { storedContentValues } from "./queries";
import {
  attachmentFormSchema,
  commentFormSchema,
  deleteContentSchema,
  deleteSaveTheDateSchema,
  discussionFormSchema,
  pinSchema,
  saveTheDateFormSchema,
} from "./schemas";
import {
  addComment,
  deleteContentItem,
  deleteSaveTheDate,
  saveAttachment,
  saveDiscussion,
  saveSaveTheDate,
  setPinned,
} from "./mutations";

const admin = { capability: "manageContent" } as const;
/** An update keeps what its input leaves out (docs/decisions.md): the stored values under the input. */
const storedOf = (kind: Parameters<typeof storedContentValues>[0]) => ({
  stored: (input: Record<string, unknown>, user: SessionUser) => storedContentValues(kind, input, user),
});

/** Adds or updates a discussion post with its documents (role 1); a field left out of an update keeps what is stored. */
export const saveDiscussionAction = createAction(
  admin,
  discussionFormSchema,
  async (input, user) => {
    const { message, ...data } = await saveDiscussion(input, user);
    return { ok: true as const, data, message };
  },
  storedOf("discussion"),
);

/** Adds or updates an attachment (file or link, optional group) (role 1); a field left out keeps what is stored. */
export const saveAttachmentAction = createAction(
  admin,
  attachmentFormSchema,
  async (input, user) => {
    const { message, ...data } = await saveAttachment(input, user);
    return { ok: true as const, data, message };
  },
  storedOf("attachment"),
);

/** Adds or updates a save-the-date entry with its documents (role 1); a field left out keeps what is stored. */
export const saveSaveTheDateAction = createAction(
  admin,
  saveTheDateFormSchema,
  async (input, user) => {
    const { message, ...data } = await saveSaveTheDate(input, user);
    return { ok: true as const, data, message };
  },
  storedOf("save-the-date"),
);

/** Pins or unpins a discussion or an ungrouped attachment (role 1). */
export const setPinAction = createAction(admin, pinSchema, async (input, user) => {
  const { message } = await setPinned(input, user);
  return { ok: true as const, data: null, message };
});

/** Deletes a discussion or an attachment with its document references (role 1). */
export const deleteContentAction = createAction(admin, deleteContentSchema, async (input, user) => {
  const { message } = await deleteContentItem(input, user);
  return { ok: true as const, data: null, message };
});

/** Deletes a save-the-date entry (role 1). */
export const deleteSaveTheDateAction = createAction(admin, deleteSaveTheDateSchema, async (input, user) => {
  const { message } = await deleteSaveTheDate(input, user);
  return { ok: true as const, data: null, message };
});

/** Adds a comment to a discussion post (role 1; everyone else is read-only). */
export const addCommentAction = createAction(admin, commentFormSchema, async (input, user) => {
  const { message, ...data } = await addComment(input, user);
  return { ok: true as const, data, message };
});

"use server";

import { z } from "zod";
import { createAction } from "@/lib/actions/action";
import { idSchema } from "../schemas";
import { acknowledgePost, remindUnread } from "./mutations";

/** 'I have read and understood this' on a must-read post addressed to the signed-in user (any role). */
export const acknowledgePostAction = createAction({}, z.object({ postId: idSchema }), async ({ postId }, user) => {
  const { acknowledgedAt, created } = await acknowledgePost(postId, user);
  return {
    ok: true as const,
    data: { acknowledgedAt: acknowledgedAt.toISOString() },
    message: created ? "Acknowledged" : "Already acknowledged",
  };
});

/** 'Remind those who have not read it': one mail per person through the outbox, at most once a day per post (role 1). */
export const remindUnreadAction = createAction(
  { capability: "manageContent" },
  z.object({ postId: idSchema }),
  async ({ postId }, user) => {
    const { queued } = await remindUnread(postId, user);
    return {
      ok: true as const,
      data: { queued },
      message: queued === 1 ? "1 reminder queued" : `${queued} reminders queued`,
    };
  },
);

"use server";

import { z } from "zod";
import { createAction } from "@/lib/actions/action";
import { idSchema } from "./schemas";
import { acknowledgePost } from "./reading";

/** 'I have read and understood this' on a must-read post addressed to the signed-in user (any role). */
export const acknowledgePostAction = createAction({}, z.object({ postId: idSchema }), async ({ postId }, user) => {
  const { acknowledgedAt, created } = await acknowledgePost(postId, user);
  return { ok: true as const, data: { acknowledgedAt: acknowledgedAt.toISOString() }, message: created ? "Acknowledged" : "Already acknowledged" };
});

"use server";

import { createAction } from "@/lib/actions/action";
import { uniformSaveSchema } from "./schemas";
import { UNIFORM_SAVED, saveUniformRequest } from "./mutations";

/**
 * Submits a uniform request (every signed-in user; the mail is queued with it), or with `id` saves the edit
 * screen's changes (its requester while it is open, administrators; the save refuses anyone else).
 */
export const saveUniformRequestAction = createAction({}, uniformSaveSchema, async (input, user) => {
  const data = await saveUniformRequest(input, user);
  return { ok: true as const, data, message: UNIFORM_SAVED };
});

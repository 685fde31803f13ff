"use server";

import { createAction } from "@/lib/actions/action";
import { uniformRequestSchema } from "./schemas";
import { UNIFORM_SAVED, saveUniformRequest } from "./mutations";

/** Submits a uniform request (every signed-in user; the mail is queued with it). */
export const saveUniformRequestAction = createAction({}, uniformRequestSchema, async (input, user) => {
  const data = await saveUniformRequest(input, user);
  return { ok: true as const, data, message: UNIFORM_SAVED };
});

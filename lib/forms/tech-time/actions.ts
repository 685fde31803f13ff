"use server";

import { createAction } from "@/lib/actions/action";
import { requestBaseUrl } from "@/lib/forms/submission";
import { TECH_SAVED, techTimeSchema } from "./schemas";
import { saveTechTime } from "./mutations";

/** Adds a tech time form, or updates one (staff: their own only), and queues its mail. */
export const saveTechTimeAction = createAction({}, techTimeSchema, async (input, user) => {
  const data = await saveTechTime(input, user, await requestBaseUrl());
  return { ok: true as const, data, message: TECH_SAVED };
});

"use server";

import { createAction } from "@/lib/actions/action";
import { listDeleteAction } from "@/lib/data-table/delete-action";
import { deleteTexts } from "@/lib/forms/delete-texts";
import { requestBaseUrl } from "@/lib/forms/submission";
import { savedMessage } from "@/lib/forms/submission-actions";
import { timeOffSchema } from "./schemas";
import { saveTimeOff } from "./mutations";
import { timeOffList } from "./queries";

const WHAT = "Time-off Request";

/** Adds a time-off request (signed-in users), or updates one (staff: their own while open), and queues its mail. */
export const saveTimeOffAction = createAction({}, timeOffSchema, async (input, user) => ({
  ok: true as const,
  data: await saveTimeOff(input, user, { baseUrl: await requestBaseUrl() }),
  message: savedMessage(WHAT, input),
}));

/** The list's multi-select delete (roles 1 and 2): what time-off-request/delete does. */
export const deleteTimeOffsAction = listDeleteAction(
  { capability: "manageStaffForms" },
  timeOffList.remove,
  deleteTexts(WHAT).done,
);

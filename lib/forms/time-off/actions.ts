"use server";

import { createAction } from "@/lib/actions/action";
import { requestBaseUrl } from "@/lib/forms/submission";
import { listDeleteAction } from "@/lib/data-table/delete-action";
import { deleteTexts } from "@/lib/forms/delete-texts";
import { timeOffSchema } from "./schemas";
import { saveTimeOff } from "./mutations";
import { timeOffList } from "./queries";

/** Adds a time-off request, or updates one (staff: their own while open), and queues its mail. */
export const saveTimeOffAction = createAction({}, timeOffSchema, async (input, user) => {
  const data = await saveTimeOff(input, user, await requestBaseUrl());
  return {
    ok: true as const,
    data,
    message: input.id ? "Time-off Request Updated Successfully" : "Time-off Request Added Successfully",
  };
});

/** The list's multi-select delete (roles 1 and 2): what time-off-request/delete does. */
export const deleteTimeOffsAction = listDeleteAction(
  { capability: "manageStaffForms" },
  timeOffList.remove,
  deleteTexts("Time-off Request").done,
);

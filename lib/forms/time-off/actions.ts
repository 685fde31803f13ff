"use server";

import { submissionActions } from "@/lib/forms/submission-actions";
import { timeOffSchema } from "./schemas";
import { saveTimeOff } from "./mutations";
import { timeOffList } from "./queries";

const actions = submissionActions("Time-off Request", timeOffSchema, saveTimeOff, timeOffList);

/** Adds a time-off request, or updates one (staff: their own while open), and queues its mail. */
export const saveTimeOffAction = actions.save;

/** The list's multi-select delete (roles 1 and 2): what time-off-request/delete does. */
export const deleteTimeOffsAction = actions.remove;

"use server";

import { submissionActions } from "@/lib/forms/submission-actions";
import { roReversalSchema } from "./schemas";
import { saveRoReversal } from "./mutations";
import { roReversalList } from "./queries";

const actions = submissionActions("RO Reversal Request", roReversalSchema, saveRoReversal, roReversalList);

/** Adds an RO reversal request, or updates one (staff: their own only), and queues its mail. */
export const saveRoReversalAction = actions.save;

/** The list's multi-select delete (roles 1 and 2): what ro-reversal-request/delete does. */
export const deleteRoReversalsAction = actions.remove;

"use server";

import { createAction } from "@/lib/actions/action";
import { listDeleteAction } from "@/lib/data-table/delete-action";
import { deleteTexts } from "@/lib/forms/delete-texts";
import { requestBaseUrl } from "@/lib/forms/submission";
import { savedMessage } from "@/lib/forms/submission-actions";
import { roReversalSchema } from "./schemas";
import { saveRoReversal } from "./mutations";
import { roReversalList } from "./queries";

const WHAT = "RO Reversal Request";

/** Adds an RO reversal request (signed-in users), or updates one (staff: their own only), and queues its mail. */
export const saveRoReversalAction = createAction({}, roReversalSchema, async (input, user) => ({
  ok: true as const,
  data: await saveRoReversal(input, user, { baseUrl: await requestBaseUrl() }),
  message: savedMessage(WHAT, input),
}));

/** The list's multi-select delete (roles 1 and 2): what ro-reversal-request/delete does. */
export const deleteRoReversalsAction = listDeleteAction(
  { capability: "manageStaffForms" },
  roReversalList.remove,
  deleteTexts(WHAT).done,
);

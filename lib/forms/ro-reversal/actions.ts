"use server";

import { createAction } from "@/lib/actions/action";
import { requestBaseUrl } from "@/lib/forms/submission";
import { roReversalSchema } from "./schemas";
import { saveRoReversal } from "./mutations";
import { listDeleteAction } from "@/lib/data-table/delete-action";
import { deleteTexts } from "@/lib/forms/delete-texts";
import { roReversalList } from "./queries";

/** Adds an RO reversal request, or updates one (staff: their own only), and queues its mail. */
export const saveRoReversalAction = createAction({}, roReversalSchema, async (input, user) => {
  const data = await saveRoReversal(input, user, await requestBaseUrl());
  return {
    ok: true as const,
    data,
    message: input.id ? "RO Reversal Request Updated Successfully" : "RO Reversal Request Added Successfully",
  };
});

/** The list's multi-select delete (roles 1 and 2): what ro-reversal-request/delete does. */
export const deleteRoReversalsAction = listDeleteAction(
  { capability: "manageStaffForms" },
  roReversalList.remove,
  deleteTexts("RO Reversal Request").done,
);

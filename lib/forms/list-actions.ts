"use server";
import { headers } from "next/headers";
import { createAction } from "@/lib/actions/action";
import type { SessionUser } from "@/lib/auth/session";
import { requestIdFrom } from "@/lib/log";
import { deleteTexts } from "./delete-texts";
import { deleteRecordsBody } from "@/lib/data-table/list-body";
import { MAPPER_ACCESS } from "./email-manager/api";
import { deleteMappings } from "./email-manager/mutations";
import { roReversalList } from "./ro-reversal/queries";
import { suggestionList } from "./suggestions/queries";
import { SUGGESTION_WHAT } from "./suggestions/columns";

/**
 * The staff-form lists' multi-select deletes (components/forms/form-list-actions.tsx). Each has its v1
 * delete call's access, body and function, so the same rows go and the same audit entries are written.
 */

type Remove = (input: { ids: number[]; user: SessionUser; requestId?: string | null }) => Promise<{
  deleted: number[];
}>;

async function removeRecords(remove: Remove, ids: number[], user: SessionUser, done: string) {
  const data = await remove({ ids, user, requestId: requestIdFrom(await headers()) });
  return { ok: true as const, data, message: done };
}

/** RO reversal requests (roles 1 and 2): what ro-reversal-request/delete does. */
export const deleteRoReversalsAction = createAction(
  { capability: "manageStaffForms" },
  deleteRecordsBody,
  async (input, user) =>
    removeRecords(roReversalList.remove, input.deleteArr, user, deleteTexts("RO Reversal Request").done),
);

/** Improvement suggestions (every user: roles 1 and 2 any, others their own): what suggestions/delete does. */
export const deleteSuggestionsAction = createAction({}, deleteRecordsBody, async (input, user) =>
  removeRecords(suggestionList.remove, input.deleteArr, user, deleteTexts(SUGGESTION_WHAT).done),
);

/** Form e-mail mappings (permission access_form_email_manager; closed ones role 1 only): what form/mapper/delete does. */
export const deleteMappingsAction = createAction(MAPPER_ACCESS, deleteRecordsBody, async (input, user) =>
  removeRecords(deleteMappings, input.deleteArr, user, deleteTexts("Form Email Mapper").done),
);

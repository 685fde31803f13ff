import "server-only";
import { schema } from "@/lib/db";
import type { SessionUser } from "@/lib/auth/session";
import type { RoReversalValues } from "./schemas";
import {
  rowSubmissionForm,
  saveSubmission,
  submissionValues,
  writeSubmission,
  type SubmissionInput,
} from "@/lib/forms/save-submission";
import { roReversalFields, roReversalFormValues } from "./columns";

const r = schema.roReversals;

const RO_REVERSAL = rowSubmissionForm(r, "No such RO reversal request.", roReversalFormValues);

/**
 * Saves an RO reversal request (new, or an edit of one the user may edit: lockEditableSubmission, with
 * what changed in its audit and timeline) and queues its mail in the same transaction: the row and its
 * mail commit together. The manager e-mail recorded is the location's. Returns the id and whether a
 * form email mapping routed it.
 */
export async function saveRoReversal(
  input: SubmissionInput<RoReversalValues>,
  user: SessionUser,
  baseUrl: string,
): Promise<{ id: number; routed: boolean }> {
  return saveSubmission(RO_REVERSAL, input, user, async (tx, v, location, stored) => {
    const warranty = v.payType === "Warranty";
    const values = submissionValues(
      { ...v, billedTime: warranty ? v.billedTime : null, questions: warranty ? v.questions : null },
      location,
      user,
    );
    return writeSubmission(
      tx,
      "ro_reversal",
      r,
      user,
      location,
      stored && { ...stored, fields: roReversalFields(stored.row, stored.locationName) },
      { values, fields: roReversalFields(v, location.name), title: `RO Reversal Request: ${v.employeeName}`, baseUrl },
    );
  });
}

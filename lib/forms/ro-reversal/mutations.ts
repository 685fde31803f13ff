import "server-only";
import { schema } from "@/lib/db";
import type { RoReversalValues } from "./schemas";
import { oneRowFormSave, submissionValues } from "@/lib/forms/save-submission";
import { roReversalFields, roReversalFormValues } from "./columns";

/**
 * Saves an RO reversal request (new, or an edit of one the user may edit: lockEditableSubmission, with
 * what changed in its audit and timeline) and queues its mail in the same transaction: the row and its
 * mail commit together. The manager e-mail recorded is the location's. Returns the id and whether a
 * form email mapping routed it.
 */
export const saveRoReversal = oneRowFormSave({
  key: "ro_reversal",
  table: schema.roReversals,
  notFound: "No such RO reversal request.",
  formValues: roReversalFormValues,
  fields: roReversalFields,
  build: (v: RoReversalValues, { location, user }) => {
    const warranty = v.payType === "Warranty";
    const values = submissionValues(
      { ...v, billedTime: warranty ? v.billedTime : null, questions: warranty ? v.questions : null },
      location,
      user,
    );
    return { values, fields: roReversalFields(v, location.name) };
  },
});

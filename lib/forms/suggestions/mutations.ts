import "server-only";
import { eq } from "drizzle-orm";
import { schema } from "@/lib/db";
import type { SuggestionInput } from "./schemas";
import { oneRowFormSave, submissionValues } from "@/lib/forms/save-submission";
import { suggestionFields, suggestionFormValues } from "./columns";
import { personNameOrUsernameOf } from "@/lib/users/display-name";

const s = schema.improvementSuggestions;

export const SUGGESTION_SAVED = "Continuous Improvement Suggestion Saved Successfully";
export const SUGGESTION_NOT_FOUND = "No such suggestion.";

/**
 * Adds or updates a continuous improvement suggestion. The location's name, manager e-mail and
 * manager name are recorded from the location itself (an unknown location is a 422 'Select Location').
 * A new suggestion queues its mail in the same transaction; an update (lockEditableSubmission: its requester
 * while open, administrators) records what changed in the audit log and the timeline, and sends none.
 */
export const saveSuggestion = oneRowFormSave({
  key: "improvement_suggestion",
  table: s,
  notFound: SUGGESTION_NOT_FOUND,
  formValues: suggestionFormValues,
  fields: suggestionFields,
  mailOnUpdate: false,
  build: async (input: SuggestionInput & { id?: number | null }, { tx, location, user }) => {
    const [manager] = await tx
      .select({ name: schema.locations.managerName })
      .from(schema.locations)
      .where(eq(schema.locations.id, location.id));
    const values = {
      ...submissionValues(
        {
          ...input,
          phoneNumber: input.phoneNumber || null,
          describeCurrentProcessAndProblem: input.describeCurrentProcessAndProblem || null,
          howWillItBenefit: input.howWillItBenefit || null,
        },
        location,
        user,
      ),
      locationName: location.name,
      managerName: manager?.name ?? null,
      updatedByName: personNameOrUsernameOf(user),
    };
    return {
      values,
      fields: suggestionFields(input, location.name),
    };
  },
});

import "server-only";
import { eq } from "drizzle-orm";
import { schema } from "@/lib/db";
import type { SessionUser } from "@/lib/auth/session";
import { writeAudit } from "@/lib/system/audit";
import type { SuggestionInput } from "./schemas";
import {
  insertSubmission,
  lockEditableSubmission,
  queueSubmissionMail,
  saveInFormTransaction,
  submissionValues,
} from "@/lib/forms/save-submission";
import { suggestionFields } from "./columns";

const s = schema.improvementSuggestions;
const fullName = (user: SessionUser) => `${user.firstName} ${user.lastName}`.trim() || user.username;

export const SUGGESTION_SAVED = "Continuous Improvement Suggestion Saved Successfully";

/**
 * Adds or updates a continuous improvement suggestion. The location's name, manager e-mail and
 * manager name are recorded from the location itself (an unknown location is a 422 'select Location').
 * A new suggestion queues its mail in the same transaction; an update may only touch a suggestion the
 * user may edit (roles 1 and 2: any; others: their own, else 403) and sends none.
 */
export async function saveSuggestion(
  input: SuggestionInput & { id?: number | null },
  user: SessionUser,
  opts: { requestId?: string | null; baseUrl?: string } = {},
): Promise<{ id: number; routed: boolean }> {
  return saveInFormTransaction(input.locationId, async (tx, location) => {
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
      updatedByName: fullName(user),
    };
    if (input.id) {
      await lockEditableSubmission(tx, s, input.id, user, "No such suggestion.");
      const [row] = await tx.update(s).set(values).where(eq(s.id, input.id)).returning({ id: s.id, routed: s.routed });
      await writeAudit(
        {
          actorId: user.id,
          action: "update",
          entity: "improvement-suggestion",
          entityId: row.id,
          requestId: opts.requestId,
        },
        tx,
      );
      return row;
    }
    const id = await insertSubmission(tx, s, "improvement_suggestion", { ...values, createdBy: user.id });
    const { routed } = await queueSubmissionMail(tx, "improvement_suggestion", location, user, {
      title: `Continuous Improvement Suggestion: ${input.name}`,
      fields: suggestionFields(input, location.name),
      recordPath: `/continuous/improvement/suggestions/view/${id}`,
      baseUrl: opts.baseUrl,
    });
    if (!routed) await tx.update(s).set({ routed }).where(eq(s.id, id));
    return { id, routed };
  });
}

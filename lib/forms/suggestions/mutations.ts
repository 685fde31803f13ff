import "server-only";
import { stampDueAt } from "@/lib/requests/targets";
import { and, eq } from "drizzle-orm";
import { getDb, schema } from "@/lib/db";
import type { SessionUser } from "@/lib/auth/session";
import { requireFormLocation } from "@/lib/forms/locations";
import { enqueueSubmissionMail } from "@/lib/forms/submission-mail";
import { ownRecordOr404, submitterOf } from "@/lib/forms/submission";
import { assertEditableByRequester } from "@/lib/requests/mutations";
import { displayDate } from "@/lib/forms/fields";
import { writeAudit } from "@/lib/system/audit";
import { suggestionScope } from "./list";
import type { SuggestionInput } from "./schemas";

const s = schema.improvementSuggestions;
const fullName = (user: SessionUser) => `${user.firstName} ${user.lastName}`.trim() || user.username;

export const SUGGESTION_SAVED = "Continuous Improvement Suggestion Saved Successfully";

/** A suggestion as its form and the get call read it, or null when the user may not see it. */
export async function getSuggestion(id: number, user: SessionUser) {
  const db = await getDb();
  const [row] = await db
    .select()
    .from(s)
    .where(and(eq(s.id, id), suggestionScope(user)))
    .limit(1);
  return row ?? null;
}

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
  const db = await getDb();
  return db.transaction(async (tx) => {
    const location = await requireFormLocation(tx, input.locationId, "locationId");
    const [manager] = await tx
      .select({ name: schema.locations.managerName })
      .from(schema.locations)
      .where(eq(schema.locations.id, location.id));
    const values = {
      name: input.name,
      date: input.date,
      locationId: location.id,
      locationName: location.name,
      email: input.email,
      phoneNumber: input.phoneNumber || null,
      describeCurrentProcessAndProblem: input.describeCurrentProcessAndProblem || null,
      howWillItBenefit: input.howWillItBenefit || null,
      managerEmail: location.managerEmail,
      managerName: manager?.name ?? null,
      updatedBy: user.id,
      updatedByName: fullName(user),
    };
    if (input.id) {
      const [existing] = await tx
        .select({ id: s.id, createdBy: s.createdBy, status: s.status })
        .from(s)
        .where(eq(s.id, input.id))
        .for("update");
      assertEditableByRequester(ownRecordOr404(existing, user, "No such suggestion."), user);
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
    const [row] = await tx
      .insert(s)
      .values({ ...values, createdBy: user.id })
      .returning({ id: s.id });
    await stampDueAt(tx, "improvement_suggestion", row.id, new Date());
    const { routed } = await enqueueSubmissionMail(tx, {
      form: "improvement_suggestion",
      locationId: location.id,
      managerEmail: location.managerEmail,
      submitter: submitterOf(user),
      title: `Continuous Improvement Suggestion: ${input.name}`,
      fields: [
        { label: "Name", value: input.name },
        { label: "Date", value: displayDate(input.date) },
        { label: "Location", value: location.name },
        { label: "Email", value: input.email },
        { label: "Phone", value: input.phoneNumber },
        {
          label: "What Project / Process Improvement are you Proposing?",
          value: input.describeCurrentProcessAndProblem,
        },
        { label: "How will it Benefit the Business?", value: input.howWillItBenefit },
      ],
      recordPath: `/continuous/improvement/suggestions/view/${row.id}`,
      baseUrl: opts.baseUrl,
    });
    if (!routed) await tx.update(s).set({ routed }).where(eq(s.id, row.id));
    return { id: row.id, routed };
  });
}

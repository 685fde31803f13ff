import "server-only";
import { eq } from "drizzle-orm";
import type { PgColumn, PgInsertValue, PgTable } from "drizzle-orm/pg-core";
import { getDb, type Tx } from "@/lib/db";
import type { SessionUser } from "@/lib/auth/session";
import type { FormKey } from "@/lib/forms/form-keys";
import { requireFormLocation } from "@/lib/forms/locations";
import { enqueueSubmissionMail, type SubmissionMailInput } from "@/lib/forms/submission-mail";
import { ownRecordOr404, submitterOf } from "@/lib/forms/submission";
import { assertEditableByRequester } from "@/lib/requests/mutations";
import type { RequestStatus } from "@/lib/forms/request-statuses";
import { stampDueAt } from "@/lib/requests/targets";

/** The location a staff form names, as a save sees it. */
export type FormLocation = Awaited<ReturnType<typeof requireFormLocation>>;

/** A staff form table: every one has an id, its creator and the request status (db/schema/forms.ts). */
type StaffFormTable = PgTable & { id: PgColumn; createdBy: PgColumn; status: PgColumn };

/**
 * Runs `save` in one transaction with the form's location (an unknown one is a 422 'select Location' on
 * `locationId`): the row and its mail commit together.
 */
export async function saveInFormTransaction<T>(
  locationId: number,
  save: (tx: Tx, location: FormLocation) => Promise<T>,
): Promise<T> {
  const db = await getDb();
  return db.transaction(async (tx) => save(tx, await requireFormLocation(tx, locationId, "locationId")));
}

/**
 * Locks the submission `id` for an update by `user`: their own (any for roles 1 and 2) else a 404
 * `notFound`, and still editable by its requester (lib/requests/mutations.ts) else a 403.
 */
export async function lockEditableSubmission(
  tx: Tx,
  table: StaffFormTable,
  id: number,
  user: SessionUser,
  notFound: string,
): Promise<void> {
  const [existing] = (await tx
    .select({ id: table.id, createdBy: table.createdBy, status: table.status })
    .from(table)
    .where(eq(table.id, id))
    .for("update")) as { id: number; createdBy: number | null; status: RequestStatus }[];
  assertEditableByRequester(ownRecordOr404(existing, user, notFound), user);
}

/**
 * The row a save writes: the form's own values under their own names (its fields but the record's `id`
 * and `locationId`), the location as it stands (its id and its manager's e-mail) and who saved it.
 */
export function submissionValues<V extends { id?: number | null; locationId: number }>(
  form: V,
  location: FormLocation,
  user: SessionUser,
) {
  const { id: _id, locationId: _locationId, ...own } = form;
  return { ...own, locationId: location.id, managerEmail: location.managerEmail, updatedBy: user.id };
}

/** Inserts a new submission created by `user` and stamps its due date from the form's target. */
export async function insertSubmission<T extends StaffFormTable>(
  tx: Tx,
  table: T,
  form: FormKey,
  values: PgInsertValue<T>,
): Promise<number> {
  const [{ id }] = (await tx.insert(table).values(values).returning({ id: table.id })) as { id: number }[];
  await stampDueAt(tx, form, id, new Date());
  return id;
}

/** Queues the submission's mail from `user` at `location` (routed by the form's email mapping, if any). */
export function queueSubmissionMail(
  tx: Tx,
  form: FormKey,
  location: FormLocation,
  user: SessionUser,
  mail: Pick<SubmissionMailInput, "title" | "fields" | "recordPath" | "baseUrl">,
): Promise<{ routed: boolean }> {
  return enqueueSubmissionMail(tx, {
    form,
    locationId: location.id,
    managerEmail: location.managerEmail,
    submitter: submitterOf(user),
    ...mail,
  });
}

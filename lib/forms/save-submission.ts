import "server-only";
import { eq } from "drizzle-orm";
import type { PgColumn, PgInsertValue, PgTable } from "drizzle-orm/pg-core";
import { getDb, schema, type Tx } from "@/lib/db";
import type { SessionUser } from "@/lib/auth/session";
import type { FormKey } from "@/lib/forms/form-keys";
import { staffFormHref } from "@/lib/forms/registry";
import { readRequestReference } from "@/lib/forms/registry-server";
import { requireFormLocation } from "@/lib/forms/locations";
import { enqueueSubmissionMail, type SubmissionMailInput } from "@/lib/forms/submission-mail";
import { ownRecordOr404, submitterOf } from "@/lib/forms/submission";
import { editRefusal, moveRefusal } from "@/lib/requests/edit-rules";
import { EDITABLE_BY_REQUESTER } from "@/lib/requests/transitions";
import { writeAudit } from "@/lib/system/audit";
import type { RequestStatus } from "@/lib/forms/request-statuses";
import { stampDueAt } from "@/lib/requests/targets";

/** The location a staff form names, as a save sees it. */
export type FormLocation = Awaited<ReturnType<typeof requireFormLocation>>;

/** A staff form table: every one has an id, its creator and the request status (db/schema/forms.ts). */
type StaffFormTable = PgTable & { id: PgColumn; createdBy: PgColumn; status: PgColumn; locationId: PgColumn };

/**
 * What a staff form's save is given: the form's values (a new request, or a screen's whole form), or a v1
 * update's id and how its values are made from the stored request's form values (lib/forms/api-body.ts
 * `submission`): saveSubmission runs it on the row it has locked, so a concurrent change to a field the
 * body left out is kept, never overwritten by a value read before.
 */
export type SubmissionInput<V> = V | OverStoredInput<V>;
type OverStoredInput<V> = { id: number; overStored: (stored: Record<string, unknown>, tx: Tx) => Promise<V> };

const isOverStored = <V>(input: SubmissionInput<V>): input is OverStoredInput<V> =>
  typeof input === "object" && input !== null && "overStored" in input;

/** A locked submission as lockEditableSubmission answers it. */
export type LockedSubmission<T extends StaffFormTable> = { row: T["$inferSelect"]; locationName: string | null };

/**
 * Saves a staff form in one transaction. An update (the values' `id`, or a v1 body's) first locks the
 * row under the request's rules (lockEditableSubmission: 404, 403, 409); a v1 body's values are then made
 * from the locked row's form values (`formValues`, read in this transaction). Then the form's location
 * (an unknown one is a 422 'Select Location' on `locationId`) and the move rule; `save` writes the row
 * and its mail, which commit together.
 */
export async function saveSubmission<T extends StaffFormTable, V extends { id?: number | null; locationId: number }, R>(
  form: {
    table: T;
    notFound: string;
    formValues: (tx: Tx, stored: LockedSubmission<T>) => Promise<Record<string, unknown>> | Record<string, unknown>;
  },
  input: SubmissionInput<V>,
  user: SessionUser,
  save: (tx: Tx, v: V, location: FormLocation, stored: LockedSubmission<T> | null) => Promise<R>,
): Promise<R> {
  const db = await getDb();
  return db.transaction(async (tx) => {
    const id = isOverStored(input) ? input.id : ((input as V).id ?? null);
    const stored = id ? await lockEditableSubmission(tx, form.table, id, user, form.notFound) : null;
    const v = isOverStored(input) ? await input.overStored(await form.formValues(tx, stored!), tx) : (input as V);
    const location = await requireFormLocation(tx, v.locationId, "locationId");
    const moved = stored && moveRefusal(user, (stored.row as SubmissionHead).locationId, location.id);
    if (moved) throw moved;
    return save(tx, v, location, stored);
  });
}

/** What a save is told by its caller: the portal's URL for its mail's link, a v1 call's request id for the audit. */
export type SaveCall = { baseUrl?: string; requestId?: string | null };

/** What a one-row form's `build` is given with the form's values: their location, the locked row of an update, the user. */
type OneRowAt<T extends StaffFormTable> = {
  tx: Tx;
  location: FormLocation;
  stored: LockedSubmission<T> | null;
  user: SessionUser;
};

/** What a one-row form's save writes: the row's values and its fields as the mail and timeline show them. */
type OneRowWrite<T extends StaffFormTable> = { values: PgInsertValue<T>; fields: ContentField[] };

/**
 * A one-row form's save (no child rows), `(input, user, call)`, made once from its facts: saveSubmission on
 * its `table` (a v1 update's fields lie over the locked row's `formValues`), then writeSubmission of what
 * `build` makes of the form's values at their location: the row's values, its `fields` (the stored row's
 * are the form's `fields` of it). `mailOnUpdate: false`: the form's updates send no mail.
 */
export function oneRowFormSave<
  T extends StaffFormTable & { routed: PgColumn },
  V extends { id?: number | null; locationId: number },
>(form: {
  key: FormKey;
  table: T;
  notFound: string;
  formValues: (row: T["$inferSelect"]) => Record<string, unknown>;
  fields: (row: T["$inferSelect"], locationName: string | null) => ContentField[];
  mailOnUpdate?: boolean;
  build: (input: V, at: OneRowAt<T>) => Promise<OneRowWrite<T>> | OneRowWrite<T>;
}) {
  const source = {
    table: form.table,
    notFound: form.notFound,
    formValues: (_tx: Tx, stored: LockedSubmission<T>) => form.formValues(stored.row),
  };
  return (
    input: SubmissionInput<V>,
    user: SessionUser,
    call: SaveCall = {},
  ): Promise<{ id: number; routed: boolean }> =>
    saveSubmission(source, input, user, async (tx, v, location, stored) => {
      const { values, fields } = await form.build(v, { tx, location, stored, user });
      const before = stored && { ...stored, fields: form.fields(stored.row, stored.locationName) };
      return writeSubmission(tx, form.key, form.table, user, location, before, {
        values,
        fields,
        ...call,
        mailOnUpdate: form.mailOnUpdate,
      });
    });
}

/** A request's content as its mail and timeline name it: label and display value, in the form's order. */
export type ContentField = { label: string; value: string };

/**
 * Locks the submission `id` for a change by `user` and returns it as stored, with its location's name:
 * someone else's (staff) is the same 404 `notFound` as a missing one; then the request's rules
 * (lib/requests/edit-rules.ts): its requester while it is open (409 once decided), administrators always,
 * approvers never (403); and, given the `locationId` it is saved at, it stays at its location unless an
 * administrator moves it (saveSubmission checks that once the values are resolved).
 */
export async function lockEditableSubmission<T extends StaffFormTable>(
  tx: Tx,
  table: T,
  id: number,
  user: SessionUser,
  notFound: string,
  locationId?: number,
): Promise<LockedSubmission<T>> {
  const l = schema.locations;
  const [hit] = (await tx
    .select({ row: table as PgTable, locationName: l.name })
    .from(table as PgTable)
    .leftJoin(l, eq(l.id, table.locationId))
    .where(eq(table.id, id))
    .for("update", { of: table as PgTable })) as { row: T["$inferSelect"]; locationName: string | null }[];
  const row = ownRecordOr404(hit?.row as (T["$inferSelect"] & SubmissionHead) | undefined, user, notFound);
  const refusal =
    editRefusal(user, row) ?? (locationId === undefined ? null : moveRefusal(user, row.locationId, locationId));
  if (refusal) throw refusal;
  return { row, locationName: hit.locationName };
}

type SubmissionHead = { id: number; createdBy: number | null; status: RequestStatus; locationId: number | null };

/**
 * Records an update of a request in the same transaction: an audit row with the fields that changed
 * (before and after); in its timeline, a move to another location ('move', from and to), and any other
 * change made by someone not its requester or after it was decided ('edit', each field before → after),
 * so a decided request never changes silently. Nothing changed: nothing is recorded.
 */
export async function recordSubmissionChange(
  tx: Tx,
  form: FormKey,
  user: SessionUser,
  stored: { row: SubmissionHead; locationName: string | null; fields: ContentField[] },
  saved: { locationId: number; locationName: string; fields: ContentField[] },
  requestId?: string | null,
): Promise<void> {
  const before = new Map(stored.fields.map((f) => [f.label, f.value]));
  const after = new Map(saved.fields.map((f) => [f.label, f.value]));
  const labels = [...new Set([...before.keys(), ...after.keys()])];
  const changed = labels.filter((k) => (before.get(k) ?? "") !== (after.get(k) ?? ""));
  const moved = stored.row.locationId !== saved.locationId;
  if (!changed.length && !moved) return;
  await writeAudit(
    {
      actorId: user.id,
      action: "request.edit",
      entity: form,
      entityId: stored.row.id,
      before: {
        ...Object.fromEntries(changed.map((k) => [k, before.get(k) ?? ""])),
        locationId: stored.row.locationId,
      },
      after: { ...Object.fromEntries(changed.map((k) => [k, after.get(k) ?? ""])), locationId: saved.locationId },
      requestId,
    },
    tx,
  );
  const event = { formKey: form, recordId: stored.row.id, actorId: user.id, actorName: submitterOf(user).name };
  const status = { fromStatus: stored.row.status, toStatus: stored.row.status };
  if (moved)
    await tx.insert(schema.requestEvents).values({
      ...event,
      ...status,
      decision: "move",
      comment: `Moved from ${stored.locationName ?? "no location"} to ${saved.locationName}.`,
    });
  // The location's own line is the move's; the rest of what changed, when the timeline must show it.
  const edits = changed.filter((k) => k !== LOCATION_LABEL);
  const tracked = stored.row.createdBy !== user.id || !EDITABLE_BY_REQUESTER.has(stored.row.status);
  if (edits.length && tracked)
    await tx.insert(schema.requestEvents).values({
      ...event,
      ...status,
      decision: "edit",
      comment: edits.map((k) => `${k}: ${shown(before.get(k))} → ${shown(after.get(k))}`).join("\n"),
    });
}

/** The label every form's field list gives the location (its change is the timeline's 'move'). */
export const LOCATION_LABEL = "Location";
const shown = (v: string | undefined) => (v ? `'${v}'` : "(empty)");

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

/**
 * A simple form's write (one row, no child rows): an update of the locked `stored` row with what changed
 * recorded (recordSubmissionChange, under the call's `requestId`), or a new row (insertSubmission); then
 * its mail ('Updated ' before the title of an update's), and whether a form email mapping routed it. A form
 * whose updates send no mail (`mailOnUpdate: false`) keeps the stored row's `routed`.
 */
export async function writeSubmission<T extends StaffFormTable & { routed: PgColumn }>(
  tx: Tx,
  form: FormKey,
  table: T,
  user: SessionUser,
  location: FormLocation,
  stored: (LockedSubmission<T> & { fields: ContentField[] }) | null,
  write: {
    values: PgInsertValue<T>;
    fields: ContentField[];
    baseUrl?: string;
    requestId?: string | null;
    mailOnUpdate?: boolean;
  },
): Promise<{ id: number; routed: boolean }> {
  let id: number;
  if (stored) {
    id = (stored.row as SubmissionHead).id;
    await tx
      .update(table)
      .set(write.values as never)
      .where(eq(table.id, id));
    await recordSubmissionChange(
      tx,
      form,
      user,
      stored as never,
      { locationId: location.id, locationName: location.name, fields: write.fields },
      write.requestId,
    );
    if (write.mailOnUpdate === false) return { id, routed: (stored.row as { routed: boolean }).routed };
  } else {
    id = await insertSubmission(tx, table, form, { ...write.values, createdBy: user.id });
  }
  const { routed } = await queueSubmissionMail(tx, form, id, location, user, {
    updated: !!stored,
    fields: write.fields,
    baseUrl: write.baseUrl,
  });
  await tx
    .update(table)
    .set({ routed } as never)
    .where(eq(table.id, id));
  return { id, routed };
}

/**
 * Queues the mail of submission `id` from `user` at `location` (routed by the form's email mapping, if
 * any), titled by the request's reference as saved (lib/forms/references.ts; 'Updated ' before an update's);
 * it links to the record's page. Call it once the request's rows are written.
 */
export async function queueSubmissionMail(
  tx: Tx,
  form: FormKey,
  id: number,
  location: FormLocation,
  user: SessionUser,
  { updated, ...mail }: Pick<SubmissionMailInput, "fields" | "baseUrl"> & { updated: boolean },
): Promise<{ routed: boolean }> {
  const reference = (await readRequestReference(tx, form, id)) ?? `#${id}`;
  return enqueueSubmissionMail(tx, {
    form,
    locationId: location.id,
    managerEmail: location.managerEmail,
    submitter: submitterOf(user),
    recordPath: staffFormHref(form, "view", id),
    title: `${updated ? "Updated " : ""}${reference}`,
    ...mail,
  });
}

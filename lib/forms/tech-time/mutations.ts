import "server-only";
import { and, eq } from "drizzle-orm";
import { schema, type Tx } from "@/lib/db";
import type { SessionUser } from "@/lib/auth/session";
import { rowHasData, type TechTimeValues } from "./schemas";
import {
  insertSubmission,
  queueSubmissionMail,
  recordSubmissionChange,
  saveSubmission,
  submissionValues,
  type SubmissionInput,
} from "@/lib/forms/save-submission";
import { formRows, techTimeFormValues } from "./queries";
import { techTimeFields, techTimeRowFields, techTimeRowsText } from "./columns";

const tt = schema.techTimes;
const rows = schema.techTimeRows;

const orNull = (v: string) => (v === "" ? null : v);

/** A form's stored rows, in their order, as the form's texts (empty for none), read in the save's transaction. */
async function storedRows(tx: Tx, id: number) {
  return formRows(await tx.select().from(rows).where(eq(rows.techTimeId, id)).orderBy(rows.kind, rows.position));
}

/**
 * The tech time table as saveSubmission reads it: a v1 update's fields lie over the locked form's values,
 * its rows and its location's name (the v1 body names the location by name) read in the same transaction.
 */
const TECH_TIMES = {
  table: tt,
  notFound: "No such tech time form.",
  formValues: async (tx: Tx, stored: { row: typeof tt.$inferSelect; locationName: string | null }) => ({
    ...techTimeFormValues({ ...stored.row, ...(await storedRows(tx, stored.row.id)) }),
    locationName: stored.locationName ?? "",
  }),
};

/**
 * Saves a tech time form (new, or an edit the user may make) with its non-empty rows, and queues its
 * mail in the same transaction. The manager e-mail recorded is the location's.
 */
export async function saveTechTime(
  input: SubmissionInput<TechTimeValues>,
  user: SessionUser,
  baseUrl: string,
): Promise<{ id: number; routed: boolean }> {
  return saveSubmission(TECH_TIMES, input, user, async (tx, v, location, stored) => {
    const { attendance: _attendance, shop: _shop, ...form } = v;
    const attendance = v.attendance.filter(rowHasData);
    const shop = v.shop.filter(rowHasData);
    const values = { ...submissionValues(form, location, user), rowsText: techTimeRowsText(attendance, shop) };
    const fields = [...techTimeFields(v, location.name), ...techTimeRowFields(attendance, shop)];
    let id: number;
    if (stored) {
      id = stored.row.id;
      const before = await storedRows(tx, id);
      await tx.update(tt).set(values).where(eq(tt.id, id));
      await tx.delete(rows).where(eq(rows.techTimeId, id));
      await recordSubmissionChange(
        tx,
        "tech_time",
        user,
        {
          ...stored,
          fields: [
            ...techTimeFields(stored.row, stored.locationName),
            ...techTimeRowFields(before.attendance, before.shop),
          ],
        },
        { locationId: location.id, locationName: location.name, fields },
      );
    } else {
      id = await insertSubmission(tx, tt, "tech_time", { ...values, createdBy: user.id });
    }
    const children = [
      ...attendance.map((a, i) => ({
        techTimeId: id,
        kind: "attendance" as const,
        position: i,
        date: orNull(a.date),
        reason: orNull(a.reason),
        timeIn: orNull(a.timeIn),
        timeOut: orNull(a.timeOut),
      })),
      ...shop.map((s, i) => ({
        techTimeId: id,
        kind: "shop" as const,
        position: i,
        date: orNull(s.date),
        reason: orNull(s.reason),
        customerName: orNull(s.customerName),
        roNumber: orNull(s.roNumber),
        job: orNull(s.job),
        timeIn: orNull(s.timeIn),
        timeOut: orNull(s.timeOut),
      })),
    ];
    if (children.length) await tx.insert(rows).values(children);
    const { routed } = await queueSubmissionMail(tx, "tech_time", id, location, user, {
      updated: !!stored,
      fields,
      baseUrl,
    });
    await tx
      .update(tt)
      .set({ routed })
      .where(and(eq(tt.id, id)));
    return { id, routed };
  });
}

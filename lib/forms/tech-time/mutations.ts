import "server-only";
import { and, eq } from "drizzle-orm";
import { schema, type Tx } from "@/lib/db";
import type { SessionUser } from "@/lib/auth/session";
import { rowHasData, type TechTimeValues } from "./schemas";
import {
  insertSubmission,
  lockEditableSubmission,
  queueSubmissionMail,
  recordSubmissionChange,
  saveInFormTransaction,
  submissionValues,
} from "@/lib/forms/save-submission";
import { techTimeFields, techTimeRowFields } from "./columns";

const tt = schema.techTimes;
const rows = schema.techTimeRows;

const orNull = (v: string) => (v === "" ? null : v);

/** A form's stored rows, in their order, as the form's texts (empty for none). */
async function storedRows(tx: Tx, id: number) {
  const stored = await tx.select().from(rows).where(eq(rows.techTimeId, id)).orderBy(rows.kind, rows.position);
  const texts = stored.map((x) => ({
    kind: x.kind,
    date: x.date ?? "",
    reason: x.reason ?? "",
    customerName: x.customerName ?? "",
    roNumber: x.roNumber ?? "",
    job: x.job ?? "",
    timeIn: x.timeIn ?? "",
    timeOut: x.timeOut ?? "",
  }));
  return { attendance: texts.filter((x) => x.kind === "attendance"), shop: texts.filter((x) => x.kind === "shop") };
}

/**
 * Saves a tech time form (new, or an edit the user may make) with its non-empty rows, and queues its
 * mail in the same transaction. The manager e-mail recorded is the location's.
 */
export async function saveTechTime(
  v: TechTimeValues,
  user: SessionUser,
  baseUrl: string,
): Promise<{ id: number; routed: boolean }> {
  return saveInFormTransaction(v.locationId, async (tx, location) => {
    const { attendance: _attendance, shop: _shop, ...form } = v;
    const values = submissionValues(form, location, user);
    const attendance = v.attendance.filter(rowHasData);
    const shop = v.shop.filter(rowHasData);
    const fields = [...techTimeFields(v, location.name), ...techTimeRowFields(attendance, shop)];
    let id: number;
    if (v.id) {
      const stored = await lockEditableSubmission(tx, tt, v.id, user, "No such tech time form.", location.id);
      const before = await storedRows(tx, v.id);
      await tx.update(tt).set(values).where(eq(tt.id, v.id));
      await tx.delete(rows).where(eq(rows.techTimeId, v.id));
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
      id = v.id;
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
      title: `${v.id ? "Updated " : ""}Tech Time Edit Form: ${v.employeeName}`,
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

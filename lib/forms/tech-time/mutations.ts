import "server-only";
import { and, eq } from "drizzle-orm";
import { schema } from "@/lib/db";
import type { SessionUser } from "@/lib/auth/session";
import { displayDate } from "@/lib/forms/fields";
import { rowHasData, type TechTimeValues } from "./schemas";
import {
  insertSubmission,
  lockEditableSubmission,
  queueSubmissionMail,
  saveInFormTransaction,
  submissionValues,
} from "@/lib/forms/save-submission";
import { techTimeFields } from "./columns";

const tt = schema.techTimes;
const rows = schema.techTimeRows;

const orNull = (v: string) => (v === "" ? null : v);
const span = (a: string, b: string) => (a || b ? `${a || "?"}–${b || "?"}` : "");

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
    let id: number;
    if (v.id) {
      await lockEditableSubmission(tx, tt, v.id, user, "No such tech time form.");
      await tx.update(tt).set(values).where(eq(tt.id, v.id));
      await tx.delete(rows).where(eq(rows.techTimeId, v.id));
      id = v.id;
    } else {
      id = await insertSubmission(tx, tt, "tech_time", { ...values, createdBy: user.id });
    }
    const attendance = v.attendance.filter(rowHasData);
    const shop = v.shop.filter(rowHasData);
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
    const { routed } = await queueSubmissionMail(tx, "tech_time", location, user, {
      title: `${v.id ? "Updated " : ""}Tech Time Edit Form: ${v.employeeName}`,
      fields: [
        ...techTimeFields(v, location.name),
        ...attendance.map((a, i) => ({
          label: `Attendance clock time ${i + 1}`,
          value: [displayDate(a.date), a.reason, span(a.timeIn, a.timeOut)].filter(Boolean).join(" · "),
        })),
        ...shop.map((s, i) => ({
          label: `Shop time ${i + 1}`,
          value: [
            displayDate(s.date),
            s.customerName,
            s.roNumber && `RO ${s.roNumber}`,
            s.reason,
            s.job,
            span(s.timeIn, s.timeOut),
          ]
            .filter(Boolean)
            .join(" · "),
        })),
      ],
      recordPath: `/techtime/view/${id}`,
      baseUrl,
    });
    await tx
      .update(tt)
      .set({ routed })
      .where(and(eq(tt.id, id)));
    return { id, routed };
  });
}

import "server-only";
import { and, asc, eq, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { getDb, schema, type Db } from "@/lib/db";
import { contains, equalsId } from "@/lib/data-table/query";
import type { SessionUser } from "@/lib/auth/session";
import { defineFormList } from "@/lib/forms/list";
import { requireFormLocation } from "@/lib/forms/locations";
import { enqueueSubmissionMail } from "@/lib/forms/submission-mail";
import { ownRecordOr404, ownSubmissions, submitterOf } from "@/lib/forms/submission";
import { displayDate } from "@/lib/forms/fields";
import { TECH_DEFAULT_SORT, techLabel, type TechTimeRow } from "./columns";
import { rowHasData, type AttendanceRowValues, type ShopRowValues, type TechTimeValues } from "./schema";

const tt = schema.techTimes;
const rows = schema.techTimeRows;
const updater = alias(schema.users, "updater");
const { locations } = schema;

const rowColumns = {
  id: tt.id,
  employeeNumber: tt.employeeNumber,
  employeeName: tt.employeeName,
  employeeEmail: tt.employeeEmail,
  date: tt.date,
  locationId: tt.locationId,
  locationName: locations.name,
  managerEmail: tt.managerEmail,
  routed: tt.routed,
  createdBy: tt.createdBy,
  updatedByName: sql<string | null>`nullif(trim(${updater.firstName} || ' ' || ${updater.lastName}), '')`,
  updatedAt: tt.updatedAt,
};

/** The tech time list: staff see their own forms, roles 1 and 2 everyone's. */
export const techTimeList = defineFormList<TechTimeRow>({
  kind: "tech-time",
  table: tt,
  id: tt.id,
  query: {
    columns: {
      id: { sort: [] },
      employee_number: { sort: [sql`lower(${tt.employeeNumber})`], filter: contains(tt.employeeNumber) },
      employee_name: { sort: [sql`lower(${tt.employeeName})`], filter: contains(tt.employeeName) },
      employee_email: { sort: [sql`lower(${tt.employeeEmail})`], filter: contains(tt.employeeEmail) },
      date: { sort: [tt.date] },
      location: { sort: [sql`${locations.name}`], filter: equalsId(tt.locationId) },
      updated_by: { sort: [sql`lower(${updater.firstName})`, sql`lower(${updater.lastName})`] },
      updated_at: { sort: [tt.updatedAt] },
    },
    tiebreak: tt.id,
    defaultSort: TECH_DEFAULT_SORT,
  },
  columns: rowColumns,
  from: (db: Db, cols) =>
    db
      .select(cols as never)
      .from(tt)
      .leftJoin(locations, eq(locations.id, tt.locationId))
      .leftJoin(updater, eq(updater.id, tt.updatedBy)),
  joinedSorts: ["location", "updated_by"],
  scope: ownSubmissions(tt.createdBy),
  export: {
    path: "/api/export/techtime",
    sheetName: "Tech Time",
    filePrefix: "tech-time",
    columns: [
      { header: techLabel("employee_number"), value: (x) => x.employeeNumber },
      { header: techLabel("employee_name"), value: (x) => x.employeeName },
      { header: techLabel("employee_email"), value: (x) => x.employeeEmail },
      { header: techLabel("date"), value: (x) => displayDate(x.date) },
      { header: "Location", value: (x) => x.locationName },
      { header: techLabel("updated_by"), value: (x) => x.updatedByName },
      { header: techLabel("updated_at"), value: (x) => x.updatedAt },
    ],
  },
});

export type TechTimeRecord = TechTimeRow & { attendance: AttendanceRowValues[]; shop: ShopRowValues[] };

/** One tech time form with its rows (staff: their own only), else a 404 (someone else's too). */
export async function getTechTime(id: number, user: SessionUser): Promise<TechTimeRecord> {
  const db = await getDb();
  const [row] = (await techTimeList.definition.from(db, rowColumns).where(eq(tt.id, id)).limit(1)) as TechTimeRow[];
  ownRecordOr404(row, user, "No such tech time form.");
  const children = await db.select().from(rows).where(eq(rows.techTimeId, id)).orderBy(asc(rows.kind), asc(rows.position));
  const s = (v: string | null) => v ?? "";
  return {
    ...row,
    attendance: children.filter((c) => c.kind === "attendance").map((c) => ({ date: s(c.date), reason: s(c.reason), timeIn: s(c.timeIn), timeOut: s(c.timeOut) })),
    shop: children
      .filter((c) => c.kind === "shop")
      .map((c) => ({ date: s(c.date), customerName: s(c.customerName), roNumber: s(c.roNumber), reason: s(c.reason), job: s(c.job), timeIn: s(c.timeIn), timeOut: s(c.timeOut) })),
  };
}

const orNull = (v: string) => (v === "" ? null : v);
const span = (a: string, b: string) => (a || b ? `${a || "?"}–${b || "?"}` : "");

/**
 * Saves a tech time form (new, or an edit the user may make) with its non-empty rows, and queues its
 * mail in the same transaction. The manager e-mail recorded is the location's.
 */
export async function saveTechTime(v: TechTimeValues, user: SessionUser, baseUrl: string): Promise<{ id: number; routed: boolean }> {
  const db = await getDb();
  return db.transaction(async (tx) => {
    const location = await requireFormLocation(tx, v.locationId, "locationId");
    const values = {
      employeeNumber: v.employeeNumber,
      employeeName: v.employeeName,
      employeeEmail: v.employeeEmail,
      date: v.date,
      locationId: location.id,
      managerEmail: location.managerEmail,
      updatedBy: user.id,
    };
    let id: number;
    if (v.id) {
      const [existing] = await tx.select({ id: tt.id, createdBy: tt.createdBy }).from(tt).where(eq(tt.id, v.id)).for("update");
      ownRecordOr404(existing, user, "No such tech time form.");
      await tx.update(tt).set(values).where(eq(tt.id, v.id));
      await tx.delete(rows).where(eq(rows.techTimeId, v.id));
      id = v.id;
    } else {
      [{ id }] = await tx
        .insert(tt)
        .values({ ...values, createdBy: user.id })
        .returning({ id: tt.id });
    }
    const attendance = v.attendance.filter(rowHasData);
    const shop = v.shop.filter(rowHasData);
    const children = [
      ...attendance.map((a, i) => ({ techTimeId: id, kind: "attendance" as const, position: i, date: orNull(a.date), reason: orNull(a.reason), timeIn: orNull(a.timeIn), timeOut: orNull(a.timeOut) })),
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
    const { routed } = await enqueueSubmissionMail(tx, {
      form: "tech_time",
      locationId: location.id,
      managerEmail: location.managerEmail,
      submitter: submitterOf(user),
      title: `${v.id ? "Updated " : ""}Tech Time Edit Form: ${v.employeeName}`,
      fields: [
        { label: "Emp Number", value: v.employeeNumber },
        { label: "Employee's Full Name", value: v.employeeName },
        { label: "Date", value: displayDate(v.date) },
        { label: "Location", value: location.name },
        { label: "Employee Email", value: v.employeeEmail },
        ...attendance.map((a, i) => ({ label: `Attendance clock time ${i + 1}`, value: [displayDate(a.date), a.reason, span(a.timeIn, a.timeOut)].filter(Boolean).join(" · ") })),
        ...shop.map((s, i) => ({
          label: `Shop time ${i + 1}`,
          value: [displayDate(s.date), s.customerName, s.roNumber && `RO ${s.roNumber}`, s.reason, s.job, span(s.timeIn, s.timeOut)].filter(Boolean).join(" · "),
        })),
      ],
      recordPath: `/techtime/edit/${id}`,
      baseUrl,
    });
    await tx.update(tt).set({ routed }).where(and(eq(tt.id, id)));
    return { id, routed };
  });
}

/** A list row with the v1 payload's names. */
export function toApiTechTime(x: TechTimeRow) {
  return {
    id: x.id,
    empolyee_number: x.employeeNumber,
    employee_number: x.employeeNumber,
    empolyee_name: x.employeeName,
    employee_name: x.employeeName,
    employee_email: x.employeeEmail,
    date: displayDate(x.date),
    location: x.locationName,
    location_id: x.locationId,
    manager_email: x.managerEmail,
    routed: x.routed,
    updated_by: x.updatedByName,
    updated_at: x.updatedAt.toISOString(),
  };
}

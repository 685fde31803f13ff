import "server-only";
import { stampDueAt } from "@/lib/requests/targets";
import {
  requestStateColumns,
  requestStateExportColumns,
  requestStateQueryColumns,
  toApiRequestState,
} from "@/lib/requests/columns";
import { and, asc, eq, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { getDb, schema, type Db } from "@/lib/db";
import { contains, equalsId } from "@/lib/data-table/query";
import type { SessionUser } from "@/lib/auth/session";
import { defineFormList } from "@/lib/forms/list";
import { requireFormLocation } from "@/lib/forms/locations";
import { enqueueSubmissionMail } from "@/lib/forms/submission-mail";
import { ownRecordOr404, ownSubmissions, submitterOf } from "@/lib/forms/submission";
import { assertEditableByRequester } from "@/lib/requests/mutations";
import { displayDate } from "@/lib/forms/fields";
import { TECH_DEFAULT_SORT, techLabel, type TechTimeRow } from "./columns";
import { exportDay, exportTime, type ExportColumn } from "@/lib/data-table/export";
import {
  ATTENDANCE_ROWS,
  SHOP_ROWS_MAX,
  rowHasData,
  type AttendanceRowValues,
  type ShopRowValues,
  type TechTimeValues,
} from "./schema";

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
  ...requestStateColumns(tt),
};

/** A form with its attendance and shop rows, as the export reads them. */
export type TechTimeExportRow = TechTimeRow & {
  children: { attendance: AttendanceRowValues[]; shop: ShopRowValues[] };
};
type ChildRow = {
  k: "attendance" | "shop";
  d: string | null;
  r: string | null;
  c: string | null;
  n: string | null;
  j: string | null;
  i: string | null;
  o: string | null;
};

/**
 * The form's rows in one correlated subquery (an index range on tech_time_rows' unique key per form),
 * as JSON text read back into the two lists: the export's batches stay one statement each.
 */
const childRows =
  sql<string>`(select coalesce(json_agg(json_build_object('k', ${rows.kind}, 'd', ${rows.date}, 'r', ${rows.reason}, 'c', ${rows.customerName},
  'n', ${rows.roNumber}, 'j', ${rows.job}, 'i', ${rows.timeIn}, 'o', ${rows.timeOut}) order by ${rows.kind}, ${rows.position}), '[]')::text
  from ${rows} where ${rows.techTimeId} = ${tt.id})`.mapWith((text: string): TechTimeExportRow["children"] => {
    const list = JSON.parse(text) as ChildRow[];
    const s = (v: string | null) => v ?? "";
    return {
      attendance: list
        .filter((c) => c.k === "attendance")
        .map((c) => ({ date: s(c.d), reason: s(c.r), timeIn: s(c.i), timeOut: s(c.o) })),
      shop: list
        .filter((c) => c.k === "shop")
        .map((c) => ({
          date: s(c.d),
          customerName: s(c.c),
          roNumber: s(c.n),
          reason: s(c.r),
          job: s(c.j),
          timeIn: s(c.i),
          timeOut: s(c.o),
        })),
    };
  });

/**
 * The rows' columns: every row the form can hold (4 attendance, up to 16 shop rows) with the form's
 * labels, one line per form, dates and times as date and time cells.
 */
function rowColumnsOf(): ExportColumn<TechTimeExportRow>[] {
  const out: ExportColumn<TechTimeExportRow>[] = [];
  for (let i = 0; i < ATTENDANCE_ROWS; i++) {
    const at = (x: TechTimeExportRow) => x.children.attendance[i];
    const h = `Attendance ${i + 1}`;
    out.push(
      { header: `${h} Date`, value: (x) => exportDay(at(x)?.date) },
      { header: `${h} Reason For Edit`, value: (x) => at(x)?.reason },
      { header: `${h} Time In`, value: (x) => exportTime(at(x)?.timeIn) },
      { header: `${h} Time Out`, value: (x) => exportTime(at(x)?.timeOut) },
    );
  }
  for (let i = 0; i < SHOP_ROWS_MAX; i++) {
    const at = (x: TechTimeExportRow) => x.children.shop[i];
    const h = `Shop Time ${i + 1}`;
    out.push(
      { header: `${h} Date`, value: (x) => exportDay(at(x)?.date) },
      { header: `${h} Customer Name`, value: (x) => at(x)?.customerName },
      { header: `${h} RO Number`, value: (x) => at(x)?.roNumber },
      { header: `${h} Reason`, value: (x) => at(x)?.reason },
      { header: `${h} Job`, value: (x) => at(x)?.job },
      { header: `${h} Time In`, value: (x) => exportTime(at(x)?.timeIn) },
      { header: `${h} Time Out`, value: (x) => exportTime(at(x)?.timeOut) },
    );
  }
  return out;
}

/** The tech time list: staff see their own forms, roles 1 and 2 everyone's. */
export const techTimeList = defineFormList<TechTimeRow, TechTimeExportRow>({
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
      ...requestStateQueryColumns(tt),
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
    select: { children: childRows },
    columns: [
      { header: techLabel("employee_number"), value: (x) => x.employeeNumber },
      { header: techLabel("employee_name"), value: (x) => x.employeeName },
      { header: techLabel("employee_email"), value: (x) => x.employeeEmail },
      { header: techLabel("date"), value: (x) => exportDay(x.date) },
      { header: "Location", value: (x) => x.locationName },
      { header: techLabel("updated_by"), value: (x) => x.updatedByName },
      { header: techLabel("updated_at"), value: (x) => x.updatedAt },
      ...requestStateExportColumns<TechTimeExportRow>(),
      ...rowColumnsOf(),
    ],
  },
});

export type TechTimeRecord = TechTimeRow & { attendance: AttendanceRowValues[]; shop: ShopRowValues[] };

/** The stored rows of a form, in their order, as the form and the detail page read them. */
async function loadRows(id: number): Promise<Pick<TechTimeRecord, "attendance" | "shop">> {
  const db = await getDb();
  const children = await db
    .select()
    .from(rows)
    .where(eq(rows.techTimeId, id))
    .orderBy(asc(rows.kind), asc(rows.position));
  const s = (v: string | null) => v ?? "";
  return {
    attendance: children
      .filter((c) => c.kind === "attendance")
      .map((c) => ({ date: s(c.date), reason: s(c.reason), timeIn: s(c.timeIn), timeOut: s(c.timeOut) })),
    shop: children
      .filter((c) => c.kind === "shop")
      .map((c) => ({
        date: s(c.date),
        customerName: s(c.customerName),
        roNumber: s(c.roNumber),
        reason: s(c.reason),
        job: s(c.job),
        timeIn: s(c.timeIn),
        timeOut: s(c.timeOut),
      })),
  };
}

/** One tech time form with its rows (staff: their own only), else a 404 (someone else's too). */
export async function getTechTime(id: number, user: SessionUser): Promise<TechTimeRecord> {
  const db = await getDb();
  const [row] = (await techTimeList.definition.from(db, rowColumns).where(eq(tt.id, id)).limit(1)) as TechTimeRow[];
  ownRecordOr404(row, user, "No such tech time form.");
  return { ...row, ...(await loadRows(id)) };
}

/**
 * One tech time form with its rows for its detail page: the user's own, or any for roles 1 and 2;
 * null for one they may not see, as for an unknown id.
 */
export async function findTechTime(id: number, user: SessionUser): Promise<TechTimeRecord | null> {
  const db = await getDb();
  const [row] = (await techTimeList.definition
    .from(db, rowColumns)
    .where(and(eq(tt.id, id), ownSubmissions(tt.createdBy)(user)))
    .limit(1)) as TechTimeRow[];
  return row ? { ...row, ...(await loadRows(id)) } : null;
}

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
      const [existing] = await tx
        .select({ id: tt.id, createdBy: tt.createdBy, status: tt.status })
        .from(tt)
        .where(eq(tt.id, v.id))
        .for("update");
      assertEditableByRequester(ownRecordOr404(existing, user, "No such tech time form."), user);
      await tx.update(tt).set(values).where(eq(tt.id, v.id));
      await tx.delete(rows).where(eq(rows.techTimeId, v.id));
      id = v.id;
    } else {
      [{ id }] = await tx
        .insert(tt)
        .values({ ...values, createdBy: user.id })
        .returning({ id: tt.id });
      await stampDueAt(tx, "tech_time", id, new Date());
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
    ...toApiRequestState(x),
  };
}

import "server-only";
import { and, asc, eq, sql } from "drizzle-orm";
import { getDb, schema } from "@/lib/db";
import { contains } from "@/lib/data-table/query";
import type { SessionUser } from "@/lib/auth/session";
import { submissionColumns, submissionExportColumns, submissionListSource } from "@/lib/forms/submission-columns";
import { ownRecordOr404, ownSubmissions } from "@/lib/forms/submission";
import { defineList } from "@/lib/data-table/list-definition";
import { TECH_DEFAULT_SORT, techLabel, type TechTimeRow } from "./columns";
import { exportDay, exportTime, type ExportColumn } from "@/lib/data-table/export";
import {
  ATTENDANCE_ROWS,
  SHOP_ROWS_MAX,
  techTimeFormRows,
  type AttendanceRowValues,
  type ShopRowValues,
  type TechTimeInput,
} from "./schemas";
import { recordFormKeys } from "@/lib/forms/fields";
import { techTimeReference } from "@/lib/forms/references";

const tt = schema.techTimes;
const rows = schema.techTimeRows;

const rowColumns = {
  id: tt.id,
  // What the form is called (lib/forms/references.ts): two forms of one person on one day read apart in the list.
  reference: techTimeReference(sql`${sql.identifier("tech_times")}`),
  employeeNumber: tt.employeeNumber,
  employeeName: tt.employeeName,
  employeeEmail: tt.employeeEmail,
  date: tt.date,
  ...submissionColumns(tt),
};

/** A form with its attendance and shop rows, as the export reads them. */
export type TechTimeExportRow = TechTimeRow & {
  children: { attendance: AttendanceRowValues[]; shop: ShopRowValues[] };
};

/** A stored row of a form (tech_time_rows), as both reads below get it. */
type StoredRow = Pick<
  typeof rows.$inferSelect,
  "kind" | "date" | "reason" | "customerName" | "roNumber" | "job" | "timeIn" | "timeOut"
>;

/** A form's stored rows, in their order, as its two lists (empty cells as ""). */
export function formRows(stored: StoredRow[]): TechTimeExportRow["children"] {
  const s = (v: string | null) => v ?? "";
  return {
    attendance: stored
      .filter((c) => c.kind === "attendance")
      .map((c) => ({ date: s(c.date), reason: s(c.reason), timeIn: s(c.timeIn), timeOut: s(c.timeOut) })),
    shop: stored
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

/**
 * The form's rows in one correlated subquery (an index range on tech_time_rows' unique key per form),
 * as JSON text read back into the two lists: the export's batches stay one statement each.
 */
const childRows =
  sql<string>`(select coalesce(json_agg(json_build_object('kind', ${rows.kind}, 'date', ${rows.date}, 'reason', ${rows.reason},
  'customerName', ${rows.customerName}, 'roNumber', ${rows.roNumber}, 'job', ${rows.job}, 'timeIn', ${rows.timeIn},
  'timeOut', ${rows.timeOut}) order by ${rows.kind}, ${rows.position}), '[]')::text
  from ${rows} where ${rows.techTimeId} = ${tt.id})`.mapWith((text: string) =>
    formRows(JSON.parse(text) as StoredRow[]),
  );

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
export const techTimeList = defineList<TechTimeRow, TechTimeExportRow>({
  kind: "tech-time",
  ...submissionListSource(tt, {
    defaultSort: TECH_DEFAULT_SORT,
    columns: {
      employee_number: { sort: [sql`lower(${tt.employeeNumber})`], filter: contains(tt.employeeNumber) },
      employee_name: { sort: [sql`lower(${tt.employeeName})`], filter: contains(tt.employeeName) },
      employee_email: { sort: [sql`lower(${tt.employeeEmail})`], filter: contains(tt.employeeEmail) },
      date: { sort: [tt.date] },
    },
  }),
  columns: rowColumns,
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
      ...submissionExportColumns<TechTimeExportRow>(),
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
  return formRows(children);
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

/** A stored form as the form's values, its rows padded: its edit page starts from them, a v1 update lays its fields over them. */
export function techTimeFormValues(
  row: Pick<
    TechTimeRecord,
    "id" | "locationId" | "employeeNumber" | "employeeName" | "date" | "employeeEmail" | "attendance" | "shop"
  >,
): TechTimeInput {
  return {
    ...recordFormKeys(row),
    employeeNumber: row.employeeNumber,
    employeeName: row.employeeName,
    date: row.date,
    employeeEmail: row.employeeEmail,
    ...techTimeFormRows(row.attendance, row.shop),
  };
}

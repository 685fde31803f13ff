import "server-only";
import { stampDueAt } from "@/lib/requests/targets";
import {
  requestStateColumns,
  requestStateExportColumns,
  requestStateQueryColumns,
  toApiRequestState,
} from "@/lib/requests/columns";
import { and, eq, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { getDb, schema, type Db } from "@/lib/db";
import { contains, equalsId } from "@/lib/data-table/query";
import type { SessionUser } from "@/lib/auth/session";
import { defineFormList } from "@/lib/forms/list";
import { requireFormLocation } from "@/lib/forms/locations";
import { enqueueSubmissionMail } from "@/lib/forms/submission-mail";
import { assertEditableByRequester } from "@/lib/requests/mutations";
import { ownRecordOr404, ownSubmissions, submitterOf } from "@/lib/forms/submission";
import { displayDate } from "@/lib/forms/fields";
import { exportDay } from "@/lib/data-table/export";
import { RO_DEFAULT_SORT, roLabel, type RoReversalRow } from "./columns";
import type { RoReversalValues } from "./schema";

const r = schema.roReversals;
const updater = alias(schema.users, "updater");
const { locations } = schema;

const rowColumns = {
  id: r.id,
  employeeName: r.employeeName,
  dateOfRequest: r.dateOfRequest,
  fullRa: r.fullRa,
  dateRaClosed: r.dateRaClosed,
  payType: r.payType,
  reason: r.reason,
  billedTime: r.billedTime,
  questions: r.questions,
  locationId: r.locationId,
  locationName: locations.name,
  managerEmail: r.managerEmail,
  routed: r.routed,
  createdBy: r.createdBy,
  updatedByName: sql<string | null>`nullif(trim(${updater.firstName} || ' ' || ${updater.lastName}), '')`,
  updatedAt: r.updatedAt,
  ...requestStateColumns(r),
};

export const RO_EXPORT_PATH = "/api/export/roreversal";

/** The RO reversal list: staff see their own requests, roles 1 and 2 everyone's (and may delete). */
export const roReversalList = defineFormList<RoReversalRow>({
  kind: "ro-reversal",
  table: r,
  id: r.id,
  query: {
    columns: {
      id: { sort: [] },
      employee_name: { sort: [sql`lower(${r.employeeName})`], filter: contains(r.employeeName) },
      date_of_request: { sort: [r.dateOfRequest] },
      full_ra: { sort: [sql`lower(${r.fullRa})`], filter: contains(r.fullRa) },
      date_ra: { sort: [r.dateRaClosed] },
      pay_type: {
        sort: [r.payType],
        filter: { kind: "id", where: (v) => eq(r.payType, v === "2" ? "Warranty" : "Customer Pay") },
      },
      reason: { filter: contains(r.reason) },
      billed_time: { sort: [r.billedTime] },
      location: { sort: [sql`${locations.name}`], filter: equalsId(r.locationId) },
      updated_by: { sort: [sql`lower(${updater.firstName})`, sql`lower(${updater.lastName})`] },
      updated_at: { sort: [r.updatedAt] },
      ...requestStateQueryColumns(r),
    },
    tiebreak: r.id,
    defaultSort: RO_DEFAULT_SORT,
  },
  columns: rowColumns,
  from: (db: Db, cols) =>
    db
      .select(cols as never)
      .from(r)
      .leftJoin(locations, eq(locations.id, r.locationId))
      .leftJoin(updater, eq(updater.id, r.updatedBy)),
  joinedSorts: ["location", "updated_by"],
  scope: ownSubmissions(r.createdBy),
  export: {
    path: RO_EXPORT_PATH,
    sheetName: "RO Reversal Requests",
    filePrefix: "ro-reversal-requests",
    columns: [
      { header: roLabel("employee_name"), value: (x) => x.employeeName },
      { header: roLabel("date_of_request"), value: (x) => exportDay(x.dateOfRequest) },
      { header: roLabel("full_ra"), value: (x) => x.fullRa },
      { header: roLabel("date_ra"), value: (x) => exportDay(x.dateRaClosed) },
      { header: roLabel("pay_type"), value: (x) => x.payType },
      { header: roLabel("reason"), value: (x) => x.reason },
      { header: roLabel("billed_time"), value: (x) => x.billedTime },
      { header: roLabel("questions"), value: (x) => x.questions },
      { header: "Location", value: (x) => x.locationName },
      { header: roLabel("updated_by"), value: (x) => x.updatedByName },
      { header: roLabel("updated_at"), value: (x) => x.updatedAt },
      ...requestStateExportColumns<RoReversalRow>(),
    ],
  },
});

/** One RO reversal request the user may see (their own unless they manage the forms), else a 404. */
export async function getRoReversal(id: number, user: SessionUser): Promise<RoReversalRow> {
  const db = await getDb();
  const [row] = (await roReversalList.definition.from(db, rowColumns).where(eq(r.id, id)).limit(1)) as RoReversalRow[];
  return ownRecordOr404(row, user, "No such RO reversal request.");
}

/**
 * One RO reversal request for its detail page: the user's own, or any for roles 1 and 2 (the list's
 * scope); null for one they may not see, as for an unknown id, so the page cannot tell them apart.
 */
export async function findRoReversal(id: number, user: SessionUser): Promise<RoReversalRow | null> {
  const db = await getDb();
  const [row] = (await roReversalList.definition
    .from(db, rowColumns)
    .where(and(eq(r.id, id), ownSubmissions(r.createdBy)(user)))
    .limit(1)) as RoReversalRow[];
  return row ?? null;
}

/**
 * Saves an RO reversal request (new, or an edit of one the user may edit) and queues its mail in the
 * same transaction: the row and its mail commit together. The manager e-mail recorded is the
 * location's. Returns the id and whether a form email mapping routed it.
 */
export async function saveRoReversal(
  v: RoReversalValues,
  user: SessionUser,
  baseUrl: string,
): Promise<{ id: number; routed: boolean }> {
  const db = await getDb();
  return db.transaction(async (tx) => {
    const location = await requireFormLocation(tx, v.locationId, "locationId");
    const values = {
      employeeName: v.employeeName,
      dateOfRequest: v.dateOfRequest,
      fullRa: v.fullRa,
      dateRaClosed: v.dateRaClosed,
      payType: v.payType,
      reason: v.reason,
      billedTime: v.payType === "Warranty" ? v.billedTime : null,
      questions: v.payType === "Warranty" ? v.questions : null,
      locationId: location.id,
      managerEmail: location.managerEmail,
      updatedBy: user.id,
    };
    let id: number;
    if (v.id) {
      const [existing] = await tx
        .select({ id: r.id, createdBy: r.createdBy, status: r.status })
        .from(r)
        .where(eq(r.id, v.id))
        .for("update");
      assertEditableByRequester(ownRecordOr404(existing, user, "No such RO reversal request."), user);
      await tx.update(r).set(values).where(eq(r.id, v.id));
      id = v.id;
    } else {
      [{ id }] = await tx
        .insert(r)
        .values({ ...values, createdBy: user.id })
        .returning({ id: r.id });
      await stampDueAt(tx, "ro_reversal", id, new Date());
    }
    const fields = [
      { label: "Employee Name", value: v.employeeName },
      { label: "Date of Request", value: displayDate(v.dateOfRequest) },
      { label: "Full RA#", value: v.fullRa },
      { label: "Date RA Was Originally Closed", value: displayDate(v.dateRaClosed) },
      { label: "Pay Type", value: v.payType },
      { label: "Location", value: location.name },
      { label: "Reason Reversal Is Required", value: v.reason },
      ...(v.payType === "Warranty"
        ? [
            { label: "How much time in vs Billed?", value: v.billedTime },
            { label: "What is the Tech's Efficiency MTD?", value: v.questions },
          ]
        : []),
    ];
    const { routed } = await enqueueSubmissionMail(tx, {
      form: "ro_reversal",
      locationId: location.id,
      managerEmail: location.managerEmail,
      submitter: submitterOf(user),
      title: `${v.id ? "Updated " : ""}RO Reversal Request: ${v.employeeName}`,
      fields,
      recordPath: `/roreversal/view/${id}`,
      baseUrl,
    });
    await tx.update(r).set({ routed }).where(eq(r.id, id));
    return { id, routed };
  });
}

/** A row with the v1 payload's names. */
export function toApiRoReversal(x: RoReversalRow) {
  return {
    id: x.id,
    empolyee_name: x.employeeName,
    date_of_request: displayDate(x.dateOfRequest),
    full_ra: x.fullRa,
    date_ra: displayDate(x.dateRaClosed),
    date_ra_was_originally_closed: displayDate(x.dateRaClosed),
    pay_type: x.payType,
    location: x.locationId,
    location_name: x.locationName,
    reason: x.reason,
    billed_time: x.billedTime ?? "",
    howMuchTimeBilled: x.billedTime ?? "",
    questions: x.questions ?? "",
    manager_email: x.managerEmail,
    routed: x.routed,
    updated_by: x.updatedByName,
    updated_at: x.updatedAt.toISOString(),
    ...toApiRequestState(x),
  };
}

import "server-only";
import { eq, sql } from "drizzle-orm";
import { schema } from "@/lib/db";
import { contains } from "@/lib/data-table/query";
import { defineList } from "@/lib/data-table/list-definition";
import {
  submissionColumns,
  submissionExportColumns,
  submissionListSource,
  submissionRecords,
} from "@/lib/forms/submission-columns";
import { exportDay } from "@/lib/data-table/export";
import { RO_DEFAULT_SORT, roLabel, type RoReversalRow } from "./columns";

const r = schema.roReversals;

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
  ...submissionColumns(r),
};

export const RO_EXPORT_PATH = "/api/export/roreversal";

/** The RO reversal list: staff see their own requests, roles 1 and 2 everyone's (and may delete). */
export const roReversalList = defineList<RoReversalRow>({
  kind: "ro-reversal",
  ...submissionListSource(r, {
    defaultSort: RO_DEFAULT_SORT,
    columns: {
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
    },
  }),
  columns: rowColumns,
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
      ...submissionExportColumns<RoReversalRow>(),
    ],
  },
});

const records = submissionRecords<RoReversalRow>(r, rowColumns, "No such RO reversal request.");

/** One RO reversal request the user may see (their own unless they manage the forms), else a 404. */
export const getRoReversal = records.get;

/**
 * One RO reversal request for its detail page: the user's own, or any for roles 1 and 2 (the list's
 * scope); null for one they may not see, as for an unknown id, so the page cannot tell them apart.
 */
export const findRoReversal = records.find;

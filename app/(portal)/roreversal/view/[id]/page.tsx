import type { Metadata } from "next";
import { connection } from "next/server";
import { pageGuard, requireUser } from "@/lib/auth/guards";
import { displayDate } from "@/lib/forms/fields";
import { findRoReversal } from "@/lib/forms/ro-reversal/queries";
import type { RoReversalRow } from "@/lib/forms/ro-reversal/columns";
import { RequestRecordDetail } from "@/components/forms/request-record-detail";
import type { RecordDetailProps } from "@/components/forms/record-detail";
import { loadRequestRecord, type RecordPageProps } from "@/app/(portal)/_lib/record-page";

export const metadata: Metadata = { title: "RO Reversal Request" };

/** What the page shows of a request: whose and which RA, then its fields (the warranty answers for a warranty). */
function details(row: RoReversalRow): Pick<RecordDetailProps, "subtitle" | "fields" | "repeated"> {
  const warranty = row.payType === "Warranty";
  return {
    subtitle: `${row.employeeName} · ${row.fullRa}`,
    fields: [
      { label: "Employee Name", value: row.employeeName },
      { label: "Date of Request", value: displayDate(row.dateOfRequest) },
      { label: "Full RA#", value: row.fullRa },
      { label: "Date RA Was Originally Closed", value: displayDate(row.dateRaClosed) },
      { label: "Pay Type", value: row.payType },
      { label: "Location", value: row.locationName },
      { label: "Reason Reversal Is Required", value: row.reason },
      ...(warranty
        ? [
            { label: "How much time in vs Billed?", value: row.billedTime },
            { label: "What is the Tech's Efficiency MTD?", value: row.questions },
          ]
        : []),
    ],
  };
}

/**
 * An RO reversal request, read-only and in full. Staff see their own requests, roles 1 and 2 everyone's
 * (as the get call); someone else's request is the same 404 as an unknown id.
 */
export default async function RoReversalViewPage({ params }: RecordPageProps) {
  await connection();
  const user = await pageGuard(requireUser());
  const { row, record } = await loadRequestRecord("ro_reversal", params, user, (id) => findRoReversal(id, user));
  return <RequestRecordDetail record={record} {...details(row)} />;
}

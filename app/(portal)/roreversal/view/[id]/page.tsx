import type { Metadata } from "next";
import { connection } from "next/server";
import { notFound } from "next/navigation";
import { pageGuard, requireUser } from "@/lib/auth/guards";
import { displayDate } from "@/lib/forms/fields";
import { formRecordId } from "@/lib/forms/page-id";
import { findRoReversal } from "@/lib/forms/ro-reversal/queries";
import { DateText } from "@/components/content/date-text";
import { RecordDetail } from "@/components/forms/record-detail";
import { RequestPanel } from "@/components/requests/request-panel";
import { loadRequestPanel } from "@/lib/requests/queries";
import { listApproverCandidates } from "@/lib/forms/email-manager/queries";

export const metadata: Metadata = { title: "RO Reversal Request" };

/**
 * An RO reversal request, read-only and in full. Staff see their own requests, roles 1 and 2 everyone's
 * (as the get call); someone else's request is the same 404 as an unknown id.
 */
export default async function RoReversalViewPage({ params }: { params: Promise<{ id: string }> }) {
  await connection();
  const user = await pageGuard(requireUser());
  const id = formRecordId((await params).id);
  const row = id ? await findRoReversal(id, user) : null;
  if (!row) notFound();
  const panel = await loadRequestPanel("ro_reversal", row.id, user);
  const approvers = panel?.mayAssign ? await listApproverCandidates() : [];
  const warranty = row.payType === "Warranty";
  return (
    <RecordDetail
      title="RO Reversal Request"
      subtitle={`${row.employeeName} · ${row.fullRa}`}
      back={{ href: "/roreversal/list", label: "Back to list" }}
      edit={panel?.requesterMayEdit === false ? undefined : { href: `/roreversal/edit/${row.id}`, label: "Edit" }}
      fields={[
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
        { label: "Updated By", value: row.updatedByName },
        { label: "Updated At", value: <DateText date={row.updatedAt} kind="us" /> },
      ]}
    >
      {panel && <RequestPanel panel={panel} approvers={approvers} />}
    </RecordDetail>
  );
}

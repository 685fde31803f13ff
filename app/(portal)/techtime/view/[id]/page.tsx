import type { Metadata } from "next";
import { connection } from "next/server";
import { notFound } from "next/navigation";
import { pageGuard, requireUser } from "@/lib/auth/guards";
import { displayDate } from "@/lib/forms/fields";
import { formRecordId } from "@/lib/forms/page-id";
import { findTechTime } from "@/lib/forms/tech-time/queries";
import { DateText } from "@/components/content/date-text";
import { RecordDetail } from "@/components/forms/record-detail";
import { RequestPanel } from "@/components/requests/request-panel";
import { loadRequestPanel } from "@/lib/requests/queries";
import { listApproverCandidates } from "@/lib/forms/email-manager/queries";

export const metadata: Metadata = { title: "Tech Time" };

/**
 * A tech time form, read-only and in full, with its attendance and shop rows. Staff see their own
 * forms, roles 1 and 2 everyone's; someone else's form is the same 404 as an unknown id.
 */
export default async function TechTimeViewPage({ params }: { params: Promise<{ id: string }> }) {
  await connection();
  const user = await pageGuard(requireUser());
  const id = formRecordId((await params).id);
  const row = id ? await findTechTime(id, user) : null;
  if (!row) notFound();
  const panel = await loadRequestPanel("tech_time", row.id, user);
  const approvers = panel?.mayAssign ? await listApproverCandidates() : [];
  return (
    <RecordDetail
      title="Tech Time"
      subtitle={`${row.employeeName} · ${displayDate(row.date)}`}
      back={{ href: "/techtime/list", label: "Back to list" }}
      edit={panel?.requesterMayEdit === false ? undefined : { href: `/techtime/edit/${row.id}`, label: "Edit" }}
      fields={[
        { label: "Emp Number", value: row.employeeNumber },
        { label: "Employee's Full Name", value: row.employeeName },
        { label: "Date", value: displayDate(row.date) },
        { label: "Location", value: row.locationName },
        { label: "Employee Email", value: row.employeeEmail },
        { label: "Updated By", value: row.updatedByName },
        { label: "Updated At", value: <DateText date={row.updatedAt} kind="us" /> },
      ]}
      repeated={[
        {
          title: "Attendance Clock Time Corrections",
          rowTitle: (i) => `Attendance row ${i + 1}`,
          emptyText: "No attendance rows were filled in.",
          rows: row.attendance.map((a) => [
            { label: "Date", value: displayDate(a.date) },
            { label: "Reason For Edit", value: a.reason },
            { label: "Time In", value: a.timeIn },
            { label: "Time Out", value: a.timeOut },
          ]),
        },
        {
          title: "Shop Time Corrections",
          rowTitle: (i) => `Shop time row ${i + 1}`,
          emptyText: "No shop time rows were filled in.",
          rows: row.shop.map((s) => [
            { label: "Date", value: displayDate(s.date) },
            { label: "Customer Name", value: s.customerName },
            { label: "RO Number", value: s.roNumber },
            { label: "Reason", value: s.reason },
            { label: "Job", value: s.job },
            { label: "Time In", value: s.timeIn },
            { label: "Time Out", value: s.timeOut },
          ]),
        },
      ]}
    >
      {panel && <RequestPanel panel={panel} approvers={approvers} />}
    </RecordDetail>
  );
}

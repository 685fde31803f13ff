import type { Metadata } from "next";
import { connection } from "next/server";
import { notFound } from "next/navigation";
import { pageGuard, requireUser } from "@/lib/auth/guards";
import { displayDate } from "@/lib/forms/fields";
import { formRecordId } from "@/lib/forms/page-id";
import { SUGGESTION_FIELD_LABELS } from "@/lib/forms/suggestions/columns";
import { getSuggestion } from "@/lib/forms/suggestions/queries";
import { DateText } from "@/components/content/date-text";
import { RecordDetail } from "@/components/forms/record-detail";
import { RequestPanel } from "@/components/requests/request-panel";
import { loadRequestPanel } from "@/lib/requests/queries";
import { listApproverCandidates } from "@/lib/forms/email-manager/queries";

export const metadata: Metadata = { title: "Continuous Improvement Suggestion" };

/**
 * A continuous improvement suggestion, read-only and in full. Staff see their own suggestions, roles 1
 * and 2 everyone's (as the get call); someone else's is the same 404 as an unknown id.
 */
export default async function SuggestionViewPage({ params }: { params: Promise<{ id: string }> }) {
  await connection();
  const user = await pageGuard(requireUser());
  const id = formRecordId((await params).id);
  const row = id ? await getSuggestion(id, user) : null;
  if (!row) notFound();
  const panel = await loadRequestPanel("improvement_suggestion", row.id, user);
  const approvers = panel?.mayAssign ? await listApproverCandidates() : [];
  return (
    <RecordDetail
      title="Continuous Improvement Suggestion"
      subtitle={`${row.name} · ${displayDate(row.date)}`}
      back={{ href: "/continuous/improvement/suggestions/list", label: "Back to list" }}
      edit={
        panel?.requesterMayEdit === false
          ? undefined
          : { href: `/continuous/improvement/suggestions/edit/${row.id}`, label: "Edit" }
      }
      fields={[
        { label: "Name", value: row.name },
        { label: "Date", value: displayDate(row.date) },
        { label: "Location", value: row.locationName },
        { label: "Email", value: row.email },
        { label: SUGGESTION_FIELD_LABELS.phoneNumber, value: row.phoneNumber },
        {
          label: SUGGESTION_FIELD_LABELS.describeCurrentProcessAndProblem,
          value: row.describeCurrentProcessAndProblem,
        },
        { label: SUGGESTION_FIELD_LABELS.howWillItBenefit, value: row.howWillItBenefit },
        { label: "Updated By", value: row.updatedByName },
        { label: "Updated At", value: <DateText date={row.updatedAt} kind="us" /> },
      ]}
    >
      {panel && <RequestPanel panel={panel} approvers={approvers} />}
    </RecordDetail>
  );
}

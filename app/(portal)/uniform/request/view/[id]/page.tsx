import type { Metadata } from "next";
import { connection } from "next/server";
import { notFound } from "next/navigation";
import { pageGuard, requireUser } from "@/lib/auth/guards";
import { roleCan } from "@/lib/auth/roles";
import { formRecordId } from "@/lib/forms/page-id";
import { UNIFORM_FIELD_LABELS, uniformLabel, yesNo } from "@/lib/forms/uniform/columns";
import { getUniformRequest } from "@/lib/forms/uniform/queries";
import { designationName, wearName } from "@/lib/forms/uniform/schemas";
import { DateText } from "@/components/content/date-text";
import { RecordDetail } from "@/components/forms/record-detail";
import { RequestPanel } from "@/components/requests/request-panel";
import { loadRequestPanel } from "@/lib/requests/queries";
import { listApproverCandidates } from "@/lib/forms/email-manager/queries";

export const metadata: Metadata = { title: "Uniform Request" };

const quantity = (n: number | null) => (n === null ? null : String(n));

/**
 * A uniform request, read-only and in full (its sizes and note too). Roles 1 and 2, who have the list,
 * see every request; everyone else only their own (the copy of the submission mail links here), and
 * someone else's request is the same 404 as an unknown id. There is no edit screen (spec section 2).
 */
export default async function UniformViewPage({ params }: { params: Promise<{ id: string }> }) {
  await connection();
  const user = await pageGuard(requireUser());
  const id = formRecordId((await params).id);
  const row = id ? await getUniformRequest(id, user) : null;
  if (!row) notFound();
  const panel = await loadRequestPanel("uniform_request", row.id, user);
  const approvers = panel?.mayAssign ? await listApproverCandidates() : [];
  const name = `${row.employeeFirstName} ${row.employeeLastName}`;
  return (
    <RecordDetail
      title="Uniform Request"
      subtitle={name}
      back={
        roleCan(user.roleId, "listUniformRequests")
          ? { href: "/uniform/request/list", label: "Back to list" }
          : undefined
      }
      fields={[
        { label: "Designation", value: designationName(row.designationId) },
        { label: "Employee First Name", value: row.employeeFirstName },
        { label: "Employee Last Name", value: row.employeeLastName },
        { label: "Location", value: row.locationName },
        { label: "Requestor Name", value: row.requestorName },
        { label: "New Hire", value: yesNo(row.newHire) },
        { label: "New Order", value: yesNo(row.newOrder) },
        { label: "Replacement Uniform", value: yesNo(row.reOrder) },
        { label: "Wear", value: wearName(row.wearId) },
        { label: UNIFORM_FIELD_LABELS.sizes, value: row.sizes },
        ...(row.quantity !== null ? [{ label: uniformLabel("quantity"), value: quantity(row.quantity) }] : []),
        ...(row.shirtQuantity !== null
          ? [{ label: uniformLabel("shirt_quantity"), value: quantity(row.shirtQuantity) }]
          : []),
        ...(row.pantQuantity !== null
          ? [{ label: uniformLabel("pant_quantity"), value: quantity(row.pantQuantity) }]
          : []),
        { label: UNIFORM_FIELD_LABELS.comment, value: row.comment },
        { label: "Updated By", value: row.updatedByName },
        { label: uniformLabel("updated_at"), value: <DateText date={row.updatedAt} kind="us" /> },
      ]}
    >
      {panel && <RequestPanel panel={panel} approvers={approvers} />}
    </RecordDetail>
  );
}

import { connection } from "next/server";
import { pageGuard, requireUser } from "@/lib/auth/guards";
import { mayOpenList } from "@/lib/forms/registry";
import { UNIFORM_FIELD_LABELS, uniformLabel, yesNo } from "@/lib/forms/uniform/columns";
import { getUniformRequest } from "@/lib/forms/uniform/queries";
import { designationName, wearName } from "@/lib/forms/uniform/schemas";
import { RequestRecordDetail } from "@/components/forms/request-record-detail";
import { loadRequestRecord, requestRecordMetadata, type RecordPageProps } from "@/app/(portal)/_lib/record-page";

export const generateMetadata = requestRecordMetadata("uniform_request");

const quantity = (n: number | null) => (n === null ? null : String(n));

/**
 * A uniform request, read-only and in full (its sizes and note too). Roles 1 and 2, who have the list,
 * see every request; everyone else only their own (the copy of the submission mail links here), and
 * someone else's request is the same 404 as an unknown id. Its requester edits it while it is open (the edit screen).
 */
export default async function UniformViewPage({ params }: RecordPageProps) {
  await connection();
  const user = await pageGuard(requireUser());
  const { row, record } = await loadRequestRecord("uniform_request", params, user, (id) => getUniformRequest(id, user));
  return (
    <RequestRecordDetail
      record={record}
      listed={mayOpenList("uniform_request", user.roleId)}
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
      ]}
    />
  );
}

import type { Metadata } from "next";
import { connection } from "next/server";
import { forbidden, notFound } from "next/navigation";
import { pageGuard, requirePermission } from "@/lib/auth/guards";
import { PERMISSION } from "@/lib/auth/roles";
import { listFormLocations } from "@/lib/forms/locations";
import { pageRecord } from "@/app/(portal)/_lib/record-page";
import { formIdOf, type FormKey } from "@/lib/forms/form-keys";
import { getMapping, listApproverCandidates, listMappingApproverIds } from "@/lib/forms/email-manager/queries";
import { mayChangeMapping } from "@/lib/forms/email-manager/columns";
import { MappingForm } from "../../_components/mapping-form";
import { toId } from "@/lib/validation/id";

export const metadata: Metadata = { title: "Edit Form Email Manager" };

/** Edits one mapping (permission access_form_email_manager; a closed one only role 1). */
export default async function MappingEditPage({ params }: { params: Promise<{ id: string }> }) {
  await connection();
  const user = await pageGuard(requirePermission(PERMISSION.formEmailManager));
  const id = toId((await params).id);
  if (!id) notFound();
  const [row, locations, approvers, approverIds] = await Promise.all([
    pageRecord(getMapping(id)),
    listFormLocations(),
    listApproverCandidates(),
    listMappingApproverIds(id),
  ]);
  if (!mayChangeMapping(row, user.roleId)) forbidden();
  return (
    <MappingForm
      initial={{
        id: String(row.id),
        formId: String(formIdOf(row.formKey as FormKey)),
        locationIds: [String(row.locationId)],
        to: row.toEmails,
        cc: row.ccEmails,
        approverIds: approverIds.map(String),
        status: row.status,
      }}
      approvers={approvers}
      locations={locations}
      roleId={user.roleId}
    />
  );
}

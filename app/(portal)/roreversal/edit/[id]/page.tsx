import type { Metadata } from "next";
import { connection } from "next/server";
import { notFound } from "next/navigation";
import { pageGuard, requireUser } from "@/lib/auth/guards";
import { listFormLocations } from "@/lib/forms/locations";
import { getRoReversal } from "@/lib/forms/ro-reversal/queries";
import { formRecordId, pageRecord } from "@/lib/forms/page-id";
import { RoReversalForm } from "../../_components/ro-reversal-form";

export const metadata: Metadata = { title: "Edit RO Reversal Request" };

/** The RO reversal form in edit mode: staff may only open their own requests (else the 403 page). */
export default async function RoReversalEditPage({ params }: { params: Promise<{ id: string }> }) {
  await connection();
  const user = await pageGuard(requireUser());
  const id = formRecordId((await params).id);
  if (!id) notFound();
  const [row, locations] = await Promise.all([pageRecord(getRoReversal(id, user)), listFormLocations()]);
  return (
    <RoReversalForm
      initial={{
        id: String(row.id),
        employeeName: row.employeeName,
        dateOfRequest: row.dateOfRequest,
        fullRa: row.fullRa,
        dateRaClosed: row.dateRaClosed,
        payType: row.payType,
        locationId: row.locationId == null ? "" : String(row.locationId),
        reason: row.reason,
        billedTime: row.billedTime ?? "",
        questions: row.questions ?? "",
      }}
      locations={locations}
      roleId={user.roleId}
    />
  );
}

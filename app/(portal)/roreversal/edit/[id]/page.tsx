import type { Metadata } from "next";
import { connection } from "next/server";
import { pageGuard, requireUser } from "@/lib/auth/guards";
import { getRoReversal } from "@/lib/forms/ro-reversal/queries";
import type { RoReversalRow } from "@/lib/forms/ro-reversal/columns";
import type { RoReversalInput } from "@/lib/forms/ro-reversal/schemas";
import { loadEditRecord, recordFormKeys, type RecordPageProps } from "@/app/(portal)/_lib/record-page";
import { RoReversalForm } from "../../_components/ro-reversal-form";

export const metadata: Metadata = { title: "Edit RO Reversal Request" };

/** The form's values from the saved request (the warranty answers may be empty). */
function formValues(row: RoReversalRow): RoReversalInput {
  return {
    ...recordFormKeys(row),
    employeeName: row.employeeName,
    dateOfRequest: row.dateOfRequest,
    fullRa: row.fullRa,
    dateRaClosed: row.dateRaClosed,
    payType: row.payType,
    reason: row.reason,
    billedTime: row.billedTime ?? "",
    questions: row.questions ?? "",
  };
}

/** The RO reversal form in edit mode: staff may only open their own requests (else the 403 page). */
export default async function RoReversalEditPage({ params }: RecordPageProps) {
  await connection();
  const user = await pageGuard(requireUser());
  const { row, form } = await loadEditRecord(params, user, (id) => getRoReversal(id, user));
  return <RoReversalForm initial={formValues(row)} {...form} />;
}

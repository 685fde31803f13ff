import type { Metadata } from "next";
import { connection } from "next/server";
import { pageGuard, requireUser } from "@/lib/auth/guards";
import { getRoReversal } from "@/lib/forms/ro-reversal/queries";
import { roReversalFormValues } from "@/lib/forms/ro-reversal/columns";
import { loadEditRecord, type RecordPageProps } from "@/app/(portal)/_lib/record-page";
import { RoReversalForm } from "../../_components/ro-reversal-form";

export const metadata: Metadata = { title: "Edit RO Reversal Request" };

/** The RO reversal form in edit mode: its requester while open, administrators (loadEditRecord; else the 403 or 404 page). */
export default async function RoReversalEditPage({ params }: RecordPageProps) {
  await connection();
  const user = await pageGuard(requireUser());
  const { row, form } = await loadEditRecord(params, user, (id) => getRoReversal(id, user));
  return <RoReversalForm initial={roReversalFormValues(row)} {...form} />;
}

import type { Metadata } from "next";
import { connection } from "next/server";
import { pageGuard, requireUser } from "@/lib/auth/guards";
import { StaffFormListFrame } from "@/components/forms/staff-form-list-frame";
import { loadListPage } from "@/app/(portal)/_lib/list-page";
import { managesForms } from "@/lib/forms/submission";
import { withEditRights } from "@/lib/requests/edit-rules";
import { roReversalList } from "@/lib/forms/ro-reversal/queries";
import { RoReversalTable } from "./_components/ro-reversal-table";

export const metadata: Metadata = { title: "RO Reversal Requests" };

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

/** The RO reversal list: roles 1 and 2 see every request (and delete), everyone else their own. */
export default async function RoReversalListPage({ searchParams }: Props) {
  await connection();
  const user = await pageGuard(requireUser());
  const { state, rows, total } = await loadListPage(roReversalList, "/roreversal/list", await searchParams, user);
  return (
    <StaffFormListFrame form="ro_reversal" title="RO Reversal Requests">
      <RoReversalTable state={state} rows={withEditRights(rows, user)} total={total} canDelete={managesForms(user)} />
    </StaffFormListFrame>
  );
}

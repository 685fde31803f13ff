import type { Metadata } from "next";
import { loadStaffListPage, type ListPageProps } from "@/app/(portal)/_lib/list-page";
import { StaffFormListFrame } from "@/components/forms/staff-form-list-frame";
import { roReversalList } from "@/lib/forms/ro-reversal/queries";
import { RoReversalTable } from "./_components/ro-reversal-table";

export const metadata: Metadata = { title: "RO Reversal Requests" };

/** The RO reversal list: roles 1 and 2 see every request (and delete), everyone else their own. */
export default async function RoReversalListPage(props: ListPageProps) {
  const { manages, ...list } = await loadStaffListPage(roReversalList, "ro_reversal", props);
  return (
    <StaffFormListFrame form="ro_reversal" title="RO Reversal Requests">
      <RoReversalTable {...list} canDelete={manages} />
    </StaffFormListFrame>
  );
}

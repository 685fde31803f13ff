import type { Metadata } from "next";
import { loadStaffListPage, type ListPageProps } from "@/app/(portal)/_lib/list-page";
import { StaffFormListFrame } from "@/components/forms/staff-form-list-frame";
import { techTimeList } from "@/lib/forms/tech-time/queries";
import { TechTimeTable } from "./_components/tech-time-table";

export const metadata: Metadata = { title: "Tech Time" };

/** The tech time list: roles 1 and 2 see every form, everyone else their own. */
export default async function TechTimeListPage(props: ListPageProps) {
  const { manages, ...list } = await loadStaffListPage(techTimeList, "tech_time", props);
  return (
    <StaffFormListFrame form="tech_time" title="Tech Time">
      <TechTimeTable {...list} canDecide={manages} />
    </StaffFormListFrame>
  );
}

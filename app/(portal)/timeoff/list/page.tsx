import type { Metadata } from "next";
import { loadStaffListPage, type ListPageProps } from "@/app/(portal)/_lib/list-page";
import { StaffFormListFrame } from "@/components/forms/staff-form-list-frame";
import { timeOffList } from "@/lib/forms/time-off/queries";
import { TimeOffTable } from "./_components/time-off-table";

export const metadata: Metadata = { title: "Time-off Requests" };

/** The time-off list: roles 1 and 2 see every request (decide and delete), everyone else their own. */
export default async function TimeOffListPage(props: ListPageProps) {
  const { manages, ...list } = await loadStaffListPage(timeOffList, "time_off_request", props);
  return (
    <StaffFormListFrame form="time_off_request" title="Time-off Requests">
      <TimeOffTable {...list} canManage={manages} />
    </StaffFormListFrame>
  );
}

import type { Metadata } from "next";
import { connection } from "next/server";
import { pageGuard, requireUser } from "@/lib/auth/guards";
import { loadListPage } from "@/app/(portal)/_lib/list-page";
import { managesForms } from "@/lib/forms/submission";
import { withEditRights } from "@/lib/requests/edit-rules";
import { staffFormHref } from "@/lib/forms/registry";
import { timeOffList } from "@/lib/forms/time-off/queries";
import { StaffFormListFrame } from "@/components/forms/staff-form-list-frame";
import { TimeOffTable } from "./_components/time-off-table";

export const metadata: Metadata = { title: "Time-off Requests" };

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

/** The time-off list: roles 1 and 2 see every request (decide and delete), everyone else their own. */
export default async function TimeOffListPage({ searchParams }: Props) {
  await connection();
  const user = await pageGuard(requireUser());
  const path = staffFormHref("time_off_request", "list");
  const { state, rows, total } = await loadListPage(timeOffList, path, await searchParams, user);
  return (
    <StaffFormListFrame form="time_off_request" title="Time-off Requests">
      <TimeOffTable state={state} rows={withEditRights(rows, user)} total={total} canManage={managesForms(user)} />
    </StaffFormListFrame>
  );
}

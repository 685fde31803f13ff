import type { Metadata } from "next";
import { managesForms } from "@/lib/forms/submission";
import { withEditRights } from "@/lib/requests/edit-rules";
import { connection } from "next/server";
import { pageGuard, requireUser } from "@/lib/auth/guards";
import { StaffFormListFrame } from "@/components/forms/staff-form-list-frame";
import { techTimeList } from "@/lib/forms/tech-time/queries";
import { loadListPage } from "@/app/(portal)/_lib/list-page";
import { TechTimeTable } from "./_components/tech-time-table";

export const metadata: Metadata = { title: "Tech Time" };

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

/** The tech time list: roles 1 and 2 see every form, everyone else their own. */
export default async function TechTimeListPage({ searchParams }: Props) {
  await connection();
  const user = await pageGuard(requireUser());
  const { state, rows, total } = await loadListPage(techTimeList, "/techtime/list", await searchParams, user);
  return (
    <StaffFormListFrame form="tech_time" title="Tech Time">
      <TechTimeTable state={state} rows={withEditRights(rows, user)} total={total} canDecide={managesForms(user)} />
    </StaffFormListFrame>
  );
}

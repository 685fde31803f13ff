import type { Metadata } from "next";
import { managesForms } from "@/lib/forms/submission";
import { withEditRights } from "@/lib/requests/edit-rules";
import { connection } from "next/server";
import Link from "next/link";
import { pageGuard, requireUser } from "@/lib/auth/guards";
import { techTimeList } from "@/lib/forms/tech-time/queries";
import { loadListPage } from "@/app/(portal)/_lib/list-page";
import { listFormLocations } from "@/lib/forms/locations";
import { TechTimeTable } from "./_components/tech-time-table";

export const metadata: Metadata = { title: "Tech Time" };

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

/** The tech time list: roles 1 and 2 see every form, everyone else their own. */
export default async function TechTimeListPage({ searchParams }: Props) {
  await connection();
  const user = await pageGuard(requireUser());
  const [{ state, rows, total }, locations] = await Promise.all([
    loadListPage(techTimeList, "/techtime/list", await searchParams, user),
    listFormLocations(),
  ]);
  return (
    <div className="space-y-4 rounded-lg bg-white p-4 shadow-sm sm:p-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-semibold text-slate-900">Tech Time</h1>
        <Link
          href="/techtime/add"
          prefetch={false}
          className="rounded-md bg-brand-600 px-4 py-2 text-sm font-medium text-white hover:bg-brand-700"
        >
          Add
        </Link>
      </div>
      <TechTimeTable
        locations={locations.map((l) => ({ value: l.id, text: l.name }))}
        state={state}
        rows={withEditRights(rows, user)}
        total={total}
        canDecide={managesForms(user)}
      />
    </div>
  );
}

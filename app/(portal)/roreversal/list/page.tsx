import type { Metadata } from "next";
import { connection } from "next/server";
import Link from "next/link";
import { pageGuard, requireUser } from "@/lib/auth/guards";
import { loadListPage } from "@/app/(portal)/_lib/list-page";
import { listFormLocations } from "@/lib/forms/locations";
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
  const [{ state, rows, total }, locations] = await Promise.all([
    loadListPage(roReversalList, "/roreversal/list", await searchParams, user),
    listFormLocations(),
  ]);
  return (
    <div className="space-y-4 rounded-lg bg-white p-4 shadow-sm sm:p-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-semibold text-slate-900">RO Reversal Requests</h1>
        <Link
          href="/roreversal/add"
          prefetch={false}
          className="rounded-md bg-brand-600 px-4 py-2 text-sm font-medium text-white hover:bg-brand-700"
        >
          Add
        </Link>
      </div>
      <RoReversalTable
        locations={locations.map((l) => ({ value: l.id, text: l.name }))}
        state={state}
        rows={withEditRights(rows, user)}
        total={total}
        canDelete={managesForms(user)}
      />
    </div>
  );
}

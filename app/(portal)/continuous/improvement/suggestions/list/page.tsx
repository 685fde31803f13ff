import type { Metadata } from "next";
import { connection } from "next/server";
import { pageGuard, requireUser } from "@/lib/auth/guards";
import { loadListPage } from "@/app/(portal)/_lib/list-page";
import { managesForms } from "@/lib/forms/submission";
import { withEditRights } from "@/lib/requests/edit-rules";
import { suggestionList } from "@/lib/forms/suggestions/queries";
import { SuggestionTable } from "./_components/suggestion-table";

export const metadata: Metadata = { title: "Continuous Improvement Suggestions" };

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

/** The suggestion list: roles 1 and 2 see every suggestion, others their own. State in the URL. */
export default async function SuggestionListPage({ searchParams }: Props) {
  await connection();
  const user = await pageGuard(requireUser());
  const { state, rows, total } = await loadListPage(
    suggestionList,
    "/continuous/improvement/suggestions/list",
    await searchParams,
    user,
  );
  return (
    <div className="space-y-4 rounded-lg bg-white p-4 shadow-sm sm:p-6">
      <h1 className="text-2xl font-semibold text-slate-900">Continuous Improvement Suggestions</h1>
      <SuggestionTable state={state} rows={withEditRights(rows, user)} total={total} canDecide={managesForms(user)} />
    </div>
  );
}

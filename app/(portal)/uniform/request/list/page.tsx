import type { Metadata } from "next";
import { connection } from "next/server";
import { redirect } from "next/navigation";
import { pageGuard, requireCapability } from "@/lib/auth/guards";
import { lastPage, parseTableState, tableHref } from "@/lib/data-table/state";
import { listFormLocations } from "@/lib/forms/locations";
import { parseRange } from "@/lib/forms/date-range";
import { UNIFORM_TABLE, defaultRangeFilter, listUniformRequests } from "@/lib/forms/uniform/queries";
import { UniformTable } from "./_components/uniform-table";

export const metadata: Metadata = { title: "Uniform Requests" };

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

const PATH = "/uniform/request/list";

/**
 * The uniform request list (roles 1 and 2; everyone else gets the 403 page, as every refused page does).
 * Page, size, sort, filters and the date range (`f_range`) live in the URL; without a range the list
 * shows the default one, the last 6 days through today in the dealerships' zone.
 */
export default async function UniformListPage({ searchParams }: Props) {
  await connection();
  await pageGuard(requireCapability("listUniformRequests"));
  const { state, changed } = parseTableState(await searchParams, UNIFORM_TABLE);
  const range = state.filters.range;
  if (range !== undefined && !parseRange(range)) {
    delete state.filters.range;
    redirect(tableHref(PATH, state, UNIFORM_TABLE));
  }
  if (changed) redirect(tableHref(PATH, state, UNIFORM_TABLE));
  if (range === undefined) state.filters.range = defaultRangeFilter();
  const [list, locations] = await Promise.all([listUniformRequests(state), listFormLocations()]);
  const last = lastPage(list.total, state.size);
  if (state.page > last) redirect(tableHref(PATH, state, UNIFORM_TABLE, { page: last }));

  return (
    <div className="space-y-4 rounded-lg bg-white p-4 shadow-sm sm:p-6">
      <h1 className="text-2xl font-semibold text-slate-900">Uniform Requests</h1>
      <UniformTable
        state={state}
        rows={list.rows}
        total={list.total}
        locations={locations.map((l) => ({ value: l.id, text: l.name }))}
      />
    </div>
  );
}

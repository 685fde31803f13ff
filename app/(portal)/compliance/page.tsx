import type { Metadata } from "next";
import { ExportLinks } from "@/components/content/export-links";
import Link from "next/link";
import { connection } from "next/server";
import { pageGuard, requireCapability } from "@/lib/auth/guards";
import { complianceBoard, complianceScope, percent, type BoardCell } from "@/lib/content/must-read/queries";
import { complianceFiltersSchema } from "@/lib/content/schemas";
import { listAudienceOptions } from "@/lib/content/queries";
import { DateText } from "@/components/content/date-text";
import { Button } from "@/components/ui/button";
import { FilterInput, FilterSelect } from "@/components/ui/filter-field";

export const metadata: Metadata = { title: "Compliance" };

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

/** Each filter on its own: a bad value is dropped, the others kept. */
function parseFilters(raw: Record<string, string | string[] | undefined>) {
  const one = (k: string) => (typeof raw[k] === "string" && raw[k] !== "" ? raw[k] : undefined);
  const shape = complianceFiltersSchema.shape;
  const from = shape.from.safeParse(one("from"));
  const to = shape.to.safeParse(one("to"));
  const location = shape.location.safeParse(one("location"));
  return {
    from: from.success ? from.data : undefined,
    to: to.success ? to.data : undefined,
    location: location.success ? location.data : undefined,
  };
}

/** A cell: the acknowledged percentage, and beside it how many of how many people read it. */
function Cell({ cell, overdue }: { cell: BoardCell | undefined; overdue: boolean }) {
  if (!cell) return <span className="text-slate-400">–</span>;
  const pct = percent(cell)!;
  const late = overdue && cell.acknowledged < cell.audience;
  return (
    <span className="whitespace-nowrap">
      <span className={late ? "font-semibold text-red-700" : pct === 100 ? "text-emerald-800" : "text-slate-800"}>
        {pct}%{late && <span className="sr-only"> (overdue)</span>}
      </span>{" "}
      <span className="text-xs text-slate-600">
        <span aria-hidden="true">
          {cell.acknowledged}/{cell.audience}
        </span>
        <span className="sr-only">
          {cell.acknowledged} of {cell.audience} read
        </span>
      </span>
    </span>
  );
}

/**
 * The compliance board (docs/features/must-read.md): every must-read post against every location and the
 * people without one (administrators) or against their own location (role 2), the acknowledged
 * percentage of the people it is addressed to there with read/total beside it, overdue in red; filters
 * (published from / to, location) live in the URL, and the same state exports as CSV or XLSX.
 */
export default async function CompliancePage({ searchParams }: Props) {
  await connection();
  const user = await pageGuard(requireCapability("seeCompliance"));
  const scope = complianceScope(user);
  const filters = parseFilters(await searchParams);
  // A location outside the viewer's scope is dropped like any other bad filter value.
  if (scope && filters.location && !scope.includes(filters.location)) filters.location = undefined;
  const [board, options] = await Promise.all([
    complianceBoard({ from: filters.from, to: filters.to, locationId: filters.location }, user),
    listAudienceOptions(),
  ]);
  const locationOptions = scope ? options.locations.filter((o) => scope.includes(o.value)) : options.locations;
  const qs = new URLSearchParams();
  if (filters.from) qs.set("from", filters.from);
  if (filters.to) qs.set("to", filters.to);
  if (filters.location) qs.set("location", String(filters.location));
  const exportHref = (format: "csv" | "xlsx") =>
    `/api/export/compliance?${new URLSearchParams([...qs, ["format", format]])}`;
  return (
    <div className="space-y-4">
      <h1 className="text-2xl font-semibold text-slate-900">Compliance</h1>
      <form method="get" className="card flex flex-wrap items-end gap-3">
        <FilterInput id="from" name="from" type="date" label="Published from" defaultValue={filters.from} />
        <FilterInput id="to" name="to" type="date" label="Published to" defaultValue={filters.to} />
        {locationOptions.length > 1 && (
          <FilterSelect
            id="location"
            name="location"
            label="Location"
            defaultValue={filters.location ?? ""}
            allLabel="All locations"
            options={locationOptions}
          />
        )}
        <Button type="submit">Filter</Button>
        <Link href="/compliance" className="px-2 py-2 text-sm font-medium text-brand-700 hover:underline">
          Clear
        </Link>
        <ExportLinks href={exportHref} className="ml-auto flex gap-2 text-sm" />
      </form>
      {scope?.length === 0 ? (
        <p className="rounded-lg border border-slate-200 bg-white p-5 text-slate-600">
          Your account has no location, so there is no board to show. An administrator can set your location.
        </p>
      ) : board.rows.length === 0 ? (
        <p className="rounded-lg border border-slate-200 bg-white p-5 text-slate-600">
          No must-read posts match these filters.
        </p>
      ) : (
        // relative: the cells' screen-reader texts (absolutely placed) stay in this scroll box, not widening the page.
        <div
          className="relative overflow-x-auto rounded-lg border border-slate-200 bg-white"
          tabIndex={0}
          role="region"
          aria-label="Acknowledged per post and location"
        >
          <table className="min-w-full text-left text-sm">
            <caption className="sr-only">
              Acknowledged percentage of each must-read post per location, with how many of how many people read it;
              overdue in red
            </caption>
            <thead className="border-b border-slate-200 bg-slate-50 text-slate-700">
              <tr>
                <th scope="col" className="sticky left-0 bg-slate-50 px-3 py-2">
                  Post
                </th>
                <th scope="col" className="px-3 py-2">
                  All
                </th>
                {board.locations.map((l) => (
                  <th key={l.id ?? "none"} scope="col" className="px-3 py-2 whitespace-nowrap">
                    {l.name}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {board.rows.map((r) => (
                <tr key={r.id} className="border-b border-slate-100">
                  <th scope="row" className="sticky left-0 max-w-64 min-w-44 bg-white px-3 py-2 font-medium">
                    <Link href={`/${r.slug}/post/${r.id}`} className="break-words text-brand-700 hover:underline">
                      {r.title}
                    </Link>
                    <span className="block text-xs font-normal text-slate-600">
                      <DateText date={r.publishedAt} kind="long" />
                      {r.dueAt && (
                        <>
                          {" "}
                          ·{" "}
                          <span className={r.overdue ? "font-semibold text-red-700" : undefined}>
                            {r.overdue ? "overdue since" : "due"}
                          </span>{" "}
                          <DateText date={r.dueAt} kind="long" />
                        </>
                      )}
                    </span>
                  </th>
                  <td className="px-3 py-2">
                    <Cell cell={r.total.audience ? r.total : undefined} overdue={r.overdue} />
                  </td>
                  {board.locations.map((l) => (
                    <td key={l.id ?? "none"} className="px-3 py-2">
                      <Cell cell={r.cells.get(l.id)} overdue={r.dueAt != null && r.overdue} />
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}

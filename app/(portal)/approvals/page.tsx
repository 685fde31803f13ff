import type { Metadata } from "next";
import Link from "next/link";
import { connection } from "next/server";
import { pageGuard, requireCapability } from "@/lib/auth/guards";
import { approvalsQuery } from "@/lib/requests/schemas";
import { listApprovals, type ApprovalRow } from "@/lib/requests/approvals";
import { INBOX_STATUSES } from "@/lib/requests/transitions";
import { listFormLocations } from "@/lib/forms/locations";
import { DateText } from "@/components/content/date-text";
import { StatusBadge } from "@/components/requests/status-badge";
import { DecisionForm } from "@/components/requests/decision-form";
import { RequestFilters, apiFormLabel } from "@/components/requests/request-filters";
import { RequestSelection, SelectRequest, SelectionBar } from "@/components/requests/inbox-selection";
import { FilterSelect } from "@/components/ui/filter-field";
import { Pager, listPageHref } from "@/components/ui/pager";

export const metadata: Metadata = { title: "Waiting for me" };

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

const one = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v);

/**
 * The approvals inbox (administrators and managers; others get the 403 page): every request the viewer may decide
 * now, across every staff form, the oldest due first; filters (form, location, status) and the page in the URL.
 * Each row opens a decision form (approve, deny with a reason, ask for information) that decides it in place; a
 * selection is decided in bulk with one comment (components/requests/inbox-selection.tsx).
 */
export default async function ApprovalsPage({ searchParams }: Props) {
  await connection();
  const user = await pageGuard(requireCapability("decideRequests"));
  const sp = await searchParams;
  const q = approvalsQuery.parse({
    form: one(sp.form),
    location: one(sp.location),
    status: one(sp.status),
    page: one(sp.page),
    size: one(sp.size),
  });
  const [{ rows, total }, locations] = await Promise.all([listApprovals(user, q), listFormLocations()]);
  const pages = Math.max(1, Math.ceil(total / q.size));
  return (
    <div className="space-y-4 rounded-lg bg-white p-4 shadow-sm sm:p-6">
      <h1 className="text-2xl font-semibold text-slate-900">Waiting for me</h1>
      <RequestFilters
        action="/approvals"
        label="Filter requests"
        form={q.form}
        status={{ value: q.status, allLabel: "Waiting for a decision", statuses: INBOX_STATUSES }}
      >
        <FilterSelect
          id="approvals-location"
          name="location"
          label="Location"
          defaultValue={q.location ?? ""}
          allLabel="All locations"
          options={locations.map((l) => ({ value: l.id, text: l.name }))}
        />
      </RequestFilters>
      <p className="text-sm text-slate-600" aria-live="polite">
        {total === 0
          ? "Nothing waits for your decision."
          : `${total.toLocaleString("en-US")} request${total === 1 ? "" : "s"}, the oldest due first`}
      </p>
      <RequestSelection keys={rows.map((r) => `${r.form}:${r.id}`)}>
        <SelectionBar />
        <ul className="divide-y divide-slate-200">
          {rows.map((r) => (
            <ApprovalItem key={`${r.form}:${r.id}`} row={r} />
          ))}
        </ul>
      </RequestSelection>
      <Pager
        page={q.page}
        pages={pages}
        href={(page) =>
          listPageHref("/approvals", { form: q.form, location: q.location, status: q.status, size: undefined }, page)
        }
      />
    </div>
  );
}

/**
 * One request of the inbox: its reference (lib/forms/references.ts) linking to it, its form and id, whose, where,
 * when it came and is due, and its decision form.
 */
function ApprovalItem({ row: r }: { row: ApprovalRow }) {
  const name = `${apiFormLabel(r.form)} #${r.id}: ${r.title}`;
  return (
    <li className="py-3">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="flex min-w-0 gap-3">
          <SelectRequest target={{ key: `${r.form}:${r.id}`, form: r.form, id: r.id }} name={name} />
          <div className="min-w-0">
            <Link href={r.path} prefetch={false} className="font-medium break-words text-brand-700 hover:underline">
              {r.title}
            </Link>
            <dl className="mt-1 grid grid-cols-[auto_1fr] gap-x-3 gap-y-0.5 text-sm text-slate-700 sm:flex sm:flex-wrap sm:gap-x-4">
              <div className="contents sm:flex sm:gap-1">
                <dt className="text-slate-500">Form</dt>
                <dd>
                  {apiFormLabel(r.form)} #{r.id}
                </dd>
              </div>
              <div className="contents sm:flex sm:gap-1">
                <dt className="text-slate-500">Requester</dt>
                <dd>{r.requester || "Unknown user"}</dd>
              </div>
              <div className="contents sm:flex sm:gap-1">
                <dt className="text-slate-500">Location</dt>
                <dd>{r.location ?? "None"}</dd>
              </div>
              <div className="contents sm:flex sm:gap-1">
                <dt className="text-slate-500">Submitted</dt>
                <dd>
                  <DateText date={new Date(r.submitted_at)} kind="us" />
                </dd>
              </div>
              <div className="contents sm:flex sm:gap-1">
                <dt className="text-slate-500">Due</dt>
                <dd>{r.due_at ? <DateText date={new Date(r.due_at)} kind="us" /> : "No target"}</dd>
              </div>
            </dl>
          </div>
        </div>
        <span className="flex items-center gap-2">
          {r.overdue && (
            <span className="rounded-full bg-red-100 px-2 py-0.5 text-xs font-semibold text-red-900">Overdue</span>
          )}
          <StatusBadge status={r.status} />
        </span>
      </div>
      <details className="mt-2">
        <summary className="cursor-pointer text-sm font-medium text-brand-700">
          Decide<span className="sr-only"> {name}</span>
        </summary>
        <div className="mt-2 rounded-md border border-slate-200 p-3">
          <DecisionForm form={r.form} id={r.id} status={r.status} decisions={r.decisions} />
        </div>
      </details>
    </li>
  );
}

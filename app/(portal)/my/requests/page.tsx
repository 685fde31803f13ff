import type { Metadata } from "next";
import Link from "next/link";
import { connection } from "next/server";
import { pageGuard, requireUser } from "@/lib/auth/guards";
import { myRequestsQuery } from "@/lib/requests/schemas";
import { countChangedRequests, listMyRequests, listTimelinesFor } from "@/lib/requests/queries";
import { markRequestsSeen } from "@/lib/requests/mutations";
import { RefreshOnMount } from "@/components/shell/refresh-on-mount";
import { standingComment } from "@/lib/requests/transitions";
import { ChangedMark } from "@/components/requests/changed-mark";
import { REQUEST_STATUSES } from "@/lib/forms/request-statuses";
import { DateText } from "@/components/content/date-text";
import { StatusBadge } from "@/components/requests/status-badge";
import { RequestTimeline } from "@/components/requests/request-timeline";
import { RequestFilters, apiFormLabel } from "@/components/requests/request-filters";
import { Pager, listPageHref } from "@/components/ui/pager";

export const metadata: Metadata = { title: "My requests" };

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

const one = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v);

/**
 * Every signed-in user's own submissions of every staff form: status, last change and timeline,
 * the latest change first; the filters (form, status) and the page are in the URL. Opening it resets
 * the header's count of changed requests.
 */
export default async function MyRequestsPage({ searchParams }: Props) {
  await connection();
  const user = await pageGuard(requireUser());
  const sp = await searchParams;
  const q = myRequestsQuery.parse({
    form: one(sp.form),
    status: one(sp.status),
    page: one(sp.page),
    size: one(sp.size),
  });
  const { rows, total } = await listMyRequests(user, q);
  // Seen now: when there was something to see, the header (kept as it was by an in-app move here) is
  // asked for again, so that its count clears.
  const hadChanges = (await countChangedRequests(user.id)) > 0;
  const [timelines] = await Promise.all([listTimelinesFor(rows, user), markRequestsSeen(user.id)]);
  const pages = Math.max(1, Math.ceil(total / q.size));
  const pageHref = (page: number) => listPageHref("/my/requests", { form: q.form, status: q.status }, page);
  return (
    <div className="space-y-4 rounded-lg bg-white p-4 shadow-sm sm:p-6">
      {hadChanges && <RefreshOnMount />}
      <h1 className="text-2xl font-semibold text-slate-900">My requests</h1>
      <RequestFilters
        action="/my/requests"
        label="Filter my requests"
        form={q.form}
        status={{ value: q.status, allLabel: "All statuses", statuses: REQUEST_STATUSES }}
      />
      <p className="text-sm text-slate-600" aria-live="polite">
        {total === 0 ? "No requests." : `${total.toLocaleString("en-US")} request${total === 1 ? "" : "s"}`}
      </p>
      <ul className="divide-y divide-slate-200">
        {rows.map((r) => {
          const steps = timelines.get(`${r.form}:${r.id}`) ?? [];
          const standing = standingComment(steps, r.status);
          return (
            <li key={`${r.form}:${r.id}`} className="py-3">
              <div className="flex flex-wrap items-center justify-between gap-2">
                <div className="min-w-0">
                  <Link
                    href={r.path}
                    prefetch={false}
                    className="font-medium break-words text-brand-700 hover:underline"
                  >
                    {r.title}
                  </Link>
                  <p className="text-sm text-slate-600">
                    {apiFormLabel(r.form)} #{r.id} · Last change <DateText date={new Date(r.changed_at)} kind="us" />
                  </p>
                </div>
                <span className="flex items-center gap-2">
                  <ChangedMark changed={r.changed} />
                  <StatusBadge status={r.status} />
                </span>
              </div>
              {standing && (
                <p className="mt-2 rounded-md bg-slate-50 px-3 py-2 text-sm break-words whitespace-pre-line text-slate-800">
                  <span className="font-medium">
                    {standing.kind === "question" ? `${standing.step.by || "An approver"} asks:` : "Reason:"}
                  </span>{" "}
                  {standing.step.comment}
                </p>
              )}
              <details className="mt-2">
                <summary className="cursor-pointer text-sm text-slate-700">Timeline</summary>
                <div className="mt-2">
                  <RequestTimeline steps={steps} />
                </div>
              </details>
            </li>
          );
        })}
      </ul>
      <Pager page={q.page} pages={pages} href={pageHref} />
    </div>
  );
}

import type { Metadata } from "next";
import Link from "next/link";
import { connection } from "next/server";
import { pageGuard, requireUser } from "@/lib/auth/guards";
import { roleCan } from "@/lib/auth/roles";
import { listMustReads } from "@/lib/content/must-read/queries";
import { DateText } from "@/components/content/date-text";
import { ContentRegion } from "@/components/content/content-region";
import { ToReadSummary } from "./_components/to-read-summary";

export const metadata: Metadata = { title: "To read" };

/** 'To read' (docs/features/must-read.md): the must-read posts addressed to the signed-in user, newest first, overdue marked. */
export default async function ToReadPage() {
  await connection();
  const user = await pageGuard(requireUser());
  const rows = await listMustReads(user);
  const unread = rows.filter((r) => !r.acknowledgedAt).length;
  return (
    <div className="space-y-4">
      <ContentRegion className="space-y-4">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h1 className="text-2xl font-semibold text-slate-900">To read</h1>
          {roleCan(user.roleId, "manageContent") && (
            <Link href="/compliance" className="text-sm font-medium text-brand-700 hover:underline">
              Compliance board
            </Link>
          )}
        </div>
        <ToReadSummary total={rows.length} unread={unread} />
        {rows.length > 0 && (
          <ul
            className="divide-y divide-slate-200 rounded-lg border border-slate-200 bg-white"
            aria-label="Must-read posts"
          >
            {rows.map((r) => (
              <li key={r.id} className="flex flex-wrap items-center justify-between gap-2 p-4">
                <div className="min-w-0">
                  <Link
                    href={`/${r.slug}/post/${r.id}`}
                    className="font-medium break-words text-brand-700 hover:underline"
                  >
                    {r.title}
                  </Link>
                  <p className="text-sm text-slate-600">
                    {r.menuTitle} · <DateText date={r.publishedAt} kind="long" />
                    {r.dueAt && (
                      <>
                        {" "}
                        · due <DateText date={r.dueAt} kind="long" />
                      </>
                    )}
                  </p>
                </div>
                <p className="text-sm">
                  {r.acknowledgedAt ? (
                    <span className="text-slate-700">
                      Acknowledged on <DateText date={r.acknowledgedAt} kind="long" />
                    </span>
                  ) : r.overdue ? (
                    <span className="rounded-full bg-red-100 px-2 py-0.5 font-medium text-red-800">Overdue</span>
                  ) : (
                    <span className="rounded-full bg-amber-100 px-2 py-0.5 font-medium text-amber-900">
                      {r.updated ? "Updated, please read again" : "Not yet read"}
                    </span>
                  )}
                </p>
              </li>
            ))}
          </ul>
        )}
      </ContentRegion>
    </div>
  );
}

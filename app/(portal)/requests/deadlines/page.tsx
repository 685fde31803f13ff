import type { Metadata } from "next";
import { connection } from "next/server";
import { pageGuard, requireCapability } from "@/lib/auth/guards";
import { getRequestTargets } from "@/lib/requests/targets";
import { DeadlinesForm } from "./_components/deadlines-form";

export const metadata: Metadata = { title: "Request deadlines" };

/** Administrators set each staff form's target time to decide, in working days (Monday to Friday, Pacific time). */
export default async function RequestDeadlinesPage() {
  await connection();
  await pageGuard(requireCapability("manageBackOffice"));
  const targets = await getRequestTargets();
  return (
    <div className="max-w-2xl space-y-4 rounded-lg bg-white p-4 shadow-sm sm:p-6">
      <h1 className="text-2xl font-semibold text-slate-900">Request deadlines</h1>
      <p className="text-sm text-slate-700">
        How many working days (Monday to Friday, the dealerships&apos; Pacific time) approvers have to decide a request.
        A request still waiting after that is shown as Overdue, and its approvers get it in their daily summary. 0 means
        no deadline.
      </p>
      <DeadlinesForm initial={targets} />
    </div>
  );
}

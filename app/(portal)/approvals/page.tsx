import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { connection } from "next/server";
import { pageGuard, requireUser } from "@/lib/auth/guards";
import { lastPage, parseTableState, tableHref, type TableSpec } from "@/lib/data-table/state";
import { FORM_KEYS, formIdOf, formKeyOf } from "@/lib/forms/form-keys";
import { STAFF_FORMS } from "@/lib/forms/registry";
import { listLocationFilterOptions } from "@/lib/forms/locations";
import { statusOfFilter, STATUS_FILTER } from "@/lib/requests/filters";
import { listApprovals } from "@/lib/requests/queries";
import { APPROVER_STATUSES, apiFormOf } from "@/lib/requests/transitions";
import { ApprovalsTable } from "./_components/approvals-table";

export const metadata: Metadata = { title: "Waiting for me" };

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

const PATH = "/approvals";
/** The inbox's URL state: its filters (form, location, status: ids of their selects) and the page; one fixed order. */
const SPEC: TableSpec = {
  sortable: [],
  filters: { form: "id", location: "id", status: "id" },
  defaultSort: { id: "due", desc: false },
};

/**
 * The approvers' inbox (docs/features/requests.md): every request of every staff form the user may decide, oldest due first
 * (lib/requests/queries.ts listApprovals, the same rule as the decision). Everyone signed in may open it;
 * someone with nothing to decide sees it empty.
 */
export default async function ApprovalsPage({ searchParams }: Props) {
  await connection();
  const user = await pageGuard(requireUser());
  const { state, changed } = parseTableState(await searchParams, SPEC);
  const form = formKeyOf(Number(state.filters.form));
  const status = statusOfFilter(state.filters.status ?? "");
  const query = {
    form: form ? apiFormOf(form) : undefined,
    location: state.filters.location ? Number(state.filters.location) : undefined,
    status: status && APPROVER_STATUSES.includes(status) ? status : undefined,
    page: state.page,
    size: state.size,
  };
  if (changed) redirect(tableHref(PATH, state, SPEC));
  const [{ rows, total }, locations] = await Promise.all([listApprovals(user, query), listLocationFilterOptions()]);
  const last = lastPage(total, state.size);
  if (state.page > last) redirect(tableHref(PATH, state, SPEC, { page: last }));
  return (
    <div className="space-y-4 rounded-lg bg-white p-4 shadow-sm sm:p-6">
      <h1 className="text-2xl font-semibold text-slate-900">Waiting for me</h1>
      <p className="text-sm text-slate-600">
        {total === 0
          ? "Nothing waits for your decision."
          : `${total.toLocaleString("en-US")} request${total === 1 ? "" : "s"} you can decide, oldest due first.`}
      </p>
      <ApprovalsTable
        state={state}
        rows={rows}
        total={total}
        filters={{
          form: FORM_KEYS.map((key) => ({ value: formIdOf(key), text: STAFF_FORMS[key].title })),
          location: locations,
          status: STATUS_FILTER.filter((o) => APPROVER_STATUSES.includes(statusOfFilter(String(o.value))!)),
        }}
      />
    </div>
  );
}

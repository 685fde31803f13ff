import type { Metadata } from "next";
import { connection } from "next/server";
import Link from "next/link";
import { pageGuard, requirePermission } from "@/lib/auth/guards";
import { PERMISSION } from "@/lib/auth/roles";
import { loadListPage } from "@/app/(portal)/_lib/list-page";
import { FORM_PICKER } from "@/lib/forms/form-keys";
import { mappingList } from "@/lib/forms/email-manager/queries";
import { MappingTable } from "./_components/mapping-table";

export const metadata: Metadata = { title: "Form Email Manager" };

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

/**
 * The form email manager list (permission access_form_email_manager, else the 403 page): the
 * 'Request Options' picker chooses the form (the `form` filter; the first form by default).
 */
export default async function MappingListPage({ searchParams }: Props) {
  await connection();
  const user = await pageGuard(requirePermission(PERMISSION.formEmailManager));
  const params = await searchParams;
  const { state, rows, total } = await loadListPage(
    mappingList,
    "/form/email/manager/list",
    { f_form: "1", ...params },
    user,
  );
  return (
    <div className="space-y-4 rounded-lg bg-white p-4 shadow-sm sm:p-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-semibold text-slate-900">Form Email Manager</h1>
        <Link
          href={`/form/email/manager/add?form=${state.filters.form ?? 1}`}
          prefetch={false}
          className="rounded-md bg-brand-600 px-4 py-2 text-sm font-medium text-white hover:bg-brand-700"
        >
          Add
        </Link>
      </div>
      <MappingTable
        state={state}
        rows={rows}
        total={total}
        roleId={user.roleId}
        forms={FORM_PICKER.map(({ value, text }) => ({ value, text }))}
      />
    </div>
  );
}

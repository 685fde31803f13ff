import Link from "next/link";
import type { FormKey } from "@/lib/forms/form-keys";
import { staffFormHref } from "@/lib/forms/registry";

/** A staff form's list page around its table: the card, the heading and the Add button to its add form. */
export function StaffFormListFrame({
  form,
  title,
  children,
}: {
  form: FormKey;
  title: string;
  children: React.ReactNode;
}) {
  return (
    <div className="space-y-4 rounded-lg bg-white p-4 shadow-sm sm:p-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-semibold text-slate-900">{title}</h1>
        <Link
          href={staffFormHref(form, "add")}
          prefetch={false}
          className="rounded-md bg-brand-600 px-4 py-2 text-sm font-medium text-white hover:bg-brand-700"
        >
          Add
        </Link>
      </div>
      {children}
    </div>
  );
}

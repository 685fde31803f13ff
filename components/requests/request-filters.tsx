import { FORM_LABELS } from "@/lib/forms/form-keys";
import { API_FORMS, STATUS_LABELS, type ApiForm } from "@/lib/requests/transitions";
import type { RequestStatus } from "@/lib/forms/request-statuses";
import { FilterSelect } from "@/components/ui/filter-field";

/** A staff form's label by its v1 `form` name (the lists of requests across the forms). */
export const apiFormLabel = (f: ApiForm) => FORM_LABELS[API_FORMS[f]];

const FORM_OPTIONS = (Object.keys(API_FORMS) as ApiForm[]).map((f) => ({ value: f, text: apiFormLabel(f) }));

/**
 * The GET filter form of a list of requests across the staff forms (My requests, the approvals inbox): the
 * form, `children` (more filters), the status among `statuses`, and Filter; the URL holds what was chosen.
 * Its selects' ids are named after the page ('my-requests-form').
 */
export function RequestFilters({
  action,
  label,
  form,
  status,
  children,
}: {
  action: string;
  label: string;
  form: string | undefined;
  status: { value: string | undefined; allLabel: string; statuses: readonly RequestStatus[] };
  children?: React.ReactNode;
}) {
  const idPrefix = action.split("/").filter(Boolean).join("-");
  return (
    <form method="get" action={action} className="flex flex-wrap items-end gap-3" aria-label={label}>
      <FilterSelect
        id={`${idPrefix}-form`}
        name="form"
        label="Form"
        defaultValue={form ?? ""}
        allLabel="All forms"
        options={FORM_OPTIONS}
      />
      {children}
      <FilterSelect
        id={`${idPrefix}-status`}
        name="status"
        label="Status"
        defaultValue={status.value ?? ""}
        allLabel={status.allLabel}
        options={status.statuses.map((s) => ({ value: s, text: STATUS_LABELS[s] }))}
      />
      <button
        type="submit"
        className="rounded-md bg-brand-600 px-4 py-2 text-sm font-medium text-white hover:bg-brand-700"
      >
        Filter
      </button>
    </form>
  );
}

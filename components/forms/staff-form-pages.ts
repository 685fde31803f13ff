import type { FormKey } from "@/lib/forms/form-keys";

/**
 * Each staff form's screens: what the form is called (its add title and detail heading) and the folder
 * its list, add, view and edit pages share. The form shell, the detail page and the lists link by it.
 */
export const STAFF_FORM_PAGES: Record<FormKey, { title: string; path: string }> = {
  ro_reversal: { title: "RO Reversal Request", path: "/roreversal" },
  tech_time: { title: "Tech Time", path: "/techtime" },
  improvement_suggestion: { title: "Continuous Improvement Suggestion", path: "/continuous/improvement/suggestions" },
  uniform_request: { title: "Uniform Request", path: "/uniform/request" },
};

/** A staff form's page: its list, add form, or one record's view or edit page. */
export function staffFormHref(form: FormKey, page: "list" | "add"): string;
export function staffFormHref(form: FormKey, page: "view" | "edit", id: number): string;
export function staffFormHref(form: FormKey, page: "list" | "add" | "view" | "edit", id?: number): string {
  return `${STAFF_FORM_PAGES[form].path}/${page}${id === undefined ? "" : `/${id}`}`;
}

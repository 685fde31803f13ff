import { roleCan, type Capability } from "@/lib/auth/roles";
import type { Workflow } from "@/lib/requests/transitions";
import type { FormKey } from "./form-keys";

/**
 * What the portal knows about each staff form that the browser may know too (docs/recipes/add-a-staff-form.md): one entry per
 * form key, and `satisfies Record<FormKey, ...>` makes a form without every part a compile error. The
 * server-only facts (its table, list, record title, search source) extend it by key in
 * lib/forms/registry-server.ts. Everything that names the forms (the sidebar's Forms group, the screens'
 * titles and paths, who sees Back, the request workflow, the v1 `form` names, search) reads them
 * from here.
 */
export type StaffFormFacts = {
  /** The 'Request Options' picker's label (form email manager, mails, My requests, deadlines). */
  label: string;
  /** The form's add title and record heading. */
  title: string;
  /** The shorter name a search result gives as its context. */
  searchName: string;
  /** The folder its list, add, view and edit pages share; its first segment is a reserved menu slug. */
  path: `/${string}`;
  /** Whether it has an edit page (`{path}/edit/{id}`; every form has list, add and view). */
  editPage: boolean;
  /** The v1 calls' `form` value (request/decide, request/timeline, my_requests). */
  apiForm: string;
  /** Its decisions (lib/requests/transitions.ts). */
  workflow: Workflow;
  /** The sidebar's link: its label and icon (a name of components/ui/icon-names.ts). */
  menu: { label: string; icon: string };
  /** The capability its list needs beyond signing in (without it, the sidebar opens the add form). */
  listCapability: Capability | null;
  /**
   * Who sees its form's Back/Cancel (the old portal's behaviour): everyone, or managers only. Save does the
   * same on every form for everyone: it opens the saved record (docs/features/staff-forms.md).
   */
  back: "all" | "managers";
};

/** What a form's entry states: its own facts; staffForm gives the others their usual values. */
type OwnFacts<A extends string> = Pick<StaffFormFacts, "label" | "path"> & {
  apiForm: A;
  menu: { icon: string; label?: string };
} & Partial<Omit<StaffFormFacts, "label" | "path" | "apiForm" | "menu">>;

/**
 * A form's facts from its own: the title is its label, the search name and the sidebar's label its title,
 * and it has an edit page, the approval workflow, a list for every signed-in user, and the old portal's
 * usual Back (shown to all), unless the entry says otherwise.
 */
function staffForm<const A extends string>({ menu, ...own }: OwnFacts<A>): StaffFormFacts & { apiForm: A } {
  const title = own.title ?? own.label;
  return {
    title,
    searchName: title,
    editPage: true,
    workflow: "approval",
    listCapability: null,
    back: "all",
    ...own,
    menu: { label: title, ...menu },
  };
}

export const STAFF_FORMS = {
  ro_reversal: staffForm({
    label: "RO Reversal Request",
    searchName: "RO Reversal",
    path: "/roreversal",
    apiForm: "ro_reversal",
    menu: { icon: "refresh" },
  }),
  tech_time: staffForm({
    label: "Tech Time",
    path: "/techtime",
    apiForm: "tech_time",
    menu: { icon: "wrench" },
  }),
  improvement_suggestion: staffForm({
    label: "Continuous Improvement Suggestions",
    title: "Continuous Improvement Suggestion",
    path: "/continuous/improvement/suggestions",
    apiForm: "suggestion",
    workflow: "suggestion",
    menu: { label: "Continuous Improvement Suggestions List", icon: "lightbulb" },
  }),
  uniform_request: staffForm({
    label: "Uniform Request",
    path: "/uniform/request",
    apiForm: "uniform",
    menu: { icon: "shirt" },
    listCapability: "listUniformRequests",
    back: "managers",
  }),
  time_off_request: staffForm({
    label: "Time-off Request",
    path: "/timeoff",
    apiForm: "time_off",
    menu: { icon: "calendar" },
  }),
} as const satisfies Record<FormKey, StaffFormFacts>;

/** A staff form's page: its list, add form, or one record's view or edit page. */
export function staffFormHref(form: FormKey, page: "list" | "add"): string;
export function staffFormHref(form: FormKey, page: "view" | "edit", id: number): string;
export function staffFormHref(form: FormKey, page: "list" | "add" | "view" | "edit", id?: number): string {
  return `${STAFF_FORMS[form].path}/${page}${id === undefined ? "" : `/${id}`}`;
}

/** Whether a role may open a form's list (its record page then offers 'Back to list'). */
export function mayOpenList(form: FormKey, roleId: number): boolean {
  const capability: Capability | null = STAFF_FORMS[form].listCapability;
  return capability === null || roleCan(roleId, capability);
}

/** The first path segment of every staff form's pages (reserved: no menu slug may take it). */
export const STAFF_FORM_SEGMENTS: readonly string[] = Object.values(STAFF_FORMS).map((f) => f.path.split("/")[1]);

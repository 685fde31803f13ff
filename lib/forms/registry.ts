import { roleCan, type Capability } from "@/lib/auth/roles";
import type { Workflow } from "@/lib/requests/transitions";
import type { FormKey } from "./form-keys";

/**
 * What the portal knows about each staff form that the browser may know too (docs/recipes/add-a-staff-form.md): one entry per
 * form key, and `satisfies Record<FormKey, ...>` makes a form without every part a compile error. The
 * server-only facts (its table, list, record title, search source) extend it by key in
 * lib/forms/registry-server.ts. Everything that names the forms (the sidebar's Forms group, the screens'
 * titles and paths, the buttons' behaviour, the request workflow, the v1 `form` names, search) reads them
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
   * Its buttons per role (the old portal's behaviour): whether Back/Cancel shows to everyone or to managers only,
   * and whether Save returns to the list always or for managers only (others stay on a cleared form).
   */
  buttons: { back: "all" | "managers"; saveToList: "always" | "managers" };
};

export const STAFF_FORMS = {
  ro_reversal: {
    label: "RO Reversal Request",
    title: "RO Reversal Request",
    searchName: "RO Reversal",
    path: "/roreversal",
    editPage: true,
    apiForm: "ro_reversal",
    workflow: "approval",
    menu: { label: "RO Reversal Request", icon: "refresh" },
    listCapability: null,
    buttons: { back: "all", saveToList: "managers" },
  },
  tech_time: {
    label: "Tech Time",
    title: "Tech Time",
    searchName: "Tech Time",
    path: "/techtime",
    editPage: true,
    apiForm: "tech_time",
    workflow: "approval",
    menu: { label: "Tech Time", icon: "wrench" },
    listCapability: null,
    buttons: { back: "all", saveToList: "managers" },
  },
  improvement_suggestion: {
    label: "Continuous Improvement Suggestions",
    title: "Continuous Improvement Suggestion",
    searchName: "Continuous Improvement Suggestion",
    path: "/continuous/improvement/suggestions",
    editPage: true,
    apiForm: "suggestion",
    workflow: "suggestion",
    menu: { label: "Continuous Improvement Suggestions List", icon: "lightbulb" },
    listCapability: null,
    buttons: { back: "all", saveToList: "always" },
  },
  uniform_request: {
    label: "Uniform Request",
    title: "Uniform Request",
    searchName: "Uniform Request",
    path: "/uniform/request",
    editPage: false,
    apiForm: "uniform",
    workflow: "approval",
    menu: { label: "Uniform Request", icon: "shirt" },
    listCapability: "listUniformRequests",
    buttons: { back: "managers", saveToList: "managers" },
  },
  time_off_request: {
    label: "Time-off Request",
    title: "Time-off Request",
    searchName: "Time-off Request",
    path: "/timeoff",
    editPage: true,
    apiForm: "time_off",
    workflow: "approval",
    menu: { label: "Time-off Request", icon: "calendar" },
    listCapability: null,
    buttons: { back: "all", saveToList: "managers" },
  },
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

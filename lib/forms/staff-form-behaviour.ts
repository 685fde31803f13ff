import { roleCan } from "@/lib/auth/roles";
import type { FormKey } from "./form-keys";
import { STAFF_FORMS } from "./registry";

/** The staff form screens (the registered forms and the form email manager's own form). */
export type StaffFormScreen = FormKey | "form_email_manager";

/**
 * Whether a staff form shows Back/Cancel to a role (each form's `back` in lib/forms/registry.ts; the form
 * email manager's to all). 'managers' are roles 1 and 2 (capability manageStaffForms).
 */
export function staffFormShowsBack(screen: StaffFormScreen, roleId: number): boolean {
  return screen === "form_email_manager" || STAFF_FORMS[screen].back === "all" || roleCan(roleId, "manageStaffForms");
}

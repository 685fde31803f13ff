import { roleCan } from "@/lib/auth/roles";
import type { FormKey } from "./form-keys";
import { STAFF_FORMS, type StaffFormFacts } from "./registry";

/** The staff form screens (the registered forms and the form email manager's own form). */
export type StaffFormScreen = FormKey | "form_email_manager";

const EMAIL_MANAGER_BUTTONS: StaffFormFacts["buttons"] = { back: "all", saveToList: "always" };

/**
 * What the buttons of a staff form do for a role (each form's `buttons` in lib/forms/registry.ts): whether
 * Back/Cancel shows, and whether Save returns to the list or clears the form and stays. Save And Continue
 * always clears. 'managers' are roles 1 and 2 (capability manageStaffForms).
 */
export function staffFormBehaviour(
  screen: StaffFormScreen,
  roleId: number,
): { showBack: boolean; saveReturnsToList: boolean } {
  const manager = roleCan(roleId, "manageStaffForms");
  const r = screen === "form_email_manager" ? EMAIL_MANAGER_BUTTONS : STAFF_FORMS[screen].buttons;
  return { showBack: r.back === "all" || manager, saveReturnsToList: r.saveToList === "always" || manager };
}

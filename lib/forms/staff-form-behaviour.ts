import { roleCan } from "@/lib/auth/roles";
import type { FormKey } from "./form-keys";

/** The staff form screens (the four forms and the form email manager's own form). */
export type StaffFormScreen = FormKey | "form_email_manager";

/**
 * What the buttons of each staff form do per role (spec sections 4 and 6): whether Back/Cancel shows,
 * and whether Save returns to the list or clears the form and stays. Save And Continue always clears.
 * 'managers' are roles 1 and 2 (capability manageStaffForms).
 */
const RULES: Record<StaffFormScreen, { back: "all" | "managers"; saveToList: "always" | "managers" }> = {
  ro_reversal: { back: "all", saveToList: "managers" },
  tech_time: { back: "all", saveToList: "managers" },
  improvement_suggestion: { back: "all", saveToList: "always" },
  uniform_request: { back: "managers", saveToList: "managers" },
  form_email_manager: { back: "all", saveToList: "always" },
};

export function staffFormBehaviour(
  screen: StaffFormScreen,
  roleId: number,
): { showBack: boolean; saveReturnsToList: boolean } {
  const manager = roleCan(roleId, "manageStaffForms");
  const r = RULES[screen];
  return { showBack: r.back === "all" || manager, saveReturnsToList: r.saveToList === "always" || manager };
}

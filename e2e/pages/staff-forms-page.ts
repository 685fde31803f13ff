import { expect, type Locator, type Page } from "@playwright/test";

/**
 * The staff forms (RO reversal, tech time, suggestions, uniform requests, form email manager): fields by
 * label, the shell's buttons, the lists and the uniform list's date-range picker.
 */
export class StaffFormsPage {
  constructor(readonly page: Page) {}

  field(label: string, exact = true): Locator {
    return this.page.getByLabel(label, { exact });
  }

  button(name: string): Locator {
    return this.page.getByRole("button", { name, exact: true });
  }

  get location(): Locator {
    return this.page.getByLabel("Location", { exact: true });
  }

  get alert(): Locator {
    return this.page.getByRole("alert").filter({ hasNotText: /^$/ });
  }

  async gotoRoAdd() {
    await this.page.goto("/roreversal/add");
    await expect(this.page.getByRole("heading", { level: 1, name: "RO Reversal Request" })).toBeVisible();
  }

  async gotoTechTimeAdd() {
    await this.page.goto("/techtime/add");
    await expect(this.page.getByRole("heading", { level: 1, name: "Tech Time", exact: true })).toBeVisible();
  }

  /** Adds tags to a To/CC tag input (Enter after each). */
  async addTags(label: string, ...addresses: string[]) {
    const input = this.page.getByLabel(label, { exact: true });
    for (const a of addresses) {
      await input.fill(a);
      await input.press("Enter");
    }
  }

  radio(group: string, value: "Yes" | "No"): Locator {
    return this.page.getByRole("group", { name: group }).getByRole("radio", { name: value });
  }

  get table(): Locator {
    return this.page.getByRole("table");
  }

  rows(): Locator {
    return this.table.locator("tbody tr");
  }

  get rangeButton(): Locator {
    return this.page.getByRole("button", { name: /^Date range:/ });
  }

  async applyRange(from: string, to: string) {
    await this.rangeButton.click();
    await this.field("From").fill(from);
    await this.field("To").fill(to);
    await this.button("Apply Filter").click();
  }
}

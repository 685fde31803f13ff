import type { Locator, Page } from "@playwright/test";

/** The continuous improvement and uniform request screens: their forms, lists and the date-range picker. */
export class StaffFormsPage {
  constructor(readonly page: Page) {}

  field(label: string, exact = true): Locator {
    return this.page.getByLabel(label, { exact });
  }

  button(name: string): Locator {
    return this.page.getByRole("button", { name, exact: true });
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

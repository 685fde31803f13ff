import type { Locator, Page } from "@playwright/test";

/** Edit Profile (/changeprofile) with its Change Password modal. */
export class ProfilePage {
  readonly heading: Locator;
  readonly saveButton: Locator;
  readonly passwordButton: Locator;
  readonly passwordDialog: Locator;
  readonly photoInput: Locator;

  constructor(readonly page: Page) {
    this.heading = page.getByRole("heading", { name: "Edit Profile" });
    this.saveButton = page.getByRole("button", { name: "Save", exact: true });
    this.passwordButton = page.getByRole("button", { name: "Change Password" });
    this.passwordDialog = page.getByRole("dialog", { name: "Change Password" });
    this.photoInput = page.locator("input[type=file]");
  }

  async goto() {
    await this.page.goto("/changeprofile");
  }

  field(label: string): Locator {
    return this.page.getByLabel(label, { exact: true });
  }

  /** A read-only item (its label and value, no input): personal data, location, department, role. */
  readOnlyField(label: string): Locator {
    return this.page
      .locator("form div")
      .filter({ has: this.page.getByText(label, { exact: true }) })
      .last();
  }

  async changePassword(values: { old: string; next: string; confirm: string }) {
    await this.passwordButton.click();
    await this.passwordDialog.getByLabel("Old Password").fill(values.old);
    await this.passwordDialog.getByLabel("New Password").fill(values.next);
    await this.passwordDialog.getByLabel("Confirm Password").fill(values.confirm);
    await this.passwordDialog.getByRole("button", { name: "Change Password" }).click();
  }
}

import { expect, type Locator, type Page } from "@playwright/test";

/**
 * The portal's shell (the old portal's shell): header with the user dropdown, sidebar from the menu, the
 * phone menu button. Locators use roles and the labels the screens show.
 */
export class ShellPage {
  readonly header;
  readonly userMenuButton;
  readonly menuButton;
  readonly logoutItem;
  readonly notFoundText;

  constructor(readonly page: Page) {
    this.header = page.getByRole("banner");
    // The dropdown trigger in the header (avatar + name): a button that announces a popup.
    this.userMenuButton = this.header.getByRole("button", { name: /Account menu/ });
    this.menuButton = page.getByRole("button", { name: /^(open )?(main )?menu$/i });
    this.logoutItem = page.getByRole("menuitem", { name: "Logout" }).or(page.getByRole("button", { name: "Logout" }));
    this.notFoundText = page.getByText("The page you are looking for does not exist.");
  }

  /** A dropdown entry (menu item or link) by its exact name. */
  dropdownItem(name: string): Locator {
    return this.page
      .getByRole("menuitem", { name, exact: true })
      .or(this.header.getByRole("link", { name, exact: true }));
  }

  /** A sidebar entry (a link) by its title. */
  sidebarLink(title: string): Locator {
    return this.page.getByRole("navigation").getByRole("link", { name: title });
  }

  async goto(slug: string) {
    await this.page.goto(`/${slug}`);
  }

  /** Opens the account menu; retries the click because a click before hydration does nothing. */
  async openUserMenu() {
    await expect(async () => {
      if (!(await this.logoutItem.isVisible())) await this.userMenuButton.click();
      await expect(this.logoutItem).toBeVisible({ timeout: 2_000 });
    }).toPass({ timeout: 20_000 });
  }

  async logout() {
    await this.openUserMenu();
    await this.logoutItem.click();
  }
}

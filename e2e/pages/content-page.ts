import { expect, type Locator, type Page } from "@playwright/test";

/**
 * A menu content page (/{slug}) and its admin forms (docs/features/content.md): tabs, search, sort, pager, list
 * items with their Edit / Pin / Delete buttons, the confirmation dialog and toasts.
 */
export class ContentPage {
  readonly search: Locator;
  readonly sort: Locator;
  readonly dialog: Locator;

  constructor(readonly page: Page) {
    this.search = page.getByRole("searchbox");
    this.sort = page.getByLabel("Sort");
    this.dialog = page.getByRole("dialog");
  }

  async goto(slug: string, query = "") {
    await this.page.goto(`/${slug}${query}`);
  }

  tab(name: string): Locator {
    return this.page.getByRole("navigation", { name: "Content" }).getByRole("link", { name, exact: true });
  }

  heading(title: string): Locator {
    return this.page.getByRole("heading", { name: title, exact: true });
  }

  /** The list item (post, attachment or date) whose heading is `title`. */
  item(title: string): Locator {
    return this.page
      .getByRole("listitem")
      .filter({ has: this.page.getByRole("heading", { name: title, exact: true }) });
  }

  async searchFor(term: string) {
    await this.search.fill(term);
    await this.search.press("Enter");
  }

  toast(text: string | RegExp): Locator {
    return this.page
      .getByRole("region", { name: "Notifications alt+T" })
      .getByRole("listitem")
      .filter({ hasText: text });
  }

  /** Clicks an item button (e.g. "Pin", "Delete") and answers the confirmation. */
  async confirmItemAction(title: string, action: "Pin" | "Unpin" | "Delete", answer: "yes" | "no") {
    await this.page.getByRole("button", { name: `${action} ${title}`, exact: true }).click();
    await expect(this.dialog.getByRole("heading", { name: "Are you sure?" })).toBeVisible();
    const yes = action === "Delete" ? "Yes Delete it!" : "Yes Change it!";
    await this.dialog.getByRole("button", { name: answer === "yes" ? yes : "No, Keep it!" }).click();
  }

  // Forms
  get titleField() {
    return this.page.getByLabel("Title");
  }
  get descriptionField() {
    return this.page.getByLabel("Description");
  }
  button(name: string): Locator {
    return this.page.getByRole("button", { name, exact: true });
  }
}

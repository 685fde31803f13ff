import { expect, type Locator, type Page } from "@playwright/test";

/** The user list (/user/list) on the shared DataTable: filters, sort headers, page size, selection, bulk delete. */
export class UsersPage {
  readonly table: Locator;
  readonly caption: Locator;
  readonly pageSize: Locator;
  readonly pageBox: Locator;
  readonly selectAll: Locator;
  readonly bulkBar: Locator;
  readonly dialog: Locator;

  constructor(readonly page: Page) {
    this.table = page.getByRole("table", { name: /Users/ });
    this.caption = this.table.locator("caption");
    this.pageSize = page.getByLabel("Rows per page");
    this.pageBox = page.getByRole("textbox", { name: "Page" });
    this.selectAll = page.getByRole("checkbox", { name: "Select all rows on this page" });
    this.bulkBar = page.getByRole("region", { name: "Bulk actions" });
    this.dialog = page.getByRole("dialog");
  }

  async goto(query = "") {
    await this.page.goto(`/user/list${query}`);
  }

  filter(column: string): Locator {
    return this.page.getByLabel(`Filter by ${column}`);
  }

  async filterBy(column: string, text: string) {
    await this.filter(column).fill(text);
    await this.filter(column).press("Enter");
  }

  sortButton(column: string): Locator {
    return this.table.getByRole("button", { name: column, exact: false }).filter({ hasText: column });
  }

  header(column: string): Locator {
    return this.table.getByRole("columnheader", { name: column });
  }

  rows(): Locator {
    return this.table.locator("tbody tr");
  }

  row(name: string): Locator {
    return this.rows().filter({ hasText: name });
  }

  toast(text: string): Locator {
    return this.page.getByText(text, { exact: true });
  }

  async expectCaption(text: string) {
    await expect(this.caption).toHaveText(new RegExp(`${text.replace(/[–]/g, "–")}$`));
  }
}

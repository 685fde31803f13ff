import { expect, type Locator, type Page } from "@playwright/test";

/** The calendar page (menu page type 3): toolbar, keys legend, month/list grid, detail and form. */
export class CalendarPage {
  readonly heading;
  readonly search;
  readonly searchButton;
  readonly addButton;
  readonly subscribeButton;
  readonly nextMonth;
  readonly prevMonth;
  readonly listButton;
  readonly monthButton;
  readonly dialog;

  constructor(readonly page: Page) {
    this.heading = page.getByRole("heading", { level: 1 });
    this.search = page.getByLabel("Search events");
    this.searchButton = page.getByRole("button", { name: "Search", exact: true });
    this.addButton = page.getByRole("button", { name: "Add Event" });
    this.subscribeButton = page.getByRole("button", { name: "Subscribe" });
    this.nextMonth = page.getByRole("button", { name: "Next month" });
    this.prevMonth = page.getByRole("button", { name: "Previous month" });
    this.listButton = page.getByRole("button", { name: "List", exact: true });
    this.monthButton = page.getByRole("button", { name: "Month", exact: true });
    this.dialog = page.getByRole("dialog");
  }

  async goto(slug = "calendar", month?: string) {
    await this.page.goto(`/${slug}${month ? `?month=${month}` : ""}`);
    await expect(this.nextMonth).toBeVisible();
  }

  keyToggle(name: string): Locator {
    return this.page.getByRole("group", { name: /Calendar keys/ }).getByRole("button", { name, exact: true });
  }

  /** An event in the month grid or list (FullCalendar's, or the server's preview before it loads). */
  event(title: string): Locator {
    return this.page.getByText(title, { exact: false }).first();
  }

  field(label: string): Locator {
    return this.page.getByLabel(label, { exact: true });
  }

  async runSearch(text: string) {
    await this.search.fill(text);
    await this.searchButton.click();
  }
}

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
    // FullCalendar mounts only once the page has hydrated (data-calendar-ready; below 766 px it opens
    // in its list view); from then on the controls act in the app (a search typed before that would be
    // submitted as a plain form).
    await expect(this.page.locator("[data-calendar-ready]")).toBeAttached();
  }

  keyToggle(name: string): Locator {
    return this.page.getByRole("group", { name: /Calendar keys/ }).getByRole("button", { name, exact: true });
  }

  /** An event in the month grid or list (FullCalendar's, or the server's preview before it loads). */
  event(title: string): Locator {
    return this.page.getByText(title, { exact: false }).first();
  }

  /** A day of FullCalendar's month grid (`YYYY-MM-DD`); the server's preview has no such cells. */
  dayCell(day: string): Locator {
    return this.page.locator(`[role=cell][data-date="${day}"]`);
  }

  /** Clicks a day's empty top corner (not an event); retried until the grid has hydrated and answers. */
  async clickDay(day: string, expectAfter: Locator) {
    // Clicks again only while nothing has answered: a late answer replaces the grid, and a click on
    // the day cell that is gone would wait out the test.
    await expect(async () => {
      if (!(await expectAfter.isVisible())) await this.dayCell(day).click({ position: { x: 4, y: 4 }, timeout: 2000 });
      await expect(expectAfter).toBeVisible({ timeout: 2000 });
    }).toPass();
  }

  field(label: string): Locator {
    return this.page.getByLabel(label, { exact: true });
  }

  async runSearch(text: string) {
    await this.search.fill(text);
    await this.searchButton.click();
  }
}

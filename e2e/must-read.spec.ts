import { readFile } from "node:fs/promises";
import { expect, test, type Browser } from "@playwright/test";
import { csvRecords } from "../test/export-files";
import { ContentPage } from "./pages/content-page";
import { storageStateOf, type Role } from "./support/env";
import { reviewScreenshot } from "./support/screenshot";

/**
 * Must-read posts in the browser (docs/features/must-read.md): an administrator addresses a must-read post to the Staff role and schedules
 * another; staff see the count in the header, the 'To read' page and acknowledge once; a calendar
 * manager does not see the staff-only post; the administrator sees the marks and the readers.
 */
const unique = (label: string) => `${label} ${Date.now().toString(36)}${Math.random().toString(36).slice(2, 5)}`;

async function as(browser: Browser, role: Role) {
  const context = await browser.newContext({ storageState: storageStateOf(role) });
  return { context, page: await context.newPage() };
}

test.describe("must read", () => {
  test.use({ storageState: storageStateOf("admin") });

  test("a staff-only must-read is counted, listed and acknowledged once; the scheduled one waits", async ({
    page,
    browser,
  }) => {
    test.slow();
    const content = new ContentPage(page);
    const title = unique("Lift inspection");
    const later = unique("Next quarter policy");

    await page.goto("/company-news/discussion/add");
    await expect(page.getByText(/Your local time \(.+\)/).first()).toBeVisible();
    await content.titleField.fill(title);
    await page
      .getByRole("group", { name: "Roles" })
      .getByRole("checkbox", { name: "Staff: reads pages, submits staff forms", exact: true })
      .check();
    await page.getByRole("checkbox", { name: /^Must read/ }).check();
    await content.button("Save").click();
    await expect(page).toHaveURL(/\/company-news$/);
    await expect(content.item(title)).toContainText("For: Staff");
    await expect(content.item(title)).toContainText("Must read");

    // 'Expires at' before 'Publish at' is refused under the field.
    await page.goto("/company-news/discussion/add");
    await content.titleField.fill(later);
    await page.getByLabel("Publish at").fill("2099-06-01T09:00");
    await page.getByLabel("Expires at").fill("2099-05-01T09:00");
    await content.button("Save").click();
    await expect(page.getByText("'Expires at' must be after 'Publish at'.")).toBeVisible();
    await page.getByLabel("Expires at").fill("");
    await content.button("Save").click();
    await expect(page).toHaveURL(/\/company-news$/);
    await expect(content.item(later)).toContainText("Scheduled");

    const staff = await as(browser, "staff");
    await staff.page.goto("/company-news");
    await expect(staff.page.getByRole("link", { name: title, exact: true })).toBeVisible();
    await expect(staff.page.getByRole("link", { name: later, exact: true })).toHaveCount(0);
    const toRead = staff.page.getByRole("link", { name: /^To read: \d+ unread/ });
    await expect(toRead).toBeVisible();
    await toRead.click();
    await expect(staff.page.getByRole("heading", { level: 1, name: "To read" })).toBeVisible();
    await staff.page.getByRole("link", { name: title, exact: true }).click();
    await staff.page.getByRole("button", { name: "I have read and understood this" }).click();
    await expect(staff.page.getByText(/^Acknowledged on/)).toBeVisible();
    await expect(staff.page.getByRole("button", { name: "I have read and understood this" })).toHaveCount(0);
    await staff.page.goto("/to-read");
    await expect(staff.page.getByRole("listitem").filter({ hasText: title })).toContainText("Acknowledged on");
    await staff.context.close();

    const manager = await as(browser, "manager");
    await manager.page.goto("/company-news");
    await expect(manager.page.getByRole("heading", { level: 1, name: "Company News" })).toBeVisible();
    await expect(manager.page.getByRole("link", { name: title, exact: true })).toHaveCount(0);
    // Role 2 has a board of their own location (the seeded manager has none, so it says why).
    await manager.page.goto("/compliance");
    await expect(manager.page.getByRole("heading", { level: 1, name: "Compliance" })).toBeVisible();
    await expect(manager.page.getByText("Oops! 403 Sorry!")).toHaveCount(0);
    await manager.context.close();

    // The administrator is not in the audience: no button, but the readers.
    await page.getByRole("link", { name: title, exact: true }).click();
    await expect(page.getByRole("heading", { name: "Readers" })).toBeVisible();
    await expect(page.getByRole("button", { name: "I have read and understood this" })).toHaveCount(0);
    await page.getByText(/^No location \(/).click();
    await expect(page.getByText("Sam Staff: Acknowledged")).toBeVisible();

    await page.goto("/compliance");
    await expect(page.getByRole("rowheader", { name: new RegExp(title) })).toBeVisible();
  });

  test("the compliance export's due date equals the board's for a 5:30 PM Pacific due time", async ({ browser }) => {
    test.slow();
    // A dealership's administrator: the browser in California, so 5:30 PM there is already the next day in UTC.
    const context = await browser.newContext({
      storageState: storageStateOf("admin"),
      timezoneId: "America/Los_Angeles",
      acceptDownloads: true,
    });
    const page = await context.newPage();
    const content = new ContentPage(page);
    const title = unique("Winter tyre swap");
    const year = new Date().getFullYear() + 1;

    await page.goto("/company-news/discussion/add");
    await expect(page.getByText("Your local time (America/Los_Angeles).").first()).toBeVisible();
    await content.titleField.fill(title);
    await page.getByRole("checkbox", { name: /^Must read/ }).check();
    await page.getByLabel("Due date (optional)").fill(`${year}-12-01T17:30`);
    await content.button("Save").click();
    await expect(page).toHaveURL(/\/company-news$/);

    await page.goto("/compliance");
    const row = page.getByRole("row").filter({ has: page.getByRole("rowheader", { name: new RegExp(title) }) });
    await expect(row).toContainText(`due 1 December, ${year}`);
    const [download] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("link", { name: "Export CSV" }).click(),
    ]);
    const lines = csvRecords(await readFile((await download.path())!, "utf8")).filter((l) => l.Post === title);
    expect(lines.length).toBeGreaterThan(0);
    // The board's '1 December, <year>' is the export's 12/01/<year>, on every line of the post.
    const board = /due (\d{1,2}) December, (\d{4})/.exec((await row.textContent()) ?? "")!;
    for (const line of lines) expect(line.Due).toBe(`12/${board[1].padStart(2, "0")}/${board[2]}`);
    expect(lines[0].Due).toBe(`12/01/${year}`);
    await reviewScreenshot(page, test.info().outputPath("compliance-1280.png"), { fullPage: true });
    await page.setViewportSize({ width: 390, height: 844 });
    await page.reload();
    await expect(row).toContainText(`due 1 December, ${year}`);
    // The board scrolls inside its box; the page itself does not scroll sideways on a phone.
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
    await reviewScreenshot(page, test.info().outputPath("compliance-390.png"), { fullPage: true });
    await context.close();
  });
});

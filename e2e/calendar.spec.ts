import { expect, test } from "@playwright/test";
import { CalendarPage } from "./pages/calendar-page";
import { storageStateOf } from "./support/env";
import { reviewScreenshot } from "./support/screenshot";

/** The seeded demo events are placed relative to the current month (lib/calendar/seed.ts). */
const WEEKLY = "Monday Sales Meeting";
const TRAINING = "Warranty Process Training";
const PDF = Buffer.from("%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n");

test.describe("staff (role 3)", () => {
  test.use({ storageState: storageStateOf("staff") });

  test("reads the month, hides a key across months, opens an event without management buttons", async ({ page }) => {
    const cal = new CalendarPage(page);
    await cal.goto();
    await expect(cal.event(WEEKLY)).toBeVisible();
    await expect(cal.addButton).toHaveCount(0);

    const key = cal.keyToggle("Company Event");
    await key.click();
    await expect(key).toHaveAttribute("aria-pressed", "false");
    await expect(page.getByText(WEEKLY)).toHaveCount(0);
    await cal.nextMonth.click();
    await expect(key).toHaveAttribute("aria-pressed", "false");
    await expect(page.getByText(WEEKLY)).toHaveCount(0);
    await cal.prevMonth.click();
    await key.click();
    await expect(cal.event(WEEKLY)).toBeVisible();

    await cal.event(TRAINING).click();
    await expect(page.getByRole("heading", { name: TRAINING })).toBeVisible();
    await expect(page.getByText("Event Date")).toBeVisible();
    await expect(page.getByRole("link", { name: "555-0100" })).toHaveAttribute("href", "tel:5550100");
    await expect(page.getByRole("button", { name: "Edit" })).toHaveCount(0);
    await expect(page.getByRole("button", { name: "Delete" })).toHaveCount(0);
    await expect(page.getByText("Status", { exact: true })).toHaveCount(0);
    await page.getByRole("button", { name: "Back" }).click();
    await expect(cal.nextMonth).toBeVisible();
  });

  test("the calendar is in place in the document, not a part React sends late and reveals after a spinner", async ({
    page,
  }) => {
    const doc = await (await page.request.get("/calendar")).text();
    expect(doc).not.toMatch(/<template id="B:\d+">/);
    expect(doc.indexOf('aria-pressed="true"')).toBeGreaterThan(doc.indexOf("<main"));
    expect(doc.indexOf('aria-pressed="true"')).toBeLessThan(doc.indexOf("</main>"));
  });

  test("search shows HTML as text, and 'No dates found...!!!' when nothing matches", async ({ page }) => {
    const cal = new CalendarPage(page);
    await cal.goto();
    await cal.runSearch("<script>alert(1)</script>");
    await expect(page.getByText("No dates found...!!!")).toBeVisible();
    await expect(page.getByRole("heading", { name: /Search results for/ })).toContainText("<script>alert(1)</script>");
    await page.getByRole("button", { name: "Back to Calendar" }).click();
    await cal.runSearch("sales meeting");
    await expect(page.getByRole("button", { name: new RegExp(WEEKLY) })).toBeVisible();
  });

  test("list view", async ({ page }) => {
    const cal = new CalendarPage(page);
    await cal.goto();
    await cal.listButton.click();
    await expect(cal.listButton).toHaveAttribute("aria-pressed", "true");
    await expect(cal.event(TRAINING)).toBeVisible();
  });
});

test.describe("calendar manager (role 2)", () => {
  test.use({ storageState: storageStateOf("manager") });

  test("adds an event with the form's rules, sees it, and deletes it with the old portal's confirmations", async ({
    page,
  }) => {
    const cal = new CalendarPage(page);
    await cal.goto();
    await cal.addButton.click();
    await expect(page.getByRole("heading", { name: "Add Calendar Event" })).toBeVisible();
    await expect(cal.field("Start DateTime")).toHaveValue(/T00:00(:00)?$/);
    await expect(cal.field("End DateTime")).toHaveValue(/T23:59$/);

    // Field rules: recurring type only for recurring events; every series has a start, an end time and
    // an optional last date; weekly picks weekdays (Monday by default) and every N weeks.
    await expect(cal.field("Recurring Type")).toHaveCount(0);
    await expect(cal.field("Event Type").locator("option")).toHaveText(["Normal", "Recurring"]);
    await cal.field("Event Type").selectOption("recursive");
    await cal.field("Recurring Type").selectOption("weekly");
    await expect(page.getByRole("checkbox", { name: "Mon" })).toBeChecked();
    await expect(cal.field("Repeat Every (weeks)")).toHaveValue("1");
    await expect(cal.field("Start DateTime")).toBeVisible();
    await expect(cal.field("End Time")).toHaveValue("23:59");
    await expect(cal.field("Last Date (optional)")).toHaveValue("");
    await cal.field("Event Type").selectOption("normal");
    await expect(cal.field("Recurring Type")).toHaveCount(0);

    // Validation messages, cleared as the user types.
    await page.getByRole("button", { name: "Save" }).click();
    await expect(page.getByText("Title Required")).toBeVisible();
    await expect(page.getByText("Please select Calendar Key")).toBeVisible();
    await cal.field("Title").fill("E2E planning session");
    await expect(page.getByText("Title Required")).toHaveCount(0);
    await cal.field("Contact Number").fill("12ab");
    await expect(page.getByText("Contact Number Must Be Numeric")).toBeVisible();
    await cal.field("Contact Number").fill("555 123 4567");
    await cal.field("Calendar Key").selectOption({ label: "Training" });
    await page
      .locator("input[type=file]")
      .setInputFiles({ name: "agenda.pdf", mimeType: "application/pdf", buffer: PDF });
    await expect(page.getByText("Uploaded", { exact: true })).toBeVisible();
    await page.getByRole("button", { name: "Save" }).click();
    await expect(page.getByText("Event Added Successfully")).toBeVisible();
    await expect(cal.field("Title")).toHaveValue("", { timeout: 6000 }); // reset after 3 s
    await page.getByRole("button", { name: "Cancel" }).click();

    await expect(cal.event("E2E planning session")).toBeVisible();
    await cal.event("E2E planning session").click();
    await expect(page.getByText("Status", { exact: true })).toBeVisible();
    await expect(page.getByRole("link", { name: /agenda\.pdf/ })).toBeVisible();
    const [zip] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("button", { name: "Download All" }).click(),
    ]);
    expect(zip.suggestedFilename()).toBe("E2E planning session.zip");
    await page.getByRole("button", { name: "Delete" }).click();
    await expect(cal.dialog.getByRole("heading", { name: "Are you sure?" })).toBeVisible();
    await expect(cal.dialog).toContainText("You can't revert your action");
    await cal.dialog.getByRole("button", { name: "No, Keep it!" }).click();
    await expect(cal.dialog.getByRole("heading", { name: "Cancelled" })).toBeVisible();
    await expect(cal.dialog).toContainText("Your record still intact");
    await cal.dialog.getByRole("button", { name: "OK" }).click();
    await page.getByRole("button", { name: "Delete" }).click();
    await cal.dialog.getByRole("button", { name: "Yes Delete it!" }).click();
    await expect(cal.dialog.getByRole("heading", { name: "Deleted" })).toBeVisible();
    await cal.dialog.getByRole("button", { name: "OK" }).click();
    await expect(cal.nextMonth).toBeVisible();
    await expect(page.getByText("E2E planning session")).toHaveCount(0);
  });
});

test.describe("recurring series and the calendar's addresses (manager)", () => {
  test.use({ storageState: storageStateOf("manager"), timezoneId: "America/Los_Angeles" });

  test("the weekly sales meeting keeps 9:00-10:00 and its range when only its description changes; each view has its address", async ({
    page,
  }) => {
    const cal = new CalendarPage(page);
    await cal.goto();
    await cal.event(WEEKLY).click();
    await expect(page).toHaveURL(/[?&]event=\d+/);
    const detail = page.getByRole("article");
    await expect(detail.getByRole("heading", { name: WEEKLY })).toBeVisible();
    await expect(detail).toContainText("Calendar key");
    await expect(detail).toContainText("9:00 AM – 10:00 AM");
    await expect(detail).toContainText(/Every Monday, from .+ until /);
    await expect(detail).not.toContainText("Updated by");
    const eventUrl = page.url();

    await detail.getByRole("button", { name: "Edit" }).click();
    await expect(page).toHaveURL(/[?&]edit=\d+/);
    await expect(cal.field("Event Type")).toHaveValue("recursive");
    await expect(cal.field("Recurring Type")).toHaveValue("weekly");
    await expect(cal.field("Start DateTime")).toHaveValue(/T09:00$/);
    await expect(cal.field("End Time")).toHaveValue("10:00");
    await expect(cal.field("Last Date (optional)")).toHaveValue(/^\d{4}-\d{2}-\d{2}$/);
    await expect(page.getByRole("checkbox", { name: "Mon" })).toBeChecked();
    await expect(page.getByRole("checkbox", { name: "Tue" })).not.toBeChecked();

    // Back returns to the event; Forward to the form again.
    await page.goBack();
    await expect(page).toHaveURL(eventUrl);
    await expect(detail.getByRole("heading", { name: WEEKLY })).toBeVisible();
    await page.goForward();
    await cal.field("Description").fill("Weekly sales review, now with forecasts.");
    await page.getByRole("button", { name: "Update" }).click();
    await expect(page.getByText("Event Updated Successfully")).toBeVisible();
    await expect(page).not.toHaveURL(/edit=/);

    // The event's link opens it again: same time, the new description, and now 'Updated by'.
    await page.goto(eventUrl);
    await expect(detail.getByRole("heading", { name: WEEKLY })).toBeVisible();
    await expect(detail).toContainText("9:00 AM – 10:00 AM");
    await expect(detail).toContainText(/Every Monday, from .+ until /);
    await expect(detail).toContainText("Weekly sales review, now with forecasts.");
    await expect(detail).toContainText("Updated by");
    await detail.getByRole("button", { name: "Back" }).click();
    await expect(page).not.toHaveURL(/event=/);
    await expect(cal.event(WEEKLY)).toBeVisible();
  });

  test("the shown month has its address: Next is a step Back undoes, and a link opens that month", async ({ page }) => {
    const cal = new CalendarPage(page);
    await cal.goto("calendar", "2026-12");
    const title = page.getByRole("heading", { level: 2, name: /\d{4}$/ });
    await expect(title).toHaveText("December 2026");
    await cal.nextMonth.click();
    await expect(page).toHaveURL(/month=2027-01/);
    await expect(title).toHaveText("January 2027");
    await page.goBack();
    await expect(page).toHaveURL(/month=2026-12/);
    await expect(title).toHaveText("December 2026");
    await cal.runSearch("sales meeting");
    await expect(page).toHaveURL(/[?&]q=sales\+meeting/);
    await page.goBack();
    await expect(page).not.toHaveURL(/q=/);
    await expect(title).toHaveText("December 2026");
  });

  test("a new weekly series has a time, weekdays and a last date, and nothing shows before its start", async ({
    page,
  }) => {
    const cal = new CalendarPage(page);
    const name = "E2E Tue/Thu stand-up";
    await cal.goto("calendar", "2031-03");
    await cal.clickDay("2031-03-04", page.getByRole("heading", { name: "Add Calendar Event" }));
    await cal.field("Title").fill(name);
    await cal.field("Calendar Key").selectOption({ label: "Training" });
    await cal.field("Event Type").selectOption("recursive");
    await cal.field("Recurring Type").selectOption("weekly");
    await page.getByRole("checkbox", { name: "Mon" }).uncheck();
    await page.getByRole("checkbox", { name: "Tue" }).check();
    await page.getByRole("checkbox", { name: "Thu" }).check();
    await cal.field("Start DateTime").fill("2031-03-04T14:00");
    await cal.field("End Time").fill("15:30");
    await cal.field("Last Date (optional)").fill("2031-03-27");
    await page.getByRole("button", { name: "Save" }).click();
    await expect(page.getByText("Event Added Successfully")).toBeVisible();
    await page.getByRole("button", { name: "Cancel" }).click();
    await expect(page).toHaveURL(/month=2031-03/);
    const grid = page.locator("[data-calendar-ready]");
    await expect(grid.getByText(name)).toHaveCount(8); // Tue and Thu, 4 to 27 March
    await grid.getByText(name).first().click();
    await expect(page.getByRole("article")).toContainText("2:00 PM – 3:30 PM");
    await expect(page.getByRole("article")).toContainText(
      /Every Tuesday and Thursday, from Tue, Mar 4, 2031 until Thu, Mar 27, 2031/,
    );
    await page.getByRole("article").getByRole("button", { name: "Back" }).click();
    // February's grid ends in early March; January's shows none of it.
    await cal.prevMonth.click();
    await expect(page).toHaveURL(/month=2031-02/);
    await expect(grid.getByText(name)).toHaveCount(2);
    await cal.prevMonth.click();
    await expect(page).toHaveURL(/month=2031-01/);
    await expect(grid.getByText(name)).toHaveCount(0);
  });
});

test.describe("the keys a calendar page shows", () => {
  test.describe("staff", () => {
    test.use({ storageState: storageStateOf("staff") });

    test("CIC Monthly Meetings shows only its own key's events", async ({ page }) => {
      const cal = new CalendarPage(page);
      await cal.goto("cic-monthly-meetings");
      await expect(page.getByRole("group", { name: /Calendar keys/ }).getByRole("button")).toHaveText([
        "CIC Monthly Meeting",
      ]);
      await expect(page.locator("[data-calendar-ready]").getByText("CIC Monthly Meeting").first()).toBeVisible();
      await expect(page.getByText(WEEKLY)).toHaveCount(0);
      await expect(page.getByRole("button", { name: "Keys Shown Here" })).toHaveCount(0);
    });
  });

  test.describe("administrator", () => {
    test.use({ storageState: storageStateOf("admin") });

    test("chooses the keys a calendar page shows (here CIC Monthly Meetings), and back", async ({ page }) => {
      const cal = new CalendarPage(page);
      const legend = page.getByRole("group", { name: /Calendar keys/ }).getByRole("button");
      await cal.goto("cic-monthly-meetings");
      await expect(legend).toHaveText(["CIC Monthly Meeting"]);
      await page.getByRole("button", { name: "Keys Shown Here" }).click();
      await expect(cal.dialog.getByRole("checkbox", { name: "CIC Monthly Meeting" })).toBeChecked();
      await cal.dialog.getByRole("checkbox", { name: "Company Event" }).check();
      await cal.dialog.getByRole("button", { name: "Save" }).click();
      await expect(cal.dialog).toHaveCount(0);
      await expect(legend).toHaveText(["CIC Monthly Meeting", "Company Event"]);
      await expect(cal.event(WEEKLY)).toBeVisible();
      await page.reload();
      await expect(cal.event(WEEKLY)).toBeVisible();
      await page.getByRole("button", { name: "Keys Shown Here" }).click();
      await cal.dialog.getByRole("checkbox", { name: "Company Event" }).uncheck();
      await cal.dialog.getByRole("button", { name: "Save" }).click();
      await expect(legend).toHaveText(["CIC Monthly Meeting"]);
      await expect(page.getByText(WEEKLY)).toHaveCount(0);
    });
  });
});

test.describe("day click", () => {
  test.describe("manager", () => {
    test.use({ storageState: storageStateOf("manager") });

    test("clicking a day opens the add form for that whole day", async ({ page }) => {
      const cal = new CalendarPage(page);
      await cal.goto("calendar", "2030-05");
      await cal.clickDay("2030-05-15", page.getByRole("heading", { name: "Add Calendar Event" }));
      await expect(cal.field("Start DateTime")).toHaveValue(/^2030-05-15T00:00(:00)?$/);
      await expect(cal.field("End DateTime")).toHaveValue("2030-05-15T23:59");
      await expect(page).toHaveURL(/[?&]add=2030-05-15/);
    });
  });

  test.describe("staff", () => {
    test.use({ storageState: storageStateOf("staff") });

    test("clicking a day does nothing for role 3", async ({ page }) => {
      const cal = new CalendarPage(page);
      await cal.goto("calendar", "2030-05");
      await expect(cal.dayCell("2030-05-15")).toBeVisible();
      await cal.dayCell("2030-05-15").click({ position: { x: 4, y: 4 } });
      await expect(page.getByRole("heading", { name: "Add Calendar Event" })).toHaveCount(0);
      await expect(cal.nextMonth).toBeVisible();
    });
  });
});

test.describe("subscription link", () => {
  test.use({ storageState: storageStateOf("staff") });

  test("copies a private ICS URL that calendar apps can read, until it is revoked", async ({ page, request }) => {
    const cal = new CalendarPage(page);
    await cal.goto();
    await cal.subscribeButton.click();
    await cal.dialog.getByLabel("Events of").selectOption({ label: "Company Event" });
    await cal.dialog.getByRole("button", { name: "Create private link" }).click();
    const url = await cal.dialog.getByLabel(/Your new link/).inputValue();
    expect(url).toMatch(/\/api\/calendar\/feed\/[A-Za-z0-9]{48}\.ics$/);
    const feed = await request.get(url, { headers: { cookie: "" } });
    expect(feed.status()).toBe(200);
    const ics = await feed.text();
    expect(ics).toContain("RRULE:FREQ=WEEKLY;BYDAY=MO");
    expect(ics).not.toContain(TRAINING);
    await cal.dialog.getByRole("button", { name: "Revoke" }).first().click();
    await expect(cal.dialog.getByText("You have no subscription links.")).toBeVisible();
    expect((await request.get(url)).status()).toBe(404);
  });

  test("'Reset link' replaces a link: the old URL stops at once, the new one reads the same key", async ({
    page,
    request,
  }) => {
    const cal = new CalendarPage(page);
    await cal.goto();
    await cal.subscribeButton.click();
    await cal.dialog.getByLabel("Events of").selectOption({ label: "Company Event" });
    await cal.dialog.getByRole("button", { name: "Create private link" }).click();
    const oldUrl = await cal.dialog.getByLabel(/Your new link/).inputValue();
    expect((await request.get(oldUrl, { headers: { cookie: "" } })).status()).toBe(200);
    await cal.dialog.getByRole("button", { name: "Reset link: Company Event" }).click();
    await expect(cal.dialog.getByLabel(/Your new link/)).not.toHaveValue(oldUrl);
    const newUrl = await cal.dialog.getByLabel(/Your new link/).inputValue();
    expect(newUrl).toMatch(/\/api\/calendar\/feed\/[A-Za-z0-9]{48}\.ics$/);
    expect((await request.get(oldUrl, { headers: { cookie: "" } })).status()).toBe(404);
    const feed = await request.get(newUrl, { headers: { cookie: "" } });
    expect(feed.status()).toBe(200);
    expect(await feed.text()).toContain("RRULE:FREQ=WEEKLY;BYDAY=MO");
    await expect(cal.dialog.getByRole("button", { name: /^Reset link/ })).toHaveCount(1);
    for (const [width, name] of [
      [1280, "wide"],
      [390, "phone"],
    ] as const) {
      await page.setViewportSize({ width, height: 900 });
      await reviewScreenshot(page, test.info().outputPath(`feed-panel-${name}.png`));
    }
    await cal.dialog.getByRole("button", { name: /^Revoke/ }).click();
    await expect(cal.dialog.getByText("You have no subscription links.")).toBeVisible();
  });
});

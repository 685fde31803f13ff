import { expect, test } from "@playwright/test";
import { StaffFormsPage } from "./pages/staff-forms-page";
import { storageStateOf } from "./support/env";
import { expectNoAxeViolations } from "./support/axe";
import { reviewScreenshot } from "./support/screenshot";

const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 5)}`;

test.describe("staff", () => {
  test.use({ storageState: storageStateOf("staff") });

  test("submits an RO reversal: Warranty reveals its fields, Save opens the new request, it is in their list", async ({
    page,
  }) => {
    const ui = new StaffFormsPage(page);
    const name = `Ro Staff ${unique()}`;
    await ui.gotoRoAdd();
    await expect(ui.button("Back").or(page.getByRole("link", { name: "Back" }))).toBeVisible();
    // The form knows who is filling it in (editable).
    await expect(ui.field("Employee Name")).toHaveValue("Sam Staff");
    // Empty save: the old portal's messages, nothing sent.
    await ui.field("Employee Name").fill("");
    await ui.button("Save").click();
    await expect(page.getByText("Please enter employee name")).toBeVisible();
    await expect(ui.location).toHaveAccessibleDescription("Select Location");

    await ui.field("Employee Name").fill(name);
    await ui.field("Full RA#").fill("RA-77");
    await ui.field("Date RA Was Originally Closed").fill("2026-11-02");
    await ui.location.selectOption({ label: "Downtown Motors" });
    await ui.field("Reason Reversal Is Required").fill("Duplicate labour line");
    await expect(ui.field("How much time in vs Billed?")).toHaveCount(0);
    await page.getByRole("radio", { name: "Warranty" }).check();
    await ui.button("Save").click();
    // The required messages say the labels' words.
    await expect(page.getByText("Please enter How much time in vs Billed")).toBeVisible();
    await expect(page.getByText("Please enter the Tech's Efficiency MTD")).toBeVisible();
    await ui.field("How much time in vs Billed?").fill("2.0 vs 1.5");
    await ui.field("What is the Tech's Efficiency MTD?").fill("94%");
    await ui.button("Save").click();
    await expect(page.getByText("RO Reversal Request Added Successfully")).toBeVisible();
    // Save opens the new request, for every role, with 'Submit another' on it.
    await expect(page).toHaveURL(/\/roreversal\/view\/\d+\?saved=1$/);
    await expect(page.getByRole("heading", { level: 1, name: "RO Reversal Request" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Submit another" })).toBeVisible();

    await page.goto("/roreversal/list");
    const row = page.getByRole("row").filter({ hasText: name });
    await expect(row).toContainText("Warranty");
    await row.getByRole("link", { name: `Edit ${name}` }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Edit RO Reversal Request" })).toBeVisible();
    await expect(ui.button("Update")).toBeVisible();
    await expect(ui.button("Save And Continue")).toHaveCount(0);
  });

  test("submits a tech time form with shop rows up to 16", async ({ page }) => {
    test.slow(); // sixteen rows, two saves, the list, then the edit form
    const ui = new StaffFormsPage(page);
    const name = `Tt Staff ${unique()}`;
    await ui.gotoTechTimeAdd();
    await expect(page.getByRole("group", { name: /^Attendance row/ })).toHaveCount(4);
    await expect(page.getByRole("group", { name: /^Shop time row/ })).toHaveCount(4);
    const plus = page.getByRole("button", { name: "Add a shop time row" });
    for (let i = 0; i < 12; i++) await plus.click();
    await expect(page.getByRole("group", { name: /^Shop time row/ })).toHaveCount(16);
    await expect(plus).toBeDisabled();

    await ui.field("Emp Number").fill("T-1");
    await ui.field("Employee's Full Name").fill(name);
    await ui.location.selectOption({ label: "Valley Trucks" });
    await ui.field("Employee Email").fill("not-an-email");
    const shop1 = page.getByRole("group", { name: "Shop time row 1", exact: true });
    await shop1.getByLabel("Customer Name").fill("ACME");
    await shop1.getByLabel("Time In").fill("09:00");
    await ui.button("Save").click();
    await expect(page.getByText("Please Enter Valid Employee Email")).toBeVisible();
    await ui.field("Employee Email").fill("tt@example.com");
    await ui.button("Save").click();
    await expect(page.getByText("Tech Time Saved Successfully")).toBeVisible();
    await expect(page).toHaveURL(/\/techtime\/view\/\d+\?saved=1$/);

    await page.goto("/techtime/list");
    const row = page.getByRole("row").filter({ hasText: name });
    await row.getByRole("link", { name: `Edit ${name}` }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Edit Tech Time", exact: true })).toBeVisible();
    await expect(
      page.getByRole("group", { name: "Shop time row 1", exact: true }).getByLabel("Customer Name"),
    ).toHaveValue("ACME");
  });

  for (const [width, size] of Object.entries({
    desktop: { width: 1280, height: 800 },
    phone: { width: 390, height: 844 },
  })) {
    test(`opens a form filled from the profile; the time picker; Save opens the record with 'Submit another' (${width})`, async ({
      page,
    }) => {
      await page.setViewportSize(size);
      const ui = new StaffFormsPage(page);
      await ui.gotoTechTimeAdd();
      // Filled on the server from the profile, editable.
      await expect(ui.field("Employee's Full Name")).toHaveValue("Sam Staff");
      await expect(ui.field("Employee Email")).toHaveValue("staff@example.com");
      await expect(ui.field("Employee's Full Name")).toBeEditable();
      await reviewScreenshot(page, `test-results/techtime-prefilled-${width}.png`);
      const name = `Tt Picker ${unique()}`;
      await ui.field("Emp Number").fill("T-5");
      await ui.field("Employee's Full Name").fill(name);
      await ui.location.selectOption({ label: "Valley Trucks" });
      const row = page.getByRole("group", { name: "Attendance row 1", exact: true });
      await expect(row.getByLabel("Time In")).toHaveAttribute("type", "time");
      await row.getByLabel("Time In").fill("08:15");
      await row.getByLabel("Time Out").fill("16:45");
      await expect(row.getByLabel("Time In")).toHaveValue("08:15");
      await row.getByLabel("Reason For Edit").fill("Picker");
      await ui.button("Save").click();

      await expect(page).toHaveURL(/\/techtime\/view\/\d+\?saved=1$/);
      const recordPath = new URL(page.url()).pathname;
      // The toast links to the record.
      await expect(page.getByRole("link", { name: "View Tech Time" })).toHaveAttribute("href", recordPath);
      await expect(page.getByText(name).first()).toBeVisible();
      const attendance = page.getByRole("region", { name: "Attendance Clock Time Corrections" });
      await expect(attendance.getByRole("definition").filter({ hasText: "08:15" })).toBeVisible();
      const another = page.getByRole("link", { name: "Submit another" });
      await expect(another).toBeVisible();
      await reviewScreenshot(page, `test-results/techtime-saved-${width}.png`);
      await another.click();
      await expect(page).toHaveURL(/\/techtime\/add$/);
      await expect(ui.field("Employee's Full Name")).toHaveValue("Sam Staff");
    });
  }

  test("reads their tech time form in full from the list: the form's fields and every row", async ({ page }) => {
    test.slow(); // a save, the list, then the detail at two widths with axe
    const ui = new StaffFormsPage(page);
    const name = `Tt Detail ${unique()}`;
    await ui.gotoTechTimeAdd();
    await ui.field("Emp Number").fill("T-2");
    await ui.field("Employee's Full Name").fill(name);
    await ui.location.selectOption({ label: "Valley Trucks" });
    await ui.field("Employee Email").fill("tt@example.com");
    const attendance1 = page.getByRole("group", { name: "Attendance row 1", exact: true });
    await attendance1.getByLabel("Reason For Edit").fill("Forgot to clock in");
    await attendance1.getByLabel("Time In").fill("08:00");
    const shop1 = page.getByRole("group", { name: "Shop time row 1", exact: true });
    await shop1.getByLabel("Customer Name").fill("ACME");
    await shop1.getByLabel("RO Number").fill("RO-9");
    await shop1.getByLabel("Job").fill("Brakes");
    await ui.button("Save").click();
    await expect(page.getByText("Tech Time Saved Successfully")).toBeVisible();

    await page.goto("/techtime/list");
    await page
      .getByRole("row")
      .filter({ hasText: name })
      .getByRole("link", { name: `View ${name}` })
      .click();
    await expect(page).toHaveURL(/\/techtime\/view\/\d+$/);
    for (const [width, size] of Object.entries({
      desktop: { width: 1280, height: 800 },
      phone: { width: 390, height: 844 },
    })) {
      await page.setViewportSize(size);
      await expect(page.getByRole("heading", { level: 1, name: "Tech Time" })).toBeVisible();
      const shop = page.getByRole("region", { name: "Shop Time Corrections" });
      await expect(shop.getByRole("listitem")).toHaveCount(1);
      await expect(shop.getByRole("definition").filter({ hasText: "ACME" })).toBeVisible();
      await expect(
        page
          .getByRole("region", { name: "Attendance Clock Time Corrections" })
          .getByRole("definition")
          .filter({ hasText: "Forgot to clock in" }),
      ).toBeVisible();
      await expectNoAxeViolations(page, `tech time detail (${width})`);
      await reviewScreenshot(page, `test-results/techtime-detail-${width}.png`, { fullPage: true });
    }
    await page.getByRole("link", { name: "Edit" }).click();
    await expect(page).toHaveURL(/\/techtime\/edit\/\d+$/);
  });

  test("marks required fields for eyes and screen readers, and refuses an RA closed after its date of request", async ({
    page,
  }) => {
    const ui = new StaffFormsPage(page);
    await ui.gotoRoAdd();
    await expect(page.getByText("Fields marked * are required.")).toBeVisible();
    for (const label of [
      "Employee Name",
      "Date of Request",
      "Full RA#",
      "Date RA Was Originally Closed",
      "Location",
      "Reason Reversal Is Required",
    ]) {
      await expect(ui.field(label), label).toHaveAttribute("aria-required", "true");
    }
    // The visible mark sits beside the label, hidden from screen readers (they hear aria-required).
    await expect(page.locator("label", { hasText: "Full RA#" }).locator("xpath=following-sibling::*[1]")).toHaveText(
      "*",
    );
    await expect(
      page.locator("label", { hasText: "Full RA#" }).locator("xpath=following-sibling::*[1]"),
    ).toHaveAttribute("aria-hidden", "true");
    await expect(page.getByRole("radiogroup", { name: "Pay Type (required)" })).toHaveAttribute(
      "aria-required",
      "true",
    );

    await ui.field("Employee Name").fill(`Ro Dates ${unique()}`);
    await ui.field("Date of Request").fill("2026-11-10");
    await ui.field("Full RA#").fill("RA-9");
    await ui.field("Date RA Was Originally Closed").fill("2026-11-12");
    await ui.location.selectOption({ label: "Downtown Motors" });
    await ui.field("Reason Reversal Is Required").fill("Dates the wrong way round");
    await ui.button("Save").click();
    await expect(page.getByText("Date RA Was Originally Closed cannot be after the Date of Request.")).toBeVisible();
    await expect(ui.field("Date RA Was Originally Closed")).toHaveAttribute("aria-invalid", "true");
    await ui.field("Date RA Was Originally Closed").fill("2026-11-09");
    await ui.button("Save").click();
    await expect(page.getByText("RO Reversal Request Added Successfully")).toBeVisible();
  });

  test("asks before leaving a form with unsaved changes: a sidebar link, Back, closing the tab; Stay keeps what was typed", async ({
    page,
  }) => {
    const ui = new StaffFormsPage(page);
    // Into the form from the list, as people do (so Back stays inside the portal's page).
    await page.goto("/roreversal/list");
    await page.getByRole("link", { name: "Add", exact: true }).click();
    await expect(page.getByRole("heading", { level: 1, name: "RO Reversal Request" })).toBeVisible();
    const leave = page.getByRole("dialog", { name: "Leave this page?" });

    await ui.field("Employee Name").fill("Half typed");
    await page.getByRole("link", { name: "Tech Time", exact: true }).click();
    await expect(leave).toBeVisible();
    await leave.getByRole("button", { name: "Stay" }).click();
    await expect(page).toHaveURL(/\/roreversal\/add$/);
    await expect(ui.field("Employee Name")).toHaveValue("Half typed");

    // The form's own Back link asks too.
    await page.getByRole("link", { name: "Back", exact: true }).click();
    await expect(leave).toBeVisible();
    await leave.getByRole("button", { name: "Stay" }).click();
    await expect(ui.field("Employee Name")).toHaveValue("Half typed");

    // The browser's Back button.
    await page.goBack();
    await expect(leave).toBeVisible();
    await leave.getByRole("button", { name: "Stay" }).click();
    await expect(page).toHaveURL(/\/roreversal\/add$/);
    await expect(ui.field("Employee Name")).toHaveValue("Half typed");
    await page.goBack();
    await leave.getByRole("button", { name: "Leave" }).click();
    await expect(page).toHaveURL(/\/roreversal\/list$/);

    // Reload and closing the tab: the browser's own question (beforeunload).
    await ui.gotoRoAdd();
    await ui.field("Employee Name").fill("Typed again");
    const asked = page.waitForEvent("dialog");
    await page.close({ runBeforeUnload: true });
    const dialog = await asked;
    expect(dialog.type()).toBe("beforeunload");
    await dialog.dismiss();
    await expect(ui.field("Employee Name")).toHaveValue("Typed again");
  });

  test("tech time points out a Time Out before its Time In, and still saves", async ({ page }) => {
    const ui = new StaffFormsPage(page);
    await ui.gotoTechTimeAdd();
    const row = page.getByRole("group", { name: "Attendance row 2", exact: true });
    await row.getByLabel("Time In").fill("17:00");
    await row.getByLabel("Time Out").fill("08:30");
    await expect(row.getByRole("status")).toHaveText(
      "Time Out is before Time In. Please check the times (you can still save).",
    );
    await row.getByLabel("Time Out").fill("18:30");
    await expect(row.getByRole("status")).toHaveCount(0);
    await row.getByLabel("Time Out").fill("08:30");
    await ui.field("Emp Number").fill("T-2");
    await ui.field("Employee's Full Name").fill(`Tt Night ${unique()}`);
    await ui.location.selectOption({ label: "Valley Trucks" });
    await ui.field("Employee Email").fill("night@example.com");
    await ui.button("Save").click();
    await expect(page.getByText("Tech Time Saved Successfully")).toBeVisible();
  });

  test("the tech time form fits a phone: rows are compact cards, nothing wider than the screen", async ({
    browser,
  }) => {
    const phone = await browser.newContext({
      storageState: storageStateOf("staff"),
      viewport: { width: 390, height: 844 },
      isMobile: true,
      hasTouch: true,
    });
    const page = await phone.newPage();
    await new StaffFormsPage(page).gotoTechTimeAdd();
    const row = page.getByRole("group", { name: "Shop time row 1", exact: true });
    // Time In and Time Out side by side on one line of the card.
    const [timeIn, timeOut] = [
      await row.getByLabel("Time In").boundingBox(),
      await row.getByLabel("Time Out").boundingBox(),
    ];
    expect(Math.abs(timeIn!.y - timeOut!.y)).toBeLessThan(2);
    const size = await page.evaluate(() => ({
      height: document.documentElement.scrollHeight,
      width: document.documentElement.scrollWidth,
    }));
    expect(size.width).toBeLessThanOrEqual(390);
    expect(size.height).toBeLessThan(2800); // it was 4,300 px with a field per line
    await reviewScreenshot(page, "test-results/tech-time-390.png", { fullPage: true });
    await phone.close();
  });

  test("gets the 403 page (status 403) on the form email manager, as on every refused page", async ({ page }) => {
    for (const path of ["/form/email/manager/list", "/form/email/manager/add", "/form/email/manager/edit/1"]) {
      const res = await page.goto(path);
      expect(res?.status(), path).toBe(403);
      await expect(page.getByText("Oops! 403 Sorry!"), path).toBeVisible();
      await expect(page.getByLabel("To Email")).toHaveCount(0);
    }
  });
});

test.describe("administrator and staff", () => {
  test("admin maps a form and location; a staff submission's mail is in the outbox", async ({ browser }) => {
    test.slow(); // two people in two browser contexts: a mapping saved, then a submission and the outbox
    const admin = await browser.newContext({ storageState: storageStateOf("admin") });
    const page = await admin.newPage();
    const ui = new StaffFormsPage(page);
    const to = `svc-${unique()}@example.com`;

    await page.goto("/form/email/manager/add?form=1");
    await expect(page.getByRole("heading", { level: 1, name: "Form Email Manager" })).toBeVisible();
    await page.getByLabel("Form", { exact: true }).selectOption({ label: "RO Reversal Request" });
    const locations = page.getByRole("group", { name: "Location" });
    await locations.getByRole("checkbox", { name: "Coastal Auto Group" }).check();
    await ui.addTags("To Email", to, to.toUpperCase(), "bad@");
    await expect(page.getByText("Please enter valid Email")).toBeVisible();
    await page.getByLabel("To Email", { exact: true }).fill("");
    await expect(page.getByRole("list", { name: "To Email addresses" }).getByRole("listitem")).toHaveCount(1);
    await ui.button("Save").click();
    await expect(page).toHaveURL(/\/form\/email\/manager\/list/);
    await expect(page.getByRole("row").filter({ hasText: "Coastal Auto Group" })).toContainText(to);

    // The same form and location again: the server's duplicate message, Save disabled. The check
    // answers 200 whether it finds one or not: no failed request in the browser's console.
    const failed: string[] = [];
    page.on(
      "response",
      (r) =>
        void (
          r.url().includes("/formemailmanager/check") &&
          r.status() >= 400 &&
          failed.push(`${r.status()} ${r.url()}`)
        ),
    );
    page.on("console", (m) => void (m.type() === "error" && failed.push(m.text())));
    await page.goto("/form/email/manager/add?form=1");
    const checked = page.waitForResponse((r) => r.url().includes("/formemailmanager/check"));
    const picker = page.getByRole("group", { name: "Location" });
    await picker.getByRole("checkbox", { name: "Valley Trucks" }).check();
    expect((await checked).status()).toBe(200);
    await picker.getByRole("checkbox", { name: "Valley Trucks" }).uncheck();
    await picker.getByRole("searchbox", { name: "Search Location" }).fill("coastal");
    await picker.getByRole("checkbox", { name: "Coastal Auto Group" }).check();
    await expect(page.getByText("RO Reversal Request is already mapped for Coastal Auto Group.")).toBeVisible();
    await expect(ui.button("Save")).toBeDisabled();
    expect(failed).toEqual([]);

    const staff = await browser.newContext({ storageState: storageStateOf("staff") });
    const s = await staff.newPage();
    const sf = new StaffFormsPage(s);
    const name = `Mail ${unique()}`;
    await sf.gotoRoAdd();
    await sf.field("Employee Name").fill(name);
    await sf.field("Full RA#").fill("RA-1");
    await sf.field("Date RA Was Originally Closed").fill("2026-11-03");
    await sf.location.selectOption({ label: "Coastal Auto Group" });
    await sf.field("Reason Reversal Is Required").fill("Mail test");
    await sf.button("Save").click();
    await expect(s.getByText("RO Reversal Request Added Successfully")).toBeVisible();

    await page.goto("/mail/outbox");
    const mail = page
      .getByRole("row")
      .filter({ hasText: `RO reversal RA-1 · ${name}` })
      .filter({ hasText: to });
    await expect(mail).toHaveCount(1);
    await admin.close();
    await staff.close();
  });
});

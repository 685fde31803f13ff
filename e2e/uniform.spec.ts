import { expect, test } from "@playwright/test";
import { StaffFormsPage } from "./pages/staff-forms-page";
import { storageStateOf } from "./support/env";
import { expectNoAxeViolations } from "./support/axe";
import { reviewScreenshot } from "./support/screenshot";

const stamp = () => Date.now().toString(36) + Math.random().toString(36).slice(2, 5);
/** YYYY-MM-DD of an instant in the dealerships' zone (the server's default range is in it). */
const iso = (d: Date) =>
  new Intl.DateTimeFormat("en-CA", {
    timeZone: "America/Los_Angeles",
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
  }).format(d);

// Journeys of several saves and a download: more than the default 30 s on a busy machine.
test.describe.configure({ timeout: 120_000 });

test.describe("staff", () => {
  test.use({ storageState: storageStateOf("staff") });

  test("submits a suggestion: the messages, one proposal at least, Save opens it; Save And Continue starts again", async ({
    page,
  }) => {
    const ui = new StaffFormsPage(page);
    const name = `Idea ${stamp()}`;
    await page.goto("/continuous/improvement/suggestions/add");
    // The date picker, today; the name and e-mail from the profile.
    await expect(ui.field("Date")).toHaveAttribute("type", "date");
    await expect(ui.field("Date")).toHaveValue(/^\d{4}-\d{2}-\d{2}$/);
    await expect(ui.field("Name")).toHaveValue("Sam Staff");
    await expect(ui.field("Email")).toHaveValue("staff@example.com");
    await ui.field("Name").fill("");
    await ui.field("Email").fill("");
    await ui.button("Save").click();
    await expect(page.getByText("Please enter name")).toBeVisible();
    await expect(page.getByText("Please enter email")).toBeVisible();
    await ui.field("Name").fill(name);
    await ui.field("Date").fill("2026-03-05");
    await ui.field("Location").selectOption({ index: 1 });
    await ui.field("Email").fill("staff@example.com");
    await ui.button("Save").click();
    // Both proposal boxes blank: refused.
    await expect(page.getByText(/^Please enter What Project \/ Process Improvement are you Proposing/)).toBeVisible();
    await ui.field("How will it Benefit the Business?").fill("Less paper");
    await ui.button("Save").click();
    await expect(page).toHaveURL(/\/continuous\/improvement\/suggestions\/view\/\d+\?saved=1$/);
    await expect(page.getByRole("link", { name: "Submit another" })).toBeVisible();
    await page.goto("/continuous/improvement/suggestions/list");
    await expect(ui.rows().filter({ hasText: name })).toHaveCount(1);

    await page.goto("/continuous/improvement/suggestions/add");
    await ui.field("Name").fill(`${name} two`);
    await ui.field("Location").selectOption({ index: 1 });
    await ui.field("What Project / Process Improvement are you Proposing?").fill("Shared calendar");
    await ui.button("Save And Continue").click();
    await expect(page.getByRole("link", { name: "View Continuous Improvement Suggestion" })).toBeVisible();
    await expect(ui.field("Name")).toHaveValue("Sam Staff");
    await expect(ui.field("What Project / Process Improvement are you Proposing?")).toHaveValue("");
    await expect(page).toHaveURL(/\/add$/);
  });

  test("submits a uniform request: New Hire copies into New Order, designation decides wear, technician splits quantities", async ({
    page,
  }) => {
    const ui = new StaffFormsPage(page);
    await page.goto("/uniform/request/add");
    // Back/Cancel only for roles 1 and 2.
    await expect(page.getByRole("link", { name: "Cancel" })).toHaveCount(0);
    await expect(ui.field("Requestor Name")).toHaveValue("Sam Staff");
    await ui.field("Designation").selectOption("Service Advisor");
    await expect(ui.field("Wear")).toHaveValue("4"); // Polo, the only option
    await ui.field("Designation").selectOption("Technician");
    await ui.field("Wear").selectOption("Shirt & Pant");
    await expect(ui.field("Total Shirt Quantity")).toBeVisible();
    await expect(ui.field("Total Item Quantity")).toHaveCount(0);
    await ui.radio("New Hire", "Yes").check();
    await expect(ui.radio("New Order", "Yes")).toBeChecked();
    await ui.field("Employee First Name").fill(`Tess${stamp()}`);
    await ui.field("Employee Last Name").fill("Tech");
    await ui.field("Location").selectOption({ index: 1 });
    await ui.field("Size(s)").fill("M / 32x30");
    await ui.field("Total Shirt Quantity").fill("1e3");
    await ui.field("Total Pant Quantity").fill("1001");
    await ui.field("Note/Comment").fill("Starts Monday");
    await ui.button("Save").click();
    await expect(page.getByText("Please enter numeric value")).toBeVisible();
    await expect(page.getByText("Max Pant Quantity is 1000")).toBeVisible();
    // A negative number is a number: the message is about the minimum.
    await ui.field("Total Shirt Quantity").fill("-3");
    await ui.button("Save").click();
    await expect(page.getByText("Min Shirt Quantity is 1")).toBeVisible();
    await expect(page.getByText("Please enter numeric value")).toHaveCount(0);
    await expect(ui.field("Total Shirt Quantity")).toHaveAttribute("aria-required", "true");
    await ui.field("Total Shirt Quantity").fill("3");
    await ui.field("Total Pant Quantity").fill("2");
    await ui.button("Save").click();
    // Save opens the new request, with 'Submit another' on it.
    await expect(page.getByText("Uniform Request Saved Successfully").first()).toBeVisible();
    await expect(page).toHaveURL(/\/uniform\/request\/view\/\d+\?saved=1$/);
    await page.getByRole("link", { name: "Submit another" }).click();
    await expect(page).toHaveURL(/\/uniform\/request\/add$/);
    await expect(ui.field("Employee First Name")).toHaveValue("Sam");
  });

  test("gets the 403 page (status 403) on the uniform list, as on every refused page", async ({ page }) => {
    const res = await page.goto("/uniform/request/list");
    expect(res?.status()).toBe(403);
    await expect(page.getByText("Oops! 403 Sorry!")).toBeVisible();
    await expect(page.getByRole("table")).toHaveCount(0);
  });
});

test.describe("administrator", () => {
  test.use({ storageState: storageStateOf("admin") });

  test("filters the uniform list by date range and exports", async ({ page }) => {
    const ui = new StaffFormsPage(page);
    const first = `Rae${stamp()}`;
    await page.goto("/uniform/request/add");
    await ui.field("Designation").selectOption("Driver/Porter");
    await ui.field("Wear").selectOption("Shirt");
    await ui.field("Employee First Name").fill(first);
    await ui.field("Employee Last Name").fill("Porter");
    await ui.field("Location").selectOption({ index: 1 });
    await ui.field("Size(s)").fill("L");
    await ui.field("Total Item Quantity").fill("4");
    await ui.field("Note/Comment").fill("=cmd|' /C calc'!A0");
    await ui.button("Save").click();
    await expect(page).toHaveURL(/\/uniform\/request\/view\/\d+\?saved=1$/);
    await page.getByRole("link", { name: "Back to list" }).click();
    await expect(page).toHaveURL(/\/uniform\/request\/list/);

    // The default range (last 6 days through today) shows today's request.
    const today = new Date();
    const sixAgo = new Date(today.getTime() - 6 * 86_400_000);
    await expect(ui.rangeButton).toHaveAccessibleName(`Date range: ${iso(sixAgo)} - ${iso(today)}`);
    await expect(ui.rows().filter({ hasText: first })).toHaveCount(1);

    // A range in the past: not there. Clear Filter: every date.
    await ui.applyRange("2020-01-01", "2020-01-31");
    await expect(page).toHaveURL(/f_range=2020-01-01\.\.2020-01-31/);
    await expect(ui.rows().filter({ hasText: first })).toHaveCount(0);
    await ui.rangeButton.click();
    await page.getByRole("button", { name: "Yesterday" }).click();
    await ui.button("Clear Filter").click();
    await expect(page).toHaveURL(/f_range=all/);
    await expect(ui.rangeButton).toHaveAccessibleName("Date range: All dates");
    await expect(ui.rows().filter({ hasText: first })).toHaveCount(1);

    // Export the selected row as CSV.
    await ui.table.getByRole("checkbox", { name: `Select ${first} Porter` }).check();
    const download = page.waitForEvent("download");
    await page.getByRole("button", { name: "Export 1 record(s) (CSV)" }).click();
    const file = await (await download).path();
    const text = (await import("node:fs")).readFileSync(file, "utf8");
    expect(text).toContain(`${first} Porter`);
    expect(text).toContain("Designation,Employee Name,Location,Requestor");
  });
});

/**
 * A uniform request (docs/features/staff-forms.md) can be read in full (its sizes and note, which the list does not
 * show): by an administrator from the list's View link, and by the staff member who submitted it (from
 * the link of their copy of the submission mail), at desktop and phone width with no axe violations.
 * Someone else's request is the 404 page for staff.
 */
test.describe("a uniform request's detail page", () => {
  const WIDTHS = { desktop: { width: 1280, height: 800 }, phone: { width: 390, height: 844 } } as const;

  async function expectFullRequest(page: import("@playwright/test").Page, first: string) {
    await expect(page.getByRole("heading", { level: 1, name: "Uniform Request" })).toBeVisible();
    const value = (label: string) =>
      page
        .getByRole("term")
        .filter({ hasText: new RegExp(`^${label.replace(/[()/]/g, "\\$&")}$`) })
        .locator("xpath=following-sibling::dd[1]");
    await expect(value("Employee First Name")).toHaveText(first);
    await expect(value("Designation")).toHaveText("Technician");
    await expect(value("Wear")).toHaveText("Shirt & Pant");
    await expect(value("Size(s)")).toHaveText("Shirt M / Pant 32x30");
    await expect(value("Total Shirt Quantity")).toHaveText("3");
    await expect(value("Total Pant Quantity")).toHaveText("2");
    await expect(value("Note/Comment")).toHaveText("Starts Monday.\nPlease label the bag.");
  }

  async function atBothWidths(page: import("@playwright/test").Page, who: string, first: string) {
    for (const [name, size] of Object.entries(WIDTHS)) {
      await page.setViewportSize(size);
      await expectFullRequest(page, first);
      await expectNoAxeViolations(page, `uniform request detail (${who}, ${name})`);
      await reviewScreenshot(page, `test-results/uniform-detail-${who}-${name}.png`, { fullPage: true });
    }
  }

  test("the administrator from the list, the staff submitter from their link; another's request is a 404 for staff", async ({
    browser,
  }) => {
    test.setTimeout(240_000); // two people, three saves, four widths with axe: minutes on a busy machine
    const staff = await browser.newContext({ storageState: storageStateOf("staff") });
    const admin = await browser.newContext({ storageState: storageStateOf("admin") });
    const staffPage = await staff.newPage();
    const adminPage = await admin.newPage();
    const first = `Tess${stamp()}`;

    // Staff submit a request through the form.
    const ui = new StaffFormsPage(staffPage);
    await staffPage.goto("/uniform/request/add");
    await ui.field("Designation").selectOption("Technician");
    await ui.field("Wear").selectOption("Shirt & Pant");
    await ui.field("Employee First Name").fill(first);
    await ui.field("Employee Last Name").fill("Tech");
    await ui.field("Location").selectOption({ index: 1 });
    await ui.field("Size(s)").fill("Shirt M / Pant 32x30");
    await ui.field("Total Shirt Quantity").fill("3");
    await ui.field("Total Pant Quantity").fill("2");
    await ui.field("Note/Comment").fill("Starts Monday.\nPlease label the bag.");
    await ui.button("Save").click();
    await expect(staffPage.getByText("Uniform Request Saved Successfully").first()).toBeVisible();

    // The administrator finds it in the list and opens it.
    await adminPage.goto(`/uniform/request/list?f_range=all&f_employee_name=${first}`);
    const list = new StaffFormsPage(adminPage);
    await expect(list.rows().filter({ hasText: first })).toHaveCount(1);
    await adminPage.getByRole("link", { name: `View ${first} Tech` }).click();
    await expect(adminPage).toHaveURL(/\/uniform\/request\/view\/\d+$/);
    const detailPath = new URL(adminPage.url()).pathname;
    await atBothWidths(adminPage, "admin", first);
    await adminPage.setViewportSize(WIDTHS.desktop);
    await adminPage.getByRole("link", { name: "Back to list" }).click();
    await expect(adminPage).toHaveURL(/\/uniform\/request\/list/);

    // The submitter opens the same page (the 'Open the record' link of their copy of the mail).
    await staffPage.goto(detailPath);
    await atBothWidths(staffPage, "staff", first);
    await expect(staffPage.getByRole("link", { name: "Back to list" })).toHaveCount(0);

    // A request the administrator made: for staff the same 404 as an id that does not exist.
    const other = `Other${stamp()}`;
    const adminForm = new StaffFormsPage(adminPage);
    await adminPage.goto("/uniform/request/add");
    await adminForm.field("Designation").selectOption("Service Advisor");
    await adminForm.field("Employee First Name").fill(other);
    await adminForm.field("Employee Last Name").fill("Person");
    await adminForm.field("Location").selectOption({ index: 1 });
    await adminForm.field("Size(s)").fill("S");
    await adminForm.field("Total Item Quantity").fill("1");
    await adminForm.field("Note/Comment").fill("For the front desk");
    await adminForm.button("Save").click();
    await expect(adminPage).toHaveURL(/\/uniform\/request\/view\/\d+\?saved=1$/);
    await adminPage.goto(`/uniform/request/list?f_range=all&f_employee_name=${other}`);
    const href = await adminPage.getByRole("link", { name: `View ${other} Person` }).getAttribute("href");
    const otherId = Number(/\/uniform\/request\/view\/(\d+)$/.exec(href ?? "")?.[1]);
    expect(otherId).toBeGreaterThan(0);
    for (const path of [`/uniform/request/view/${otherId}`, "/uniform/request/view/2000000000"]) {
      const res = await staffPage.goto(path);
      expect(res?.status()).toBe(404);
      await expect(staffPage.getByText("The page you are looking for does not exist.")).toBeVisible();
    }
    await adminPage.goto(`/uniform/request/view/${otherId}`);
    await expect(adminPage.getByRole("heading", { level: 1, name: "Uniform Request" })).toBeVisible();

    await staff.close();
    await admin.close();
  });
});

import { expect, test, type Page } from "@playwright/test";
import { JSON_HEADERS, storageStateOf } from "./support/env";
import { expectNoAxeViolations } from "./support/axe";
import { reviewScreenshot } from "./support/screenshot";

/**
 * The request lists fit a phone (docs/features/requests.md): at 390 px each staff form's list shows its rows as
 * cards (title, status beside it, due, the row's actions) and nothing is wider than the screen; at 1280 px the
 * Status column is in view without scrolling sideways. My requests and the approvals inbox are lists of cards at
 * every width and fit the phone too.
 */
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 900 };

const LISTS = [
  { path: "/roreversal/list", heading: "RO Reversal Requests", call: "ro-reversal-request/add/update" },
  { path: "/techtime/list", heading: "Tech Time", call: "techtime/add/update" },
  { path: "/timeoff/list", heading: "Time-off Requests", call: "time-off-request/add/update" },
  { path: "/uniform/request/list", heading: "Uniform Requests", call: "uniform/request/add/update" },
  {
    path: "/continuous/improvement/suggestions/list",
    heading: "Continuous Improvement Suggestions",
    call: "continuous/improvement/suggestions/add/update",
  },
] as const;

const overflow = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth);

const tag = Date.now().toString(36);

test.beforeAll("a staff member submits one request of each form", async ({ browser }) => {
  const staff = await browser.newContext({ storageState: storageStateOf("staff") });
  const name = `Cardholder ${tag}`;
  const locations = (await (await staff.request.get("/api/v1/getdepartmentlocationswohtml?department_id=5")).json())
    .content.locations as { id: number; name: string }[];
  const location = locations[0];
  const bodies: Record<(typeof LISTS)[number]["call"], Record<string, unknown>> = {
    "ro-reversal-request/add/update": {
      empolyee_name: name,
      date_of_request: "11/20/2026",
      full_ra: `RA-${tag}`,
      date_ra_was_originally_closed: "2026-11-01",
      pay_type: "Customer Pay",
      location: location.id,
      reason: "Wrong labour line on a long repair order that needs more than one line of text to explain",
    },
    "techtime/add/update": {
      empolyee_number: `T-${tag}`,
      empolyee_name: name,
      date: "11/20/2026",
      location: location.name,
      employee_email: "cardholder@example.com",
      attendanceClockTimeArr: [{ date: "11/19/2026", reason: "Forgot to clock in", timeIn: "8:00", timeOut: "17:30" }],
    },
    "time-off-request/add/update": {
      date_from: "2026-12-21",
      date_to: "2026-12-24",
      type: "Vacation",
      location: location.id,
      note: name, // the list names the requester (Sam Staff): the note carries the tag
    },
    "uniform/request/add/update": {
      designation_id: 2,
      location_id: location.id,
      empolyee_first_name: "Cardholder",
      empolyee_last_name: tag,
      requestor_name: "Sam Staff",
      new_hire: "yes",
      new_order: "yes",
      re_order: "no",
      wear_id: 3,
      text: "Shirt M",
      shirt_quantity: "3",
      pant_quantity: "2",
      comment: "Starts Monday",
    },
    "continuous/improvement/suggestions/add/update": {
      name,
      date: "03/05/2026",
      location_id: location.id,
      email: "cardholder@example.com",
      phone_number: "+1 555 0100",
      describe_current_process_and_problem: "Paper forms get lost.",
      how_will_it_benefit_the_business: "Saves an hour a day",
    },
  };
  for (const { call } of LISTS) {
    const res = await staff.request.post(`/api/v1/${call}`, { headers: JSON_HEADERS, data: bodies[call] });
    expect(res.ok(), `${call}: ${await res.text()}`).toBeTruthy();
  }
  await staff.close();
});

for (const list of LISTS) {
  test(`${list.heading}: cards on a phone, Status in view at 1280 px`, async ({ browser }) => {
    test.slow();
    const admin = await browser.newContext({ storageState: storageStateOf("admin"), viewport: DESKTOP });
    const page = await admin.newPage();
    await page.goto(list.path);
    await expect(page.getByRole("heading", { level: 1, name: list.heading })).toBeVisible();
    const row = page.getByRole("row").filter({ hasText: "Cardholder" }).filter({ hasText: tag }).first();
    await expect(row).toBeVisible();
    // At 1280 px: Status is in view without scrolling the table sideways.
    await expect(page.getByRole("columnheader", { name: "Status" })).toBeInViewport({ ratio: 1 });
    await expect(row.getByText("Submitted", { exact: true })).toBeInViewport({ ratio: 1 });
    await expectNoAxeViolations(page, `${list.heading} at 1280px`);
    await reviewScreenshot(page, `test-results/list-cards-${list.path.split("/")[1]}-1280.png`, { fullPage: true });

    // At 390 px: a card per row, nothing wider than the screen; the status sits beside the title, the row's View
    // link on the card.
    await page.setViewportSize(PHONE);
    await expect.poll(() => overflow(page)).toBeLessThanOrEqual(PHONE.width);
    const badge = await row.getByText("Submitted", { exact: true }).boundingBox();
    const box = await row.boundingBox();
    expect(box!.x).toBeGreaterThanOrEqual(0);
    expect(box!.x + box!.width).toBeLessThanOrEqual(PHONE.width);
    expect(badge!.y - box!.y).toBeLessThan(40); // on the card's first line
    const view = await row.getByRole("link", { name: /^View / }).boundingBox();
    expect(view!.x + view!.width).toBeLessThanOrEqual(PHONE.width);
    await expectNoAxeViolations(page, `${list.heading} at 390px`);
    await reviewScreenshot(page, `test-results/list-cards-${list.path.split("/")[1]}-390.png`, { fullPage: true });
    // The sort buttons and filters fold away above the cards; opened, they work as at 1280 px.
    const toggle = page.getByRole("button", { name: "Sort and filter" });
    await toggle.click();
    await page.getByRole("combobox", { name: "Filter by Status" }).selectOption({ label: "Submitted" });
    await expect(page).toHaveURL(/status=/);
    await expect(row).toBeVisible();
    await expect(page.getByRole("button", { name: /sort and filters \(1 filter on\)/i })).toBeVisible();
    expect(await overflow(page)).toBeLessThanOrEqual(PHONE.width);
    await expectNoAxeViolations(page, `${list.heading} at 390px, sort and filters open`);
    await reviewScreenshot(page, `test-results/list-cards-${list.path.split("/")[1]}-390-open.png`, { fullPage: true });
    await admin.close();
  });
}

test("My requests and the approvals inbox, cards at every width, fit a phone", async ({ browser }) => {
  const staff = await browser.newContext({ storageState: storageStateOf("staff") });
  const admin = await browser.newContext({ storageState: storageStateOf("admin") });
  const page = await admin.newPage();
  // The lists that are cards at every width fit the phone as well.
  for (const [who, path] of [
    [page, "/approvals"],
    [await staff.newPage(), "/my/requests"],
  ] as const) {
    for (const size of [DESKTOP, PHONE]) {
      await who.setViewportSize(size);
      await who.goto(path);
      await expect(who.getByRole("listitem").filter({ hasText: "Cardholder" }).first()).toBeVisible();
      expect(await overflow(who)).toBeLessThanOrEqual(size.width);
      await reviewScreenshot(who, `test-results/list-cards-${path.split("/").pop()}-${size.width}.png`, {
        fullPage: true,
      });
    }
  }
  await Promise.all([staff.close(), admin.close()]);
});

import { expect, test, type Page } from "@playwright/test";
import { BASE_URL, JSON_HEADERS, storageStateOf } from "./support/env";
import { reviewScreenshot } from "./support/screenshot";

/**
 * The portal search (docs/features/search.md): the header's box suggests as you type and is used by keyboard alone
 * (Ctrl-K, arrows, Enter, Escape); /search keeps query, kind, dates and page in the URL; a staff user
 * never sees a page only administrators may open; the box works at phone width.
 */

const searchButton = (page: Page) => page.getByRole("banner").getByRole("button", { name: "Search the portal" });
const dialog = (page: Page) => page.getByRole("dialog", { name: "Search the portal" });
const box = (page: Page) => dialog(page).getByRole("combobox", { name: "Search the portal" });

/** Opens the dialog with Ctrl-K; retried, since a key press before hydration does nothing. */
async function openWithKeyboard(page: Page) {
  await expect(async () => {
    await page.keyboard.press("Control+k");
    await expect(box(page)).toBeVisible({ timeout: 1000 });
  }).toPass();
}

test.describe("staff", () => {
  test.use({ storageState: storageStateOf("staff") });

  test("suggests as you type, by keyboard: arrows move, Enter opens, Escape closes", async ({ page }, testInfo) => {
    await page.goto("/company-news");
    await openWithKeyboard(page);
    await expect(box(page)).toBeFocused();
    await box(page).fill("warr");
    const listbox = dialog(page).getByRole("listbox");
    const option = listbox.getByRole("option", { name: /Warranty Policies/ });
    await expect(option).toBeVisible();
    await expect(box(page)).toHaveAttribute("aria-expanded", "true");
    await expect(listbox.getByRole("group", { name: "Menu pages" })).toBeVisible();
    // The matched letters are marked.
    await expect(option.locator("mark").first()).toHaveText(/Warranty/i);
    await expect(dialog(page).getByRole("status")).toContainText(/suggestion/);
    await reviewScreenshot(page, testInfo.outputPath("suggestions-desktop.png"));

    await box(page).press("ArrowDown");
    const activeId = await box(page).getAttribute("aria-activedescendant");
    expect(activeId).toBeTruthy();
    await expect(page.locator(`[id="${activeId}"]`)).toHaveAttribute("aria-selected", "true");
    await box(page).press("Enter");
    await expect(page).toHaveURL(/\/warranty-policies$/);
    await expect(dialog(page)).toBeHidden();

    // Escape closes; focus goes back to where it was.
    await searchButton(page).click();
    await expect(box(page)).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(dialog(page)).toBeHidden();
    await expect(searchButton(page)).toBeFocused();
  });

  test("Enter without a choice opens /search; kind and dates are in the URL", async ({ page }) => {
    await page.goto("/company-news");
    await openWithKeyboard(page);
    await box(page).fill("policies");
    await expect(dialog(page).getByRole("option", { name: /Warranty Policies/ })).toBeVisible();
    await box(page).press("Enter");
    await expect(page).toHaveURL(/\/search\?q=policies$/);
    await expect(page.getByRole("heading", { level: 1, name: "Results for “policies”" })).toBeVisible();
    await page.getByRole("navigation", { name: "Kinds" }).getByRole("link", { name: "Menu pages" }).click();
    await expect(page).toHaveURL(/[?&]kind=page/);
    await expect(page.getByRole("link", { name: /Warranty Policies/ })).toBeVisible();

    await page.getByLabel("From").fill("2026-01-01");
    await page.getByRole("button", { name: "Search", exact: true }).click();
    await expect(page).toHaveURL(/from=2026-01-01/);
    // Menu pages have no date: a date range leaves them out.
    await expect(page.getByText(/No menu pages found/)).toBeVisible();
  });

  test("a staff user searching for a page only administrators may open finds nothing", async ({ page }) => {
    await page.goto("/search?q=outbox");
    await expect(page.getByRole("heading", { level: 1 })).toContainText("outbox");
    await page.goto("/search?q=%25_%5C%27%22");
    await expect(page.getByText("Type at least two letters or digits to search.")).toBeVisible();
  });
});

test.describe("administrator", () => {
  test.use({ storageState: storageStateOf("admin") });

  test("pages through one kind with the page in the URL", async ({ page }, testInfo) => {
    const tag = `pagetest${Date.now().toString(36)}`;
    for (let i = 1; i <= 23; i++) {
      const res = await page.request.post("/api/v1/store_post", {
        data: { slug: "company-news", title: `${tag} sample ${i}`, description: "Paging through search results." },
        headers: { origin: BASE_URL },
      });
      expect(res.ok()).toBe(true);
    }
    await page.goto(`/search?q=${tag}&kind=post`);
    const caption = page.getByRole("main").getByRole("heading", { level: 2, name: /^Discussions \d/ });
    await expect(caption).toHaveText("Discussions 1–20 of 23");
    await reviewScreenshot(page, testInfo.outputPath("results-page.png"), { fullPage: true });
    await page.getByRole("navigation", { name: "Pages" }).getByRole("link", { name: "Next" }).click();
    await expect(page).toHaveURL(new RegExp(`kind=post&page=2$`));
    await expect(caption).toHaveText("Discussions 21–23 of 23");
    const first = page.getByRole("main").getByRole("listitem").first().getByRole("link");
    await first.click();
    await expect(page).toHaveURL(/\/company-news\/post\/\d+$/);
  });
});

test.describe("phone width", () => {
  test.use({ storageState: storageStateOf("staff"), viewport: { width: 390, height: 844 } });

  test("the header's search button opens the box", async ({ page }, testInfo) => {
    await page.goto("/company-news");
    await expect(async () => {
      await searchButton(page).click();
      await expect(box(page)).toBeVisible({ timeout: 1000 });
    }).toPass();
    await box(page).fill("calendar");
    await expect(
      dialog(page)
        .getByRole("option", { name: /Calendar/ })
        .first(),
    ).toBeVisible();
    await reviewScreenshot(page, testInfo.outputPath("suggestions-phone.png"));
    const size = await dialog(page).boundingBox();
    expect(size!.width).toBeLessThanOrEqual(390);
    await box(page).press("ArrowDown");
    await box(page).press("Enter");
    await expect(page).toHaveURL(/\/calendar/);
  });
});

/**
 * A request is named by its reference (docs/features/requests.md): its requester and a manager find it by its RA
 * number, and two tech time forms of one person on one day read apart in the tech time list and in My requests;
 * at 1280 px and on a phone.
 */
test.describe("requests by their reference", () => {
  test.use({ storageState: storageStateOf("staff") });

  test("the requester and a manager find a request by its RA number; two tech time forms of one person read apart", async ({
    page,
    browser,
  }, testInfo) => {
    test.slow(); // two saves, two widths, two people
    const n = `${Date.now()}`.slice(-7);
    const ra = `RA-${n}`;
    const employee = `Refa ${Number(n).toString(36)}`;
    await page.goto("/my/requests");
    const locations = await page.request.get("/api/v1/getdepartmentlocationswohtml?department_id=5");
    const location = (await locations.json()).content.locations[0].id;
    const created = await page.request.post("/api/v1/ro-reversal-request/add/update", {
      headers: JSON_HEADERS,
      data: {
        empolyee_name: employee,
        date_of_request: "11/26/2026",
        full_ra: ra,
        date_ra_was_originally_closed: "2026-11-20",
        pay_type: "Customer Pay",
        location,
        reason: "Labour line billed twice",
      },
    });
    expect(created.ok(), await created.text()).toBeTruthy();
    const id = (await created.json()).content.id as number;
    const reference = `RO reversal ${ra} · ${employee}`;

    const manager = await browser.newContext({ storageState: storageStateOf("manager") });
    const managerPage = await manager.newPage();
    for (const [who, p] of [
      ["requester", page],
      ["manager", managerPage],
    ] as const) {
      for (const viewport of [
        { width: 1280, height: 900 },
        { width: 390, height: 844 },
      ]) {
        await p.setViewportSize(viewport);
        await p.goto(`/search?q=${encodeURIComponent(ra)}`);
        const hit = p.getByRole("main").locator(`a[href="/roreversal/view/${id}"]`).first();
        await expect(hit).toBeVisible();
        await expect(hit).toHaveText(reference);
        await reviewScreenshot(p, testInfo.outputPath(`search-ra-${who}-${viewport.width}.png`), { fullPage: true });
      }
    }
    // The record page is titled by it.
    await managerPage.goto(`/roreversal/view/${id}`);
    await expect(managerPage).toHaveTitle(new RegExp(`^${reference}`));
    await expect(managerPage.getByRole("main")).toContainText(reference);
    await manager.close();

    // Two tech time forms of the same person on the same day.
    const tech = `Tt Refs ${Number(n).toString(36)}`;
    for (const ro of [`${n}1`, `${n}2`]) {
      const res = await page.request.post("/api/v1/techtime/add/update", {
        headers: JSON_HEADERS,
        data: {
          empolyee_number: "T-5",
          empolyee_name: tech,
          date: "11/26/2026",
          location: "Valley Trucks",
          employee_email: "tt@example.com",
          attendanceClockTimeArr: [],
          shopTimeObjects: [{ customerName: "ACME", roNumber: ro, reason: "Missed punch" }],
        },
      });
      expect(res.ok(), await res.text()).toBeTruthy();
    }
    for (const viewport of [
      { width: 1280, height: 900 },
      { width: 390, height: 844 },
    ]) {
      await page.setViewportSize(viewport);
      await page.goto(`/techtime/list?f_range=all&f_employee_name=${encodeURIComponent(tech)}`);
      const rows = page.getByRole("main").getByText(/^Tech time 11\/26 RO \d+$/);
      await expect(rows).toHaveCount(2);
      expect(new Set(await rows.allTextContents())).toEqual(
        new Set([`Tech time 11/26 RO ${n}1`, `Tech time 11/26 RO ${n}2`]),
      );
      await reviewScreenshot(page, testInfo.outputPath(`tech-time-list-${viewport.width}.png`), { fullPage: true });
      await page.goto("/my/requests?form=tech_time");
      for (const ro of [`${n}1`, `${n}2`])
        await expect(page.getByRole("link", { name: `Tech time 11/26 RO ${ro}`, exact: true })).toBeVisible();
      await reviewScreenshot(page, testInfo.outputPath(`my-requests-tech-time-${viewport.width}.png`), {
        fullPage: true,
      });
    }
  });
});

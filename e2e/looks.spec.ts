import { expect, test, type Locator } from "@playwright/test";
import { CalendarPage } from "./pages/calendar-page";
import { ContentPage } from "./pages/content-page";
import { ShellPage } from "./pages/shell-page";
import { storageStateOf } from "./support/env";

/** What a new user saw and should not (Looks): measured in the browser at desktop and phone width. */
const PHONE = { width: 390, height: 844 };

async function box(locator: Locator) {
  const b = await locator.boundingBox();
  expect(b, `${locator} has a box`).not.toBeNull();
  return b!;
}
const overlaps = (a: { x: number; y: number; width: number; height: number }, b: typeof a) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

test.describe("administrator", () => {
  test.use({ storageState: storageStateOf("admin") });

  for (const [name, viewport] of [
    ["desktop", { width: 1280, height: 800 }],
    ["phone", PHONE],
  ] as const) {
    test(`toasts cover none of the header, nor a list item's tools (${name})`, async ({ page }) => {
      await page.setViewportSize(viewport);
      const content = new ContentPage(page);
      const title = `Toast ${Date.now().toString(36)}`;
      await page.goto("/company-news/discussion/add");
      await content.titleField.fill(title);
      await content.button("Save").click();
      await content.confirmItemAction(title, "Pin", "no");
      const toast = content.toast("Cancelled");
      await expect(toast).toBeVisible();
      expect(overlaps(await box(toast), await box(new ShellPage(page).header))).toBe(false);
      // Nor a list item's tools (Edit, Pin, Delete sit at the right of every item).
      expect(
        overlaps(await box(toast), await box(page.getByRole("button", { name: `Delete ${title}`, exact: true }))),
      ).toBe(false);
      if (name === "desktop") expect(overlaps(await box(toast), await box(page.getByRole("main")))).toBe(false); // over the sidebar's foot
    });
  }

  test("without a banner, a compact 'Add banner' opens the drop zone (phone)", async ({ page }) => {
    await page.setViewportSize(PHONE);
    await page.goto("/company-news");
    const banner = page.getByRole("region", { name: "Banner" });
    const add = banner.getByRole("button", { name: "Add banner" });
    await expect(add).toBeVisible();
    expect((await box(banner)).height).toBeLessThan(60);
    await expect(banner.getByText("Drop files here or click to upload")).toBeHidden();
    await expect(async () => {
      if (await add.isVisible()) await add.click({ timeout: 2000 });
      await expect(banner.getByText("Drop files here or click to upload")).toBeVisible({ timeout: 2000 });
    }).toPass({ timeout: 20_000 });
  });

  test("the attachment form's buttons stay together on the phone", async ({ page }) => {
    await page.setViewportSize(PHONE);
    await page.goto("/documents/attachment/add");
    const content = new ContentPage(page);
    const buttons = [
      content.button("Save"),
      content.button("Save And Continue"),
      page.getByRole("link", { name: "Cancel" }),
    ];
    const boxes = await Promise.all(buttons.map(box));
    // One column of equal, full-width buttons: none sits alone on a line beside empty space.
    for (const b of boxes) {
      expect(Math.round(b.x)).toBe(Math.round(boxes[0].x));
      expect(Math.round(b.width)).toBe(Math.round(boxes[0].width));
    }
  });
});

test.describe("calendar", () => {
  test.use({ storageState: storageStateOf("staff") });

  test("month cells show whole short titles on up to two lines, with the full title as tooltip", async ({ page }) => {
    const cal = new CalendarPage(page);
    await cal.goto();
    const event = page
      .locator("[role=cell][data-date]")
      .getByRole("button", { name: /Monday Sales Meeting/ })
      .first();
    await expect(event).toHaveAttribute("title", "Monday Sales Meeting");
    const title = event.locator(".cal-event-title");
    // Not cut: the title's text fits its box (was 'Monday S').
    expect(
      await title.evaluate((el) => el.scrollHeight <= el.clientHeight + 1 && el.scrollWidth <= el.clientWidth + 1),
    ).toBe(true);
  });

  test("below 766 px the calendar opens in its list view; the month is one tap away", async ({ page }) => {
    await page.setViewportSize(PHONE);
    const cal = new CalendarPage(page);
    await cal.goto();
    await expect(cal.listButton).toHaveAttribute("aria-pressed", "true");
    await cal.monthButton.click();
    await expect(cal.monthButton).toHaveAttribute("aria-pressed", "true");
    await expect(page.locator("[role=cell][data-date]").first()).toBeVisible();
  });
});

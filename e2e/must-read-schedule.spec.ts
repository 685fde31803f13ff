import { expect, test } from "@playwright/test";
import { ContentPage } from "./pages/content-page";
import { storageStateOf } from "./support/env";

/**
 * A must-read scheduled a minute ahead (docs/features/must-read.md): before its minute staff do not see it
 * and the administrator's reminder button is disabled with the reason; from its minute it is above a
 * post written after it, dated at its publish minute, and the reminder can be sent.
 */
const unique = (label: string) => `${label} ${Date.now().toString(36)}${Math.random().toString(36).slice(2, 5)}`;
const REMIND = "Remind those who have not read it (at most once a day)";
/**
 * A page no other journey writes to: the check reads the order of the list's first page, which the posts that
 * journeys running beside this one add to Company News during its wait would push these two off.
 */
const PAGE = "/service-bulletins";

test.describe("a scheduled must-read", () => {
  test.use({ storageState: storageStateOf("admin") });

  test("lands at the top dated at its publish minute; its reminder button is disabled until then", async ({
    page,
    browser,
  }) => {
    test.slow();
    const content = new ContentPage(page);
    const scheduled = unique("Bay 3 closed");
    const written = unique("Coffee machine fixed");
    // The next whole minute at least 20 s away (the checks before it take a few seconds), in the browser's zone:
    // the form's value and the list's time.
    const at = await page.evaluate(() => {
      const ms = Math.ceil((Date.now() + 20_000) / 60_000) * 60_000;
      const d = new Date(ms);
      const two = (n: number) => String(n).padStart(2, "0");
      const hour12 = d.getHours() % 12 || 12;
      return {
        ms,
        local: `${d.getFullYear()}-${two(d.getMonth() + 1)}-${two(d.getDate())}T${two(d.getHours())}:${two(d.getMinutes())}`,
        time: `${two(hour12)}:${two(d.getMinutes())} ${d.getHours() < 12 ? "AM" : "PM"}`,
      };
    });

    await page.goto(`${PAGE}/discussion/add`);
    await content.titleField.fill(scheduled);
    await page.getByLabel("Publish at").fill(at.local);
    await page.getByRole("checkbox", { name: /^Must read/ }).check();
    await content.button("Save").click();
    await expect(page).toHaveURL(new RegExp(`${PAGE}$`));
    await expect(content.item(scheduled)).toContainText("Scheduled");
    await page.goto(`${PAGE}/discussion/add`);
    await content.titleField.fill(written);
    await content.button("Save").click();
    await expect(page).toHaveURL(new RegExp(`${PAGE}$`));

    // Before its minute: the reminder is disabled, with the reason.
    await page.getByRole("link", { name: scheduled, exact: true }).click();
    await expect(page.getByRole("heading", { name: "Readers" })).toBeVisible();
    const remind = page.getByRole("button", { name: REMIND });
    await expect(remind).toBeDisabled();
    await expect(page.getByText(/^Not published yet: reminders can be sent from/)).toContainText(at.time);
    const postUrl = page.url();
    expect(Date.now()).toBeLessThan(at.ms);

    const staffContext = await browser.newContext({ storageState: storageStateOf("staff") });
    const staff = await staffContext.newPage();
    await staff.goto(PAGE);
    await expect(staff.getByRole("link", { name: written, exact: true })).toBeVisible();
    await expect(staff.getByRole("link", { name: scheduled, exact: true })).toHaveCount(0);

    // From its minute: above the post written after it, dated at its publish minute. The wait is for the wall
    // clock (the server and this test share it), so it sleeps until the minute instead of reloading the list.
    await staff.waitForTimeout(Math.max(0, at.ms - Date.now()));
    await expect(async () => {
      await staff.goto(PAGE);
      await expect(staff.getByRole("link", { name: scheduled, exact: true })).toBeVisible({ timeout: 1000 });
    }).toPass({ timeout: 15_000, intervals: [1000] });
    const titles = await staff
      .getByRole("list", { name: "Discussions" })
      .getByRole("heading", { level: 2 })
      .allTextContents();
    expect(titles.indexOf(scheduled)).toBeGreaterThanOrEqual(0);
    expect(titles.indexOf(scheduled)).toBeLessThan(titles.indexOf(written));
    await expect(new ContentPage(staff).item(scheduled)).toContainText(at.time);
    await staffContext.close();

    await page.goto(postUrl);
    await expect(page.getByRole("button", { name: REMIND })).toBeEnabled();
    await expect(page.getByText(/^Not published yet/)).toHaveCount(0);
  });
});

import { expect, test } from "@playwright/test";
import { ShellPage } from "./pages/shell-page";
import { BASE_URL, FIRST_MENU, ROLES, storageStateOf } from "./support/env";

/**
 * One 404 page everywhere (the old portal: PageNotFound, without header or sidebar), decided before access: a path
 * that names nothing is 404 for every role, never 403 for one and 404 for another.
 */
const MISSING = [
  "/no-such/section/list", // no route of several segments
  "/no-such-page", // an unknown menu slug
  "/company-news/post/999999", // a missing record under a menu page
  "/documents/event/edit/99999", // a missing record of a form
  "/company-news/discussion/edit/999999",
  "/calendar/event/add", // the calendar page has no save-the-date tab to add to
] as const;

for (const role of ROLES) {
  test.describe(role, () => {
    test.use({ storageState: storageStateOf(role) });

    test(`every missing page is the one 404 page, without header or sidebar`, async ({ page }) => {
      const shell = new ShellPage(page);
      for (const path of MISSING) {
        const res = await page.goto(path);
        expect(res?.status(), path).toBe(404);
        await expect(shell.notFoundText, path).toBeVisible();
        await expect(page.getByText("Oops! 403 Sorry!"), path).toHaveCount(0);
        await expect(shell.header, path).toHaveCount(0);
        await expect(page.getByRole("navigation"), path).toHaveCount(0);
      }
      await page.getByRole("link", { name: "Go To Home Page" }).click();
      await expect(page).toHaveURL(`${BASE_URL}/${FIRST_MENU.slug}`);
    });
  });
}

test("signed out, the 404 page's 'Go To Home Page' goes to the login page", async ({ page }) => {
  const res = await page.goto("/login/no-such-page");
  expect(res?.status()).toBe(404);
  await page.getByRole("link", { name: "Go To Home Page" }).click();
  await expect(page).toHaveURL(/\/login$/);
});

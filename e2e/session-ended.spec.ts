import { expect, test } from "@playwright/test";
import { CalendarPage } from "./pages/calendar-page";
import { ContentPage } from "./pages/content-page";
import { LoginPage } from "./pages/login-page";
import { ShellPage } from "./pages/shell-page";
import { BASE_URL, FIRST_MENU, PASSWORD } from "./support/env";

/**
 * A session that ends while a page is open (signed out in another tab): the next call that finds it
 * gone goes to /login with the page to come back to, instead of a toast on a page that keeps controls
 * which no longer work (issue 20). Each test signs in afresh: logging out revokes the session.
 */
test("a server action after sign-out in another tab goes to /login and back after signing in", async ({ page, context }) => {
  await new LoginPage(page).signInAndLand("admin", PASSWORD, FIRST_MENU.slug);
  const content = new ContentPage(page);
  const title = `Session ${Date.now().toString(36)}`;
  await page.goto(`/${FIRST_MENU.slug}/discussion/add`);
  await content.titleField.fill(title);
  await content.button("Save").click();
  const pin = page.getByRole("button", { name: `Pin ${title}`, exact: true });
  await expect(pin).toBeVisible();
  const signedInCookies = await context.cookies();

  const other = await context.newPage();
  await other.goto(`/${FIRST_MENU.slug}`);
  await new ShellPage(other).logout();
  await expect(other).toHaveURL(/\/login$/);
  await other.close();
  // The old cookie comes back (as from a tab that kept it): its session row is revoked all the same.
  await context.addCookies(signedInCookies);

  await pin.click();
  await content.dialog.getByRole("button", { name: "Yes Change it!" }).click();
  await expect(page).toHaveURL(`${BASE_URL}/login?callbackUrl=${encodeURIComponent(`/${FIRST_MENU.slug}`)}`);
  await expect(page.getByText("Unauthenticated. Please sign in again.")).toHaveCount(0);
  expect((await context.cookies()).some((c) => c.name.endsWith("authjs.session-token")), "the ended session's cookie is cleared").toBe(false);

  const login = new LoginPage(page);
  await login.signIn("admin", PASSWORD);
  await expect(page).toHaveURL(`${BASE_URL}/${FIRST_MENU.slug}`);
});

test("a v1 API call after sign-out in another tab (the calendar's) goes to /login", async ({ page, context }) => {
  await new LoginPage(page).signInAndLand("manager", PASSWORD, FIRST_MENU.slug);
  const calendar = new CalendarPage(page);
  await calendar.goto();

  const other = await context.newPage();
  await other.goto(`/${FIRST_MENU.slug}`);
  await new ShellPage(other).logout();
  await other.close();

  await calendar.nextMonth.click();
  await expect(page).toHaveURL(new RegExp(`^${BASE_URL}/login\\?callbackUrl=%2Fcalendar`));
});

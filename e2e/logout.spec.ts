import { expect } from "@playwright/test";
import { LoginPage } from "./pages/login-page";
import { ShellPage } from "./pages/shell-page";
import { FIRST_MENU, PASSWORD } from "./support/env";
import { shellTest } from "./support/fixtures";

// Signs in afresh (not with a shared storage state): logging out revokes the session.
shellTest("logout returns to /login and the old session cookie no longer works", async ({ page, context }) => {
  await new LoginPage(page).signInAndLand("manager", PASSWORD, FIRST_MENU.slug);
  const oldCookies = await context.cookies();
  expect(oldCookies.some((c) => c.name.endsWith("authjs.session-token"))).toBe(true);

  await new ShellPage(page).logout();
  await expect(page).toHaveURL(/\/login$/);
  await expect(new LoginPage(page).welcome).toBeVisible();

  // Replaying the cookie from before the logout: the session row is revoked, so it is refused.
  await context.addCookies(oldCookies);
  await page.goto(`/${FIRST_MENU.slug}`);
  await expect(page).toHaveURL(/\/login\?callbackUrl=%2Fcompany-news&reason=SessionEnded$/);
  await expect(page.getByText("Your session ended. Please sign in again.")).toBeVisible();
  const api = await page.request.get(`/api/v1/get_menu_details?slug=${FIRST_MENU.slug}`);
  expect(api.status()).toBe(401);
});

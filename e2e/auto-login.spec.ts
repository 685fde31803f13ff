import { expect, test } from "@playwright/test";
import { mintAccessToken } from "@/test/oidc/mint-token";
import { OTHER_CLIENT } from "@/test/oidc/provider";
import { LoginPage } from "./pages/login-page";
import {
  BASE_URL,
  FIRST_MENU,
  PASSWORD,
  SSO_CLIENT_ID,
  SSO_CLIENT_SECRET,
  SSO_ISSUER,
  SSO_REDIRECT_URI,
} from "./support/env";
import { newSsoUsername, roleIdOf } from "./support/fixtures";
import { reviewScreenshot } from "./support/screenshot";

const INVALID_LINK = "Your sign-in link is invalid or has expired. Please sign in again.";
const NOT_FOR_PORTAL = "This sign-in link was not issued for the Staff Portal. Please sign in with SSO instead.";

async function realToken(
  username: string,
  client: { clientId: string; clientSecret: string } = { clientId: SSO_CLIENT_ID, clientSecret: SSO_CLIENT_SECRET },
) {
  const { accessToken } = await mintAccessToken({
    issuer: SSO_ISSUER,
    ...client,
    redirectUri: SSO_REDIRECT_URI,
    username,
  });
  return accessToken;
}

const autoLoginUrl = (token: string, username: string) =>
  `/login?${new URLSearchParams({ token, username }).toString()}`;
const signedOutAt = (path: string) => new RegExp(`/login\\?callbackUrl=${encodeURIComponent(path)}$`);

test("the sign-in link asks first ('Continue as ...?'), then lands on the first menu page", async ({ page }) => {
  const username = newSsoUsername("auto");
  await page.goto(autoLoginUrl(await realToken(username), username));
  await expect(page.getByRole("heading", { name: `Continue as ${username}?` })).toBeVisible();
  await reviewScreenshot(page, test.info().outputPath("auto-login-confirm-1280.png"));
  // Nothing happens without the person's answer.
  await page.waitForTimeout(500);
  await expect(page).toHaveURL(/\/login\?token=/);
  expect((await page.request.get(`/api/v1/get_menu_details?slug=${FIRST_MENU.slug}`)).status()).toBe(401);
  await page.getByRole("button", { name: `Continue as ${username}` }).click();
  await expect(page).toHaveURL(new RegExp(`/${FIRST_MENU.slug}$`));
  await expect(page.getByRole("heading", { name: FIRST_MENU.title })).toBeVisible();
  expect(await roleIdOf(page.request)).toBe(3);
});

test("signed in, the link says so and offers to switch; switching ends the previous session on the server", async ({
  page,
  context,
}) => {
  await new LoginPage(page).signInAndLand("manager", PASSWORD, FIRST_MENU.slug);
  const managerCookies = await context.cookies();
  const username = newSsoUsername("switch");
  await page.goto(autoLoginUrl(await realToken(username), username));
  await expect(page.getByRole("heading", { name: `Continue as ${username}?` })).toBeVisible();
  await expect(
    page.getByRole("status").filter({ hasText: "You are signed in as Morgan Manager (manager)." }),
  ).toBeVisible();
  await expect(page.getByRole("link", { name: "Stay signed in as manager" })).toBeVisible();
  await reviewScreenshot(page, test.info().outputPath("auto-login-switch-1280.png"));
  await page.setViewportSize({ width: 390, height: 844 });
  await reviewScreenshot(page, test.info().outputPath("auto-login-switch-390.png"));
  await page.getByRole("button", { name: `Switch to ${username}` }).click();
  await expect(page).toHaveURL(new RegExp(`/${FIRST_MENU.slug}$`));
  expect(await roleIdOf(page.request)).toBe(3);

  // The manager's old cookie, replayed, no longer signs anyone in.
  await context.clearCookies();
  await context.addCookies(managerCookies);
  const api = await page.request.get(`${BASE_URL}/api/v1/get_first_menu`);
  expect(api.status()).toBe(401);
});

test("'Stay signed in' keeps the current account", async ({ page }) => {
  await new LoginPage(page).signInAndLand("manager", PASSWORD, FIRST_MENU.slug);
  const username = newSsoUsername("stay");
  await page.goto(autoLoginUrl(await realToken(username), username));
  await page.getByRole("link", { name: "Stay signed in as manager" }).click();
  await expect(page).toHaveURL(new RegExp(`/${FIRST_MENU.slug}$`));
  expect(await roleIdOf(page.request)).toBe(2);
});

test("a forged token shows a clear message on /login after the person continues", async ({ page }) => {
  await page.goto(autoLoginUrl("forged-token-0123456789abcdef", "staff"));
  await page.getByRole("button", { name: "Continue as staff" }).click();
  const login = new LoginPage(page);
  await expect(login.alert).toHaveText(INVALID_LINK);
  await expect(page).toHaveURL(/\/login\?/);
  await page.getByRole("link", { name: "Sign in another way" }).click();
  await expect(login.ssoButton).toBeVisible();
  // Still signed out.
  await page.goto(`/${FIRST_MENU.slug}`);
  await expect(page).toHaveURL(signedOutAt(`/${FIRST_MENU.slug}`));
});

test("someone else's real token is refused, and so is a token the SSO issued to another application", async ({
  page,
}) => {
  const token = await realToken(newSsoUsername("owner"));
  await page.goto(autoLoginUrl(token, "admin"));
  await page.getByRole("button", { name: "Continue as admin" }).click();
  await expect(new LoginPage(page).alert).toHaveText(INVALID_LINK);

  const riley = await realToken("riley.tech", OTHER_CLIENT);
  await page.goto(autoLoginUrl(riley, "riley.tech"));
  await page.getByRole("button", { name: "Continue as riley.tech" }).click();
  await expect(new LoginPage(page).alert).toHaveText(NOT_FOR_PORTAL);
  await page.goto(`/${FIRST_MENU.slug}`);
  await expect(page).toHaveURL(signedOutAt(`/${FIRST_MENU.slug}`));
});

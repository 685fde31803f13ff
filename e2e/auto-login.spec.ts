import { expect, test } from "@playwright/test";
import { mintAccessToken } from "@/test/oidc/mint-token";
import { LoginPage } from "./pages/login-page";
import { FIRST_MENU, SSO_CLIENT_ID, SSO_CLIENT_SECRET, SSO_ISSUER, SSO_REDIRECT_URI } from "./support/env";
import { newSsoUsername, roleIdOf } from "./support/fixtures";

const INVALID_LINK = "Your sign-in link is invalid or has expired. Please sign in again.";

async function realToken(username: string) {
  const { accessToken } = await mintAccessToken({
    issuer: SSO_ISSUER,
    clientId: SSO_CLIENT_ID,
    clientSecret: SSO_CLIENT_SECRET,
    redirectUri: SSO_REDIRECT_URI,
    username,
  });
  return accessToken;
}

const autoLoginUrl = (token: string, username: string) =>
  `/login?${new URLSearchParams({ token, username }).toString()}`;

test("auto sign-in with a real SSO access token lands on the first menu page", async ({ page }) => {
  const username = newSsoUsername("auto");
  await page.goto(autoLoginUrl(await realToken(username), username));
  await expect(page).toHaveURL(new RegExp(`/${FIRST_MENU.slug}$`));
  await expect(page.getByRole("heading", { name: FIRST_MENU.title })).toBeVisible();
  expect(await roleIdOf(page.request)).toBe(3);
});

test("auto sign-in with a forged token shows a clear message on /login", async ({ page }) => {
  await page.goto(autoLoginUrl("forged-token-0123456789abcdef", "staff"));
  const login = new LoginPage(page);
  await expect(login.alert).toHaveText(INVALID_LINK);
  await expect(page).toHaveURL(/\/login\?/);
  await page.getByRole("link", { name: "Sign in another way" }).click();
  await expect(login.ssoButton).toBeVisible();
  // Still signed out.
  await page.goto(`/${FIRST_MENU.slug}`);
  await expect(page).toHaveURL(/\/login$/);
});

test("auto sign-in with someone else's real token is refused", async ({ page }) => {
  const token = await realToken(newSsoUsername("owner"));
  await page.goto(autoLoginUrl(token, "admin"));
  await expect(new LoginPage(page).alert).toHaveText(INVALID_LINK);
  await page.goto(`/${FIRST_MENU.slug}`);
  await expect(page).toHaveURL(/\/login$/);
});

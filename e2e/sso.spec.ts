import { expect, test } from "@playwright/test";
import { LoginPage } from "./pages/login-page";
import { ShellPage } from "./pages/shell-page";
import { ADMIN_ITEMS, BASE_URL, FIRST_MENU, PASSWORD, SSO_ISSUER } from "./support/env";
import { newSsoUsername, roleIdOf, shellTest, signInAtSso } from "./support/fixtures";
import { reviewScreenshot } from "./support/screenshot";

// The portal runs at BASE_URL, on 127.0.0.1 rather than localhost (e2e/support/env.ts).
const landed = `${BASE_URL}/${FIRST_MENU.slug}`;

test("SSO round trip: a new user signs in at the SSO and lands on the portal as read-only staff", async ({
  page,
  context,
}) => {
  const login = new LoginPage(page);
  await login.goto();
  await login.ssoButton.click();
  await expect(page).toHaveURL((url) => url.href.startsWith(`${SSO_ISSUER}/interaction/`));
  await signInAtSso(page, newSsoUsername("newcomer"));
  await expect(page).toHaveURL(landed);
  await expect(page.getByRole("heading", { name: FIRST_MENU.title })).toBeVisible();
  expect(await roleIdOf(page.request)).toBe(3);

  // The SSO session lives on: with the portal's cookies gone, 'Sign in with SSO' signs in without asking.
  // (Portal and SSO share the host 127.0.0.1, and cookies ignore ports: clear the portal's by name.)
  await context.clearCookies({ name: /^(__Secure-)?authjs\./ });
  await login.goto();
  await login.ssoButton.click();
  await expect(page).toHaveURL(landed);
});

test("an SSO identity with a portal user's e-mail signs in as that user", async ({ page }) => {
  const login = new LoginPage(page);
  await login.goto();
  await login.ssoButton.click();
  await signInAtSso(page, "sam.staff"); // staff@example.com, the seeded `staff` user
  await expect(page).toHaveURL(landed);
  expect(await roleIdOf(page.request)).toBe(3);
});

test("eve, claiming the administrator's e-mail unverified, is not signed in as the administrator", async ({ page }) => {
  const login = new LoginPage(page);
  await login.goto();
  await login.ssoButton.click();
  await signInAtSso(page, "eve");
  await expect(page).toHaveURL(`${BASE_URL}/login?error=SsoLinkRequired`);
  await expect(login.alert).toContainText("Your SSO identity is not linked to a portal account yet.");
  expect((await page.request.get(`/api/v1/get_menu_details?slug=${FIRST_MENU.slug}`)).status()).toBe(401);
});

test("the administrator's own SSO identity is linked once they sign in with their password; then SSO signs them in", async ({
  page,
  context,
}) => {
  const login = new LoginPage(page);
  await login.goto();
  await login.ssoButton.click();
  await signInAtSso(page, "alex.admin"); // admin@example.com, verified: still not linked by itself (role 1)
  await expect(page).toHaveURL(`${BASE_URL}/login?error=SsoLinkRequired`);
  await reviewScreenshot(page, test.info().outputPath("sso-link-required-1280.png"));
  await login.signIn("admin", PASSWORD);
  await expect(page).toHaveURL(landed);

  // Signed out of the portal only: the SSO's session signs the linked identity in as the administrator.
  await context.clearCookies({ name: /^(__Secure-)?authjs\./ });
  await login.goto();
  await login.ssoButton.click();
  await expect(page).toHaveURL(landed);
  expect(await roleIdOf(page.request)).toBe(1);
});

shellTest("SSO sign-out also ends the SSO session; an SSO newcomer has no administration pages", async ({ page }) => {
  const login = new LoginPage(page);
  const shell = new ShellPage(page);
  await login.goto();
  await login.ssoButton.click();
  await signInAtSso(page, newSsoUsername("leaver"));
  await expect(page).toHaveURL(landed);

  await shell.openUserMenu();
  for (const name of ADMIN_ITEMS) await expect(shell.dropdownItem(name)).toHaveCount(0);
  await shell.logoutItem.click();
  await expect(page).toHaveURL(`${BASE_URL}/login`);

  // The SSO asks again instead of signing in silently.
  await login.ssoButton.click();
  await expect(page).toHaveURL((url) => url.href.startsWith(`${SSO_ISSUER}/interaction/`));
  await expect(page.getByRole("heading", { name: "Sign in to the company SSO" })).toBeVisible();
});

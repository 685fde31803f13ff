import { expect, test } from "@playwright/test";
import { CalendarPage } from "./pages/calendar-page";
import { ContentPage } from "./pages/content-page";
import { LoginPage } from "./pages/login-page";
import { ShellPage } from "./pages/shell-page";
import { mintAccessToken } from "@/test/oidc/mint-token";
import {
  BASE_URL,
  FIRST_MENU,
  PASSWORD,
  SSO_CLIENT_ID,
  SSO_CLIENT_SECRET,
  SSO_ISSUER,
  SSO_REDIRECT_URI,
} from "./support/env";
import { newSsoUsername, roleIdOf, signInAtSso } from "./support/fixtures";
import { reviewScreenshot } from "./support/screenshot";

/**
 * A session that ends while a page is open (signed out in another tab): the next call that finds it
 * gone goes to /login with the page to come back to, instead of a toast on a page that keeps controls
 * which no longer work. Each test signs in afresh: logging out revokes the session.
 */
test("a server action after sign-out in another tab goes to /login and back after signing in", async ({
  page,
  context,
}) => {
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
  await expect(page).toHaveURL(
    `${BASE_URL}/login?callbackUrl=${encodeURIComponent(`/${FIRST_MENU.slug}`)}&reason=SessionEnded`,
  );
  await expect(page.getByText("Your session ended. Please sign in again.")).toBeVisible();
  await expect(page.getByText("Unauthenticated. Please sign in again.")).toHaveCount(0);
  expect(
    (await context.cookies()).some((c) => c.name.endsWith("authjs.session-token")),
    "the ended session's cookie is cleared",
  ).toBe(false);

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

test("a role change by an administrator ends the session: the next page says access changed, and SSO sign-in lands back there", async ({
  page,
  browser,
}) => {
  // A fresh SSO user (role 3), so no other test's account changes.
  const username = newSsoUsername("promoted");
  const mint = async () =>
    (
      await mintAccessToken({
        issuer: SSO_ISSUER,
        clientId: SSO_CLIENT_ID,
        clientSecret: SSO_CLIENT_SECRET,
        redirectUri: SSO_REDIRECT_URI,
        username,
      })
    ).accessToken;
  await page.goto(`/login?${new URLSearchParams({ token: await mint(), username })}`);
  await page.getByRole("button", { name: `Continue as ${username}` }).click();
  await expect(page).toHaveURL(`${BASE_URL}/${FIRST_MENU.slug}`);
  const target = "/search?q=meeting";
  await page.goto(target);

  const adminContext = await browser.newContext({ baseURL: BASE_URL });
  const api = adminContext.request;
  const login = async (body: object, path: string) => (await (await api.post(path, { data: body })).json()).content;
  const userId = (await login({ username, access_token: await mint() }, "/api/v1/autologinuser")).user_obj.id as number;
  const adminToken = (await login({ username: "admin", password: PASSWORD }, "/api/v1/login")).api_token as string;
  // Edit User's change (lib/users/mutations.ts): the user's sessions end with the reason 'access'.
  const changed = await api.post("/api/v1/changeprofile", {
    headers: { authorization: `Bearer ${adminToken}` },
    data: { id: userId, role_id: 2 },
  });
  expect(changed.status()).toBe(200);
  await adminContext.close();

  await page.reload();
  await expect(page).toHaveURL(`${BASE_URL}/login?callbackUrl=${encodeURIComponent(target)}&reason=AccessChanged`);
  await expect(page.getByText("Your access changed; please sign in again.")).toBeVisible();
  await reviewScreenshot(page, test.info().outputPath("access-changed-1280.png"));
  await new LoginPage(page).ssoButton.click();
  await signInAtSso(page, username);
  // Back from the SSO, the portal opens the page of before.
  await expect(page).toHaveURL(`${BASE_URL}${target}`);
  expect(await roleIdOf(page.request)).toBe(2);
});

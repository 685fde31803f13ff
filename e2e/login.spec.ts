import { expect, test } from "@playwright/test";
import { LoginPage } from "./pages/login-page";
import { BASE_URL, FIRST_MENU, PASSWORD, ROLES, storageStateOf } from "./support/env";

test.describe("signed out", () => {
  test("the login page shows the welcome panel, the SSO note and the SSO button, without header or sidebar", async ({
    page,
  }) => {
    const login = new LoginPage(page);
    await login.goto();
    await expect(login.welcome).toBeVisible();
    await expect(login.ssoNote).toBeVisible();
    await expect(login.ssoButton).toBeVisible(); // SSO is configured for this run
    await expect(login.username).toBeVisible();
    await expect(login.password).toBeVisible();
    await expect(page.getByRole("banner")).toHaveCount(0);
    await expect(page.getByRole("navigation")).toHaveCount(0);
  });

  test("a wrong password shows the server's message and keeps the username", async ({ page }) => {
    const login = new LoginPage(page);
    await login.goto();
    await login.signIn("staff", "not-the-password");
    await expect(login.alert).toHaveText("Invalid username or password.");
    await expect(page).toHaveURL(/\/login$/);
    await expect(login.username).toHaveValue("staff");
  });

  test("an empty form is refused in the browser with the field messages", async ({ page }) => {
    const login = new LoginPage(page);
    await login.goto();
    await login.submit.click();
    await expect(page.getByText("Username Required")).toBeVisible();
    await expect(page.getByText("Password Required")).toBeVisible();
    await expect(page).toHaveURL(/\/login$/);
  });

  test("a new attempt clears the last one's error: empty fields after a wrong password show only the field messages", async ({
    page,
  }) => {
    const login = new LoginPage(page);
    await login.goto();
    await login.signIn("staff", "not-the-password");
    await expect(login.alert).toHaveText("Invalid username or password.");
    await login.username.fill("");
    await login.password.fill("");
    await login.submit.click();
    await expect(page.getByText("Username Required")).toBeVisible();
    await expect(page.getByText("Password Required")).toBeVisible();
    await expect(page.getByText("Invalid username or password.")).toHaveCount(0);
  });

  for (const role of ROLES) {
    test(`${role} signs in and lands on the first menu page`, async ({ page }) => {
      const login = new LoginPage(page);
      await login.signInAndLand(role, PASSWORD, FIRST_MENU.slug);
      await expect(page.getByRole("heading", { name: FIRST_MENU.title })).toBeVisible();
    });
  }

  test("a signed-out visit to a portal page goes to /login with the way back", async ({ page }) => {
    await page.goto(`/${FIRST_MENU.slug}`);
    await expect(page).toHaveURL(`${BASE_URL}/login?callbackUrl=${encodeURIComponent(`/${FIRST_MENU.slug}`)}`);
    await expect(new LoginPage(page).welcome).toBeVisible();
    await page.goto("/");
    await expect(page).toHaveURL(/\/login$/);
  });

  test("a link survives sign-in: the page and its query open after signing in", async ({ page }) => {
    const target = "/search?q=meeting&kind=event";
    await page.goto(target);
    await expect(page).toHaveURL(`${BASE_URL}/login?callbackUrl=${encodeURIComponent(target)}`);
    await new LoginPage(page).signIn("staff", PASSWORD);
    await expect(page).toHaveURL(`${BASE_URL}${target}`);
  });

  for (const hostile of [
    "//evil.example",
    "https://evil.example",
    "/\\evil.example",
    // Normalised (docs/security.md), these read as another host.
    "/..//example.org/phish",
    "/a/..//evil.example/x",
    "/%2e%2e//evil.example",
  ]) {
    test(`a callbackUrl of ${hostile} is not followed: the portal's first page opens`, async ({ page }) => {
      const login = new LoginPage(page);
      await login.goto(`?callbackUrl=${encodeURIComponent(hostile)}`);
      await login.signIn("staff", PASSWORD);
      await expect(page).toHaveURL(`${BASE_URL}/${FIRST_MENU.slug}`);
    });
  }

  test("a sign-out for a reason says why on the sign-in page", async ({ page }) => {
    const login = new LoginPage(page);
    await login.goto("?reason=AccessChanged");
    await expect(
      page.getByRole("status").filter({ hasText: "Your access changed; please sign in again." }),
    ).toBeVisible();
    await login.goto("?reason=SessionEnded");
    await expect(
      page.getByRole("status").filter({ hasText: "Your session ended. Please sign in again." }),
    ).toBeVisible();
    await login.goto("?reason=Call%20555");
    await expect(page.getByText("Call 555")).toHaveCount(0);
  });
});

test.describe("signed in", () => {
  test.use({ storageState: storageStateOf("staff") });

  test("/ and /login go to the first menu page", async ({ page }) => {
    await page.goto("/");
    await expect(page).toHaveURL(new RegExp(`/${FIRST_MENU.slug}$`));
    await page.goto("/login");
    await expect(page).toHaveURL(new RegExp(`/${FIRST_MENU.slug}$`));
    await expect(page.getByRole("heading", { name: FIRST_MENU.title })).toBeVisible();
  });
});

import { expect, test, type Page } from "@playwright/test";
import { LoginPage } from "./pages/login-page";
import { FIRST_MENU, storageStateOf } from "./support/env";
import { expectNoAxeViolations } from "./support/axe";
import { mailTo } from "./support/mail";
import { reviewScreenshot } from "./support/screenshot";

/** Screenshots at 1280 and 390 px (a phone) of the page as it is. */
async function shots(page: Page, name: string) {
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await reviewScreenshot(page, test.info().outputPath(`${name}-${width}.png`), { fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

test.describe("administrator adds people", () => {
  test.use({ storageState: storageStateOf("admin") });

  test("adds a person, who sets a password through the mailed link and signs in", async ({ page, browser }) => {
    test.slow();
    const email = `newbie-${Date.now().toString(36)}@example.com`;
    await page.goto("/user/list");
    await page.getByRole("link", { name: "Add user" }).click();
    await expect(page.getByRole("heading", { name: "Add user" })).toBeVisible();
    await page.getByRole("button", { name: "Add user" }).click();
    await expect(page.getByText("First Name Required.")).toBeVisible();
    await expectNoAxeViolations(page, "Add user");
    await page.getByLabel("First Name").fill("Nia");
    await page.getByLabel("Last Name").fill("Newbie");
    await page.getByLabel("Email", { exact: true }).fill(email);
    await page.getByLabel("Dayforce Id").fill("NB-1");
    await page.getByLabel("Role").selectOption({ label: "Staff: reads pages, submits staff forms" });
    await page.getByLabel("Location").selectOption({ label: "Valley Trucks" });
    await page.getByRole("checkbox", { name: "Allow Environmental Data" }).check();
    await shots(page, "add-user");
    await page.getByRole("button", { name: "Add user" }).click();
    await expect(page.getByText("User added. A link to set a password was e-mailed to them.")).toBeVisible();
    await expect(page).toHaveURL(/\/user\/list/);

    const mail = await mailTo(email);
    const link = mail.text.match(/https?:\/\/\S+\/login\/set-password\/[A-Za-z0-9]+/)?.[0];
    expect(link, mail.text).toBeTruthy();

    const context = await browser.newContext({ storageState: { cookies: [], origins: [] } });
    const newbie = await context.newPage();
    await newbie.goto(link!);
    await expect(newbie.getByRole("heading", { name: "Set your password" })).toBeVisible();
    await expectNoAxeViolations(newbie, "Set your password");
    await shots(newbie, "set-password");
    await newbie.getByLabel("New password").fill("fresh-pass-1");
    await newbie.getByLabel("Confirm password").fill("fresh-pass-1");
    await newbie.getByRole("button", { name: "Set password" }).click();
    await expect(newbie.getByText("Your password is set. Please sign in.")).toBeVisible();

    // The link works once.
    await newbie.goto(link!);
    await expect(newbie.getByText("This link was already used. Please request a new one.")).toBeVisible();
    await expect(newbie.getByRole("link", { name: "Request a new link" })).toBeVisible();

    const login = new LoginPage(newbie);
    await login.signInAndLand(email, "fresh-pass-1", FIRST_MENU.slug);
    await context.close();
  });

  test("previews a CSV of 3 people (one refused, named why) and imports the others", async ({ page }) => {
    test.slow();
    const stamp = Date.now().toString(36);
    const csv = [
      "Name,E-mail,Dayforce Id,Role,Location,Department,State,Phone",
      `Ivy Import,ivy-${stamp}@example.com,IV-1,Staff,Downtown Motors,Dealerships,California,`,
      `Jon Import,jon-${stamp}@example.com,,Calendar Manager,,,,`,
      `Kim Import,kim-${stamp}@example.com,,Pilot,,,,`,
    ].join("\n");
    await page.goto("/user/list");
    await page.getByRole("link", { name: "Import users" }).click();
    await expect(page.getByRole("heading", { name: "Import users" })).toBeVisible();
    await page
      .locator('input[type="file"]')
      .setInputFiles({ name: "people.csv", mimeType: "text/csv", buffer: Buffer.from(csv) });
    const preview = page.getByRole("button", { name: "Preview" });
    await expect(preview).toBeEnabled();
    await preview.click();
    await expect(page.getByRole("status").filter({ hasText: "2 to create" })).toContainText("1 refused");
    const refused = page.getByRole("row").filter({ hasText: `kim-${stamp}@example.com` });
    await expect(refused).toContainText("Refused");
    await expect(refused).toContainText("There is no role named 'Pilot'.");
    await expectNoAxeViolations(page, "Import users preview");
    await shots(page, "import-preview");
    await page.getByRole("button", { name: "Import 2 people" }).click();
    await expect(page.getByText("Imported: 2 created, 0 changed, 1 refused.")).toBeVisible();
    await page.goto(`/user/list?f_email=${stamp}`);
    await expect(page.getByRole("cell", { name: `ivy-${stamp}@example.com` })).toBeVisible();
    await expect(page.getByRole("cell", { name: `jon-${stamp}@example.com` })).toBeVisible();
    await expect(page.getByRole("cell", { name: `kim-${stamp}@example.com` })).toHaveCount(0);
  });
});

test.describe("signed out", () => {
  test("'Forgot password?' answers alike for a known and an unknown address", async ({ page }) => {
    const login = new LoginPage(page);
    await login.goto();
    await page.getByRole("link", { name: "Forgot password?" }).click();
    await expect(page.getByRole("heading", { name: "Forgot password?" })).toBeVisible();
    await expectNoAxeViolations(page, "Forgot password");
    await shots(page, "forgot-password");
    const answers: string[] = [];
    for (const email of ["staff@example.com", "nobody-at-all@example.com"]) {
      await page.goto("/login/forgot");
      await page.getByLabel("E-mail").fill(email);
      await page.getByRole("button", { name: "Send the link" }).click();
      const status = page.getByRole("status").filter({ hasText: /72 hours/ });
      await expect(status).toBeVisible();
      answers.push(await status.innerText());
    }
    expect(answers[0]).toBe(answers[1]);
    await mailTo("staff@example.com");
  });
});

test.describe("staff", () => {
  test.use({ storageState: storageStateOf("staff") });
  test("gets the 403 page on Add user and Import users", async ({ page }) => {
    for (const path of ["/user/add", "/user/import"]) {
      const res = await page.goto(path);
      expect(res?.status()).toBe(403);
    }
  });
});

import { expect, test } from "@playwright/test";
import { LoginPage } from "./pages/login-page";
import { UsersPage } from "./pages/users-page";
import { FIRST_MENU, storageStateOf } from "./support/env";
import { newSsoUsername, signInAtSso } from "./support/fixtures";

test.describe("administrator", () => {
  test.use({ storageState: storageStateOf("admin") });

  test("filters, sorts, pages, selects and deletes users; a deleted user's session ends", async ({ page, browser }) => {
    test.slow(); // two SSO sign-ins, then a dozen navigations
    // Two people who signed in once through the SSO (which creates their accounts as staff).
    const prefix = `quill${Date.now().toString(36)}`;
    // A context each: the SSO's own session would otherwise sign the second in as the first.
    const contexts = [];
    for (const n of [1, 2]) {
      const context = await browser.newContext({ storageState: { cookies: [], origins: [] } });
      const p = await context.newPage();
      const login = new LoginPage(p);
      await login.goto();
      await login.ssoButton.click();
      await signInAtSso(p, newSsoUsername(`${prefix}-${n}`));
      await expect(p).toHaveURL(new RegExp(`/${FIRST_MENU.slug}$`));
      contexts.push({ context, page: p });
    }
    const leaverPage = contexts[1].page;

    const users = new UsersPage(page);
    await users.goto();
    await expect(users.table).toBeVisible();
    await expect(users.caption).toHaveText(/1–\d+ of \d+/);
    // One's own row has no edit link; others do.
    await expect(users.row("admin@example.com").getByRole("link", { name: /Edit/ })).toHaveCount(0);
    await expect(users.row("staff@example.com").getByRole("link", { name: /Edit/ })).toHaveAttribute(
      "href",
      /\/updateusers\/\d+$/,
    );

    // Filter on Enter: the URL carries it.
    await users.filterBy("Name", prefix);
    await expect(page).toHaveURL(new RegExp(`[?&]f_name=${prefix}`));
    await expect(users.rows()).toHaveCount(2);
    await expect(users.caption).toHaveText(/1–2 of 2$/);

    // Sort by e-mail, both ways.
    await users.header("E-mail").getByRole("button").click();
    await expect(page).toHaveURL(/sort=email\.asc/);
    await expect(users.header("E-mail")).toHaveAttribute("aria-sort", "ascending");
    await expect(users.rows().first()).toContainText(`${prefix}-1`);
    await users.header("E-mail").getByRole("button").click();
    await expect(page).toHaveURL(/sort=email\.desc/);
    await expect(users.rows().first()).toContainText(`${prefix}-2`);

    // Page size, then the back button restores the previous view.
    await users.pageSize.selectOption("50");
    await expect(page).toHaveURL(/size=50/);
    await page.goBack();
    await expect(page).not.toHaveURL(/size=50/);
    await expect(page).toHaveURL(/sort=email\.desc/);
    await expect(users.pageSize).toHaveValue("25");

    // The Page box: not a number goes to page 1.
    await users.pageBox.fill("abc");
    await users.pageBox.press("Enter");
    await expect(users.pageBox).toHaveValue("1");

    // Deactivate one beside Delete: asked first, its session ends, the Status column says so and filters it.
    const first = users.row(`${prefix}-1`);
    await first.getByRole("checkbox").check();
    await users.bulkBar.getByRole("button", { name: "Deactivate" }).click();
    await expect(users.dialog).toContainText("They cannot sign in until reactivated");
    await users.dialog.getByRole("button", { name: "Deactivate" }).click();
    await expect(users.toast("1 account was deactivated.")).toBeVisible();
    await expect(first.getByRole("cell", { name: "Deactivated", exact: true })).toBeVisible();
    await contexts[0].page.reload();
    await expect(contexts[0].page).toHaveURL(/\/login/);
    await users.filter("Status").selectOption({ label: "Deactivated" });
    await expect(page).toHaveURL(/[?&]f_status=2/);
    await expect(users.rows()).toHaveCount(1);
    await first.getByRole("checkbox").check();
    await users.bulkBar.getByRole("button", { name: "Reactivate" }).click();
    await expect(users.toast("1 account was reactivated.")).toBeVisible();
    await expect(users.table.getByText("No records found.")).toBeVisible();
    await users.filter("Status").selectOption({ label: "All" });
    await expect(users.rows()).toHaveCount(2);
    await expect(first.getByRole("cell", { name: "Active", exact: true })).toBeVisible();

    // Select the page, cancel the delete, then delete.
    await users.selectAll.check();
    await expect(users.bulkBar).toContainText("2 selected");
    await users.bulkBar.getByRole("button", { name: "Delete" }).click();
    await expect(users.dialog).toContainText("You can't revert your action");
    await users.dialog.getByRole("button", { name: "Cancel" }).click();
    await expect(users.toast("Your record(s) still intact")).toBeVisible();
    await expect(users.rows()).toHaveCount(2);

    await users.bulkBar.getByRole("button", { name: "Delete" }).click();
    await users.dialog.getByRole("button", { name: "Yes, delete it!" }).click();
    await expect(users.toast("You successfully deleted the record(s).")).toBeVisible();
    await expect(users.table.getByText("No records found.")).toBeVisible();
    await expect(users.caption).toHaveText(/0–0 of 0$/);

    // The deleted user's session is over.
    await leaverPage.reload();
    await expect(leaverPage).toHaveURL(/\/login/);
    for (const c of contexts) await c.context.close();
  });

  test("a bad address is corrected: page below 1, past the end, an unknown size or column", async ({ page }) => {
    const users = new UsersPage(page);
    for (const q of [
      "?page=0",
      "?page=abc",
      "?page=999",
      "?size=30",
      "?sort=password_hash.asc",
      "?f_password_hash=x",
    ]) {
      await users.goto(q);
      await expect(page, q).toHaveURL(/\/user\/list$/);
    }
    await page.goto("/backend/listusers");
    await expect(page).toHaveURL(/\/user\/list$/);
  });

  test("on a phone the table scrolls inside its frame and the controls stay on screen", async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 740 });
    const users = new UsersPage(page);
    await users.goto();
    await expect(users.table).toBeVisible();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    // Other journeys add users, so the pager may sit below the fold: what matters is that no control is pushed
    // off the side of the screen.
    for (const control of [users.pageSize, users.pageBox, page.getByRole("button", { name: "Export CSV" })]) {
      await control.scrollIntoViewIfNeeded();
      await expect(control).toBeInViewport({ ratio: 1 });
      const box = await control.boundingBox();
      expect(box!.x).toBeGreaterThanOrEqual(0);
      expect(box!.x + box!.width).toBeLessThanOrEqual(375);
    }
    expect(await page.evaluate(() => window.scrollX)).toBe(0);
  });
});

test.describe("staff", () => {
  test.use({ storageState: storageStateOf("staff") });

  test("gets the 403 page, and the calls are refused", async ({ page }) => {
    await page.goto("/user/list");
    await expect(page.getByRole("heading", { name: "Oops! 403 Sorry!" })).toBeVisible();
    const res = await page.request.post("/api/v1/listuser", { data: {} });
    expect(res.status()).toBe(403);
  });
});

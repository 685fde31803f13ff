import { expect, test } from "@playwright/test";
import { ShellPage } from "./pages/shell-page";
import { ADMIN_ITEMS, FIRST_MENU, storageStateOf } from "./support/env";
import { shellTest } from "./support/fixtures";
import { reviewScreenshot } from "./support/screenshot";

/** The calendar page, which notes the month it shows in the address once it is on screen. */
const CALENDAR_URL = /\/calendar(\?month=\d{4}-\d{2})?$/;

test.describe("administrator", () => {
  test.use({ storageState: storageStateOf("admin") });

  shellTest("the header dropdown offers the administration pages and Logout", async ({ page }) => {
    const shell = new ShellPage(page);
    await shell.goto(FIRST_MENU.slug);
    await shell.openUserMenu();
    for (const name of ADMIN_ITEMS) await expect(shell.dropdownItem(name)).toBeVisible();
  });

  shellTest("the header dropdown works from the keyboard (menu button pattern)", async ({ page }) => {
    const shell = new ShellPage(page);
    await shell.goto(FIRST_MENU.slug);
    const button = shell.userMenuButton;
    const items = page.getByRole("menu", { name: "Account" }).getByRole("menuitem");
    // ArrowDown opens on the first item (its code loads on first use: a press before hydration does nothing).
    await expect(async () => {
      if (!(await items.first().isVisible())) {
        await button.focus();
        await button.press("ArrowDown");
      }
      await expect(items.first()).toBeFocused({ timeout: 2_000 });
    }).toPass({ timeout: 20_000 });
    await expect(button).toHaveAttribute("aria-expanded", "true");
    await page.keyboard.press("End");
    await expect(shell.logoutItem).toBeFocused();
    await page.keyboard.press("ArrowDown");
    await expect(items.first()).toBeFocused();
    await page.keyboard.press("Escape");
    await expect(button).toBeFocused();
    await expect(button).toHaveAttribute("aria-expanded", "false");
    // ArrowUp opens on the last item.
    await button.press("ArrowUp");
    await expect(shell.logoutItem).toBeFocused();
  });

  test("Mail Outbox in the dropdown opens the outbox list", async ({ page }) => {
    const shell = new ShellPage(page);
    await shell.goto(FIRST_MENU.slug);
    await shell.openUserMenu();
    await shell.dropdownItem("Mail Outbox").click();
    await expect(page).toHaveURL(/\/mail\/outbox$/);
    await expect(page.getByRole("heading", { level: 1, name: "Mail Outbox" })).toBeVisible();
    // The suite's portal sends through its loopback SMTP sink, so the outbox does not say mail is only kept.
    await expect(page.getByText("No mail server is configured (SMTP_URL)", { exact: false })).toHaveCount(0);
  });

  test("an unknown slug shows the 404 screen with a way home", async ({ page }) => {
    const shell = new ShellPage(page);
    await shell.goto("no-such-page-here");
    await expect(shell.notFoundText).toBeVisible();
    await page.getByRole("link", { name: "Go To Home Page" }).click();
    await expect(page).toHaveURL(new RegExp(`/${FIRST_MENU.slug}$`));
  });
});

for (const role of ["manager", "staff"] as const) {
  test.describe(role, () => {
    test.use({ storageState: storageStateOf(role) });

    // Role 2 has one of them: the compliance board of their own location.
    const own = role === "manager" ? ["Compliance"] : [];
    shellTest(`the ${role}'s header dropdown has Logout but no administration pages`, async ({ page }) => {
      const shell = new ShellPage(page);
      await shell.goto(FIRST_MENU.slug);
      await shell.openUserMenu();
      for (const name of ADMIN_ITEMS)
        if (own.includes(name)) await expect(shell.dropdownItem(name)).toBeVisible();
        else await expect(shell.dropdownItem(name)).toHaveCount(0);
    });
  });
}

test.describe("phone", () => {
  test.use({
    storageState: storageStateOf("staff"),
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
  });

  shellTest("the menu button opens the sidebar", async ({ page }) => {
    const shell = new ShellPage(page);
    await shell.goto(FIRST_MENU.slug);
    const link = page.getByRole("link", { name: "Calendar", exact: true });
    await expect(link).toBeHidden();
    await expect(async () => {
      if (!(await link.isVisible())) await shell.menuButton.click(); // a click before hydration does nothing
      await expect(link).toBeVisible({ timeout: 2_000 });
    }).toPass({ timeout: 20_000 });
    await link.click();
    await expect(page).toHaveURL(CALENDAR_URL);
  });

  shellTest("the drawer takes focus, makes the page behind it inert, and Escape closes it", async ({ page }) => {
    const shell = new ShellPage(page);
    await shell.goto(FIRST_MENU.slug);
    const close = page.getByRole("button", { name: "Close menu" });
    await expect(async () => {
      if (!(await close.isVisible())) await shell.menuButton.click(); // a click before hydration does nothing
      await expect(close).toBeFocused({ timeout: 2_000 });
    }).toPass({ timeout: 20_000 });
    await expect(shell.menuButton).toHaveAttribute("aria-expanded", "true");
    await expect(page.locator("#main-content")).toHaveJSProperty("inert", false); // inert comes from its wrapper
    expect(await page.locator("#main-content").evaluate((el) => el.closest("[inert]") !== null)).toBe(true);
    await page.keyboard.press("Escape");
    await expect(close).toBeHidden();
    await expect(shell.menuButton).toBeFocused();
    await expect(shell.menuButton).toHaveAttribute("aria-expanded", "false");
    expect(await page.locator("#main-content").evaluate((el) => el.closest("[inert]") !== null)).toBe(false);
  });
});

test.describe("sidebar", () => {
  test.use({ storageState: storageStateOf("staff") });

  shellTest(
    "at 1280 px no title is cut further than the 22/30-character rule: a long one takes a second line",
    async ({ page }) => {
      await page.setViewportSize({ width: 1280, height: 900 });
      const shell = new ShellPage(page);
      await shell.goto(FIRST_MENU.slug);
      const nav = page.getByRole("navigation", { name: "Main menu" });
      // Open every sub-menu (its toggle says 'Show sub-menus of ...').
      await expect(async () => {
        for (const toggle of await nav.getByRole("button", { name: /^Show sub-menus of/ }).all()) await toggle.click();
        await expect(nav.getByRole("button", { name: /^Show sub-menus of/ })).toHaveCount(0, { timeout: 1_000 });
      }).toPass({ timeout: 20_000 });
      const sub = nav.getByRole("link", { name: "Service Bulletins and Technical Updates" });
      await expect(sub).toBeVisible();
      const clipped = await nav.evaluate((el) =>
        [...el.querySelectorAll<HTMLElement>(".nav-row > span:not([class])")]
          .filter((s) => s.scrollWidth > s.clientWidth + 1 || s.scrollHeight > s.clientHeight + 1)
          .map((s) => s.textContent),
      );
      expect(clipped).toEqual([]);
      // The sub-menu's title is shown to its 30th character, whole words and all.
      await expect(sub).toContainText("Service Bulletins and Technica");
      await reviewScreenshot(page, "test-results/sidebar-1280.png");
    },
  );

  shellTest(
    "marks the current page and moves between pages in the app, with the icons from the sprite",
    async ({ page }) => {
      const shell = new ShellPage(page);
      const sprite = page.waitForResponse((r) => new URL(r.url()).pathname === "/icons.svg");
      await shell.goto(FIRST_MENU.slug);
      expect((await sprite).status()).toBe(200);
      await expect(shell.sidebarLink(FIRST_MENU.title)).toHaveAttribute("aria-current", "page");
      const calendar = page
        .getByRole("navigation", { name: "Main menu" })
        .getByRole("link", { name: "Calendar", exact: true });
      await expect(calendar).not.toHaveAttribute("aria-current");
      await shell.openUserMenu(); // retries until the page is hydrated
      await page.keyboard.press("Escape");
      // A navigation inside the app keeps the document (a full load would drop this marker).
      await page.evaluate(() => ((window as unknown as { __samePage: boolean }).__samePage = true));
      await calendar.click();
      await expect(page).toHaveURL(CALENDAR_URL);
      expect(await page.evaluate(() => (window as unknown as { __samePage?: boolean }).__samePage)).toBe(true);
      await expect(calendar).toHaveAttribute("aria-current", "page");
      await expect(shell.sidebarLink(FIRST_MENU.title)).not.toHaveAttribute("aria-current");
      // The portal's name leads home (the first menu), in the app as well.
      await page.getByRole("banner").getByRole("link", { name: "Staff Portal" }).click();
      await expect(page).toHaveURL(new RegExp(`/${FIRST_MENU.slug}$`));
      expect(await page.evaluate(() => (window as unknown as { __samePage?: boolean }).__samePage)).toBe(true);
    },
  );

  shellTest("a page reloads when the server reports another build, and only once for it", async ({ page }) => {
    const shell = new ShellPage(page);
    await shell.goto(FIRST_MENU.slug);
    await shell.openUserMenu(); // retries until the page is hydrated
    await page.keyboard.press("Escape");
    await page.evaluate(() => ((window as unknown as { __samePage: boolean }).__samePage = true));
    // The same build: nothing happens.
    const same = page.waitForResponse((r) => new URL(r.url()).pathname === "/api/health");
    await page.evaluate(() => window.dispatchEvent(new Event("focus")));
    expect((await same).status()).toBe(200);
    await page.waitForTimeout(300);
    expect(await page.evaluate(() => (window as unknown as { __samePage?: boolean }).__samePage)).toBe(true);
    // A new build (a deploy): the page reloads, as a document.
    await page.route("**/api/health", (route) => route.fulfill({ json: { status: "ok", build: "a-newer-build" } }));
    await page.clock.install(); // the check waits 10 s between two asks
    await page.clock.fastForward(11_000);
    await Promise.all([page.waitForEvent("load"), page.evaluate(() => window.dispatchEvent(new Event("focus")))]);
    expect(await page.evaluate(() => (window as unknown as { __samePage?: boolean }).__samePage)).toBeUndefined();
    await expect(shell.sidebarLink(FIRST_MENU.title)).toHaveAttribute("aria-current", "page");
    // The server still reports that build (this page was rendered by the old one): no reload loop.
    await shell.openUserMenu();
    await page.keyboard.press("Escape");
    await page.evaluate(() => ((window as unknown as { __samePage: boolean }).__samePage = true));
    await page.clock.fastForward(11_000);
    const again = page.waitForResponse((r) => new URL(r.url()).pathname === "/api/health");
    await page.evaluate(() => window.dispatchEvent(new Event("focus")));
    await again;
    await page.waitForTimeout(300);
    expect(await page.evaluate(() => (window as unknown as { __samePage?: boolean }).__samePage)).toBe(true);
  });

  shellTest("a slow navigation shows the progress bar until the new page is on screen", async ({ page }) => {
    const shell = new ShellPage(page);
    await shell.goto(FIRST_MENU.slug);
    await shell.openUserMenu(); // retries until the page is hydrated
    await page.keyboard.press("Escape");
    // Hold the calendar page's server answer back for a moment, as a busy server would.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/calendar(\?|$)/, async (route) => {
      await held;
      await route.continue();
    });
    const progress = page.getByRole("progressbar", { name: "Loading page" });
    await expect(progress).toHaveCount(0);
    await page
      .getByRole("navigation", { name: "Main menu" })
      .getByRole("link", { name: "Calendar", exact: true })
      .click();
    await expect(progress).toBeVisible();
    await expect(page).not.toHaveURL(CALENDAR_URL);
    release();
    await expect(page).toHaveURL(CALENDAR_URL);
    await expect(progress).toHaveCount(0);
  });

  shellTest(
    "sub-menus open and close from their toggle, by mouse and keyboard, and open when a page inside them becomes current",
    async ({ page }) => {
      const shell = new ShellPage(page);
      await shell.goto(FIRST_MENU.slug);
      const nav = page.getByRole("navigation", { name: "Main menu" });
      const show = nav.getByRole("button", { name: "Show sub-menus of Service Department Resources and Training" });
      const sub = nav.getByRole("link", { name: "Warranty Policies" });
      // The row shows the title cut at 22 characters; its tooltip names the link in full.
      await expect(
        nav.getByRole("link", { name: "Service Department Resources and Training", exact: true }),
      ).toContainText("Service Department Res…");
      await expect(show).toHaveAttribute("aria-expanded", "false");
      await expect(sub).toBeHidden();
      await shell.openUserMenu(); // retries until the page is hydrated
      await page.keyboard.press("Escape");

      await show.click();
      const hide = nav.getByRole("button", { name: "Hide sub-menus of Service Department Resources and Training" });
      await expect(hide).toHaveAttribute("aria-expanded", "true");
      await expect(sub).toBeVisible();
      await hide.focus();
      await page.keyboard.press("Enter");
      await expect(show).toHaveAttribute("aria-expanded", "false");
      await expect(sub).toBeHidden();
      await page.keyboard.press("Space");
      await expect(sub).toBeVisible();

      // Into a sub-menu's page: marked current, its menu open; leaving it leaves the menu as it was.
      await sub.click();
      await expect(page).toHaveURL(/\/warranty-policies$/);
      await expect(sub).toHaveAttribute("aria-current", "page");
      await expect(shell.sidebarLink(FIRST_MENU.title)).not.toHaveAttribute("aria-current");
      await page.reload();
      await expect(hide).toHaveAttribute("aria-expanded", "true");
      await expect(sub).toHaveAttribute("aria-current", "page");
    },
  );
});

test.describe("sidebar tree", () => {
  test.use({ storageState: storageStateOf("staff") });
  const SUB_MENU = "Warranty Policies"; // in Service Department's list, which is sent closed (no rows)

  shellTest(
    "hydrates without errors; a closed sub-menu gets its rows when opened, and they navigate in the app",
    async ({ page }) => {
      const errors: string[] = [];
      page.on("console", (m) => {
        if (m.type() === "error") errors.push(m.text());
      });
      page.on("pageerror", (e) => errors.push(e.message));
      const shell = new ShellPage(page);
      await shell.goto(FIRST_MENU.slug);
      await shell.openUserMenu(); // retries until the page is hydrated
      expect(errors, "no hydration or other errors").toEqual([]);

      const nav = page.getByRole("navigation", { name: "Main menu" });
      await expect(nav.getByRole("link", { name: SUB_MENU })).toHaveCount(0);
      await nav.getByRole("button", { name: "Show sub-menus of Service Department Resources and Training" }).click();
      const sub = nav.getByRole("link", { name: SUB_MENU });
      await expect(sub).toBeVisible();
      await page.evaluate(() => ((window as unknown as { stayed: boolean }).stayed = true));
      await sub.click();
      await expect(sub).toHaveAttribute("aria-current", "page");
      expect(await page.evaluate(() => (window as unknown as { stayed?: boolean }).stayed)).toBe(true); // no full page load
      expect(errors).toEqual([]);
    },
  );

  shellTest("prefetches a sidebar page when the user shows intent, not every link on load", async ({ page }) => {
    const prefetched: string[] = [];
    page.on("request", (r) => {
      if (r.headers()["next-router-prefetch"]) prefetched.push(new URL(r.url()).pathname);
    });
    const shell = new ShellPage(page);
    await shell.goto(FIRST_MENU.slug);
    await shell.openUserMenu(); // retries until the page is hydrated
    await page.keyboard.press("Escape");
    await page.waitForLoadState("networkidle");
    expect(prefetched, "nothing is prefetched before intent").toEqual([]);
    const calendar = page
      .getByRole("navigation", { name: "Main menu" })
      .getByRole("link", { name: "Calendar", exact: true });
    const asked = page.waitForRequest(
      (r) => !!r.headers()["next-router-prefetch"] && new URL(r.url()).pathname === "/calendar",
    );
    await calendar.hover();
    await asked;
    await calendar.focus();
    await page.waitForLoadState("networkidle");
    expect(prefetched.filter((p) => p === "/calendar")).toHaveLength(1); // once per link
  });
});

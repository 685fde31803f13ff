import { expect, test } from "@playwright/test";

/** A 1x1 PNG and a tiny PDF, as the dropzone would send them. */
const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==",
  "base64",
);
const PDF = Buffer.from("%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n");
import { ContentPage } from "./pages/content-page";
import { storageStateOf } from "./support/env";

const unique = (label: string) => `${label} ${Date.now().toString(36)}${Math.random().toString(36).slice(2, 5)}`;

test.describe("administrator", () => {
  test.use({ storageState: storageStateOf("admin") });

  test("adds, edits, pins, finds, opens and deletes a discussion post", async ({ page }) => {
    test.slow(); // a long journey: eleven steps, each a save or a navigation
    const content = new ContentPage(page);
    const title = unique("Service bay opening");
    await content.goto("company-news");
    await page.getByRole("link", { name: "Add New Post" }).click();
    await expect(page).toHaveURL(/\/company-news\/discussion\/add$/);

    // A failed save keeps the form and shows the message under the field.
    await content.button("Save").click();
    await expect(page.getByText("Title Required")).toBeVisible();

    // Save And Continue clears the form and stays.
    await content.titleField.fill(`${title} draft`);
    await content.descriptionField.fill("Details at https://example.com/bay");
    await content.button("Save And Continue").click();
    await expect(content.toast("Post Added successfully")).toBeVisible();
    await expect(content.titleField).toHaveValue("");
    await expect(page).toHaveURL(/\/discussion\/add$/);

    // Save returns to the page.
    await content.titleField.fill(title);
    await content.descriptionField.fill("Opening Monday. Map: https://example.com/map");
    await content.button("Save").click();
    await expect(page).toHaveURL(/\/company-news$/);
    await expect(content.heading(title)).toBeVisible();
    await expect(content.item(title).getByRole("link", { name: "https://example.com/map" })).toHaveAttribute(
      "target",
      "_blank",
    );

    // Edit: 'Update Post'.
    await page.getByRole("link", { name: `Edit ${title}`, exact: true }).click();
    await expect(content.titleField).toHaveValue(title);
    await content.descriptionField.fill("Opening Tuesday instead.");
    await content.button("Update Post").click();
    await expect(page).toHaveURL(/\/company-news$/);
    await expect(content.item(title)).toContainText("Opening Tuesday instead.");

    // Pin (with confirmation) puts it first.
    await content.confirmItemAction(`${title} draft`, "Pin", "yes");
    await expect(content.toast("Discussion Pin successfully")).toBeVisible();
    await expect(page.getByRole("list", { name: "Discussions" }).getByRole("heading").first()).toHaveText(
      `${title} draft`,
    );
    await expect(content.item(`${title} draft`).getByRole("img", { name: "Pinned" })).toBeVisible();
    await expect(page.getByRole("button", { name: `Unpin ${title} draft`, exact: true })).toHaveAttribute(
      "aria-pressed",
      "true",
    );

    // Search is in the URL; Back returns to the list.
    await content.searchFor("Tuesday instead");
    await expect(page).toHaveURL(/[?&]q=Tuesday\+instead/);
    await expect(content.heading(title)).toBeVisible();
    await expect(content.heading(`${title} draft`)).toHaveCount(0);
    // A new sort applies at once and keeps the search.
    await content.sort.selectOption("oldest");
    await expect(page).toHaveURL(/[?&]q=Tuesday\+instead&sort=oldest$/);
    await expect(content.sort).toHaveValue("oldest");
    await expect(content.search).toHaveValue("Tuesday instead");
    await expect(content.heading(title)).toBeVisible();
    await page.goBack();
    await expect(page).toHaveURL(/[?&]q=Tuesday\+instead$/);
    await page.goBack();
    await expect(content.heading(`${title} draft`)).toBeVisible();

    // Post detail by its shareable URL, and Back, both in the app (a full load would drop this marker).
    await page.evaluate(() => ((window as unknown as { __samePage: boolean }).__samePage = true));
    await page.getByRole("link", { name: title, exact: true }).click();
    await expect(page).toHaveURL(/\/company-news\/post\/\d+$/);
    await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
    await page.getByRole("link", { name: "Back" }).click();
    await expect(page).toHaveURL(/\/company-news$/);
    expect(await page.evaluate(() => (window as unknown as { __samePage?: boolean }).__samePage)).toBe(true);

    // Delete: cancelling keeps it, confirming removes it.
    await content.confirmItemAction(title, "Delete", "no");
    await expect(content.toast("Your record still intact")).toBeVisible();
    await expect(content.heading(title)).toBeVisible();
    await content.confirmItemAction(title, "Delete", "yes");
    await expect(content.toast("Discussion Delete successfully")).toBeVisible();
    await expect(content.heading(title)).toHaveCount(0);
  });

  test("uploads files with a post: images open in the gallery, other files through a signed URL", async ({ page }) => {
    const content = new ContentPage(page);
    const title = unique("Workshop photos");
    await page.goto("/company-news/discussion/add");
    await content.titleField.fill(title);
    await page.locator("input[type=file]").setInputFiles([
      { name: "Bay layout.png", mimeType: "image/png", buffer: PNG },
      { name: "Safety checklist.pdf", mimeType: "application/pdf", buffer: PDF },
    ]);
    // Exact: once the upload finishes, the live region also says "Safety checklist.pdf uploaded."
    await expect(page.getByText("Safety checklist.pdf", { exact: true })).toBeVisible();
    await expect(content.button("Save")).toBeEnabled();
    await content.button("Save").click();
    await expect(page).toHaveURL(/\/company-news$/);
    const item = content.item(title);
    await item.getByRole("button", { name: "Open Bay layout.png" }).click();
    const gallery = page.getByRole("dialog", { name: /Bay layout\.png/ });
    await expect(gallery.getByRole("img", { name: "Bay layout.png" })).toBeVisible();
    await expect(gallery.getByRole("img", { name: "Bay layout.png" })).toHaveJSProperty("naturalWidth", 1);
    await gallery.getByRole("button", { name: "Close" }).click();
    const download = page.waitForEvent("download");
    await item.getByRole("button", { name: "Open Safety checklist.pdf" }).click();
    expect((await download).suggestedFilename()).toBe("Safety checklist.pdf");
    await expect(page).toHaveURL(/\/company-news$/);
  });

  test("puts up a banner, makes it inactive, and deletes it", async ({ page }) => {
    await page.goto("/warranty-policies");
    const banner = page.getByRole("region", { name: "Banner" });
    // Without a banner, a compact 'Add banner' opens the upload area (retried: a click before hydration does nothing).
    await expect(async () => {
      await banner
        .getByRole("button", { name: "Add banner" })
        .or(banner.getByRole("button", { name: "Close banner upload" }))
        .click({ timeout: 2000 });
      await expect(banner.getByText("Drop files here or click to upload")).toBeVisible({ timeout: 2000 });
    }).toPass({ timeout: 20_000 });
    await banner
      .locator("input[type=file]")
      .setInputFiles([{ name: "Warranty banner.png", mimeType: "image/png", buffer: PNG }]);
    const image = page.getByRole("img", { name: "Warranty Policies banner" });
    await expect(image).toBeVisible();
    await page.reload(); // served with the page now, tools included
    await expect(image).toBeVisible();
    // In place in the document, not a part React sends late and reveals after a spinner.
    const doc = await (await page.request.get("/warranty-policies")).text();
    expect(doc).not.toMatch(/<template id="B:\d+">/);
    expect(doc.indexOf('alt="Warranty Policies banner"')).toBeGreaterThan(doc.indexOf("<main"));
    expect(doc.indexOf('alt="Warranty Policies banner"')).toBeLessThan(doc.indexOf("</main>"));
    await page.getByRole("button", { name: "Hide banner (make inactive)" }).click();
    await page.getByRole("dialog").getByRole("button", { name: "Yes Change it!" }).click();
    await expect(page.getByRole("button", { name: "Show banner (make active)" })).toBeVisible();
    await page.getByRole("button", { name: "Delete banner" }).click();
    await page.getByRole("dialog").getByRole("button", { name: "Yes Delete it!" }).click();
    await expect(image).toHaveCount(0);
    await expect(banner.getByRole("button", { name: "Add banner" })).toBeVisible();
  });

  test("markup in a title is shown as text and runs nothing", async ({ page }) => {
    const content = new ContentPage(page);
    page.on("dialog", (d) => {
      throw new Error(`unexpected dialog: ${d.message()}`);
    });
    const title = `<img src=x onerror=alert(1)> ${unique("Markup")}`;
    await page.goto("/company-news/discussion/add");
    await content.titleField.fill(title);
    await content.descriptionField.fill(`<script>alert(2)</script> see www.example.com`);
    await content.button("Save").click();
    await expect(content.heading(title)).toBeVisible();
    await expect(content.item(title)).toContainText("<script>alert(2)</script>");
    await expect(content.item(title).getByRole("link", { name: "www.example.com" })).toHaveAttribute(
      "href",
      "https://www.example.com",
    );
    // The post detail shows the same text the same way.
    await content.item(title).getByRole("link", { name: title, exact: true }).click();
    await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
    await expect(page.getByText("<script>alert(2)</script> see")).toBeVisible();
    await expect(page.getByRole("main").getByRole("link", { name: "www.example.com" })).toHaveAttribute(
      "href",
      "https://www.example.com",
    );
  });

  test("adds a link attachment; the grid/list toggle and invalid links", async ({ page }) => {
    const content = new ContentPage(page);
    const title = unique("Parts catalogue");
    await content.goto("documents");
    await page.getByRole("link", { name: "Add New Attachment" }).click();
    await content.titleField.fill(title);
    await page.getByRole("radio", { name: "Link" }).check();
    await page.getByRole("textbox", { name: "Link" }).fill("javascript:alert(1)");
    await content.button("Save").click();
    await expect(page.getByText("The link field is not a valid URL.")).toBeVisible();
    await page.getByRole("textbox", { name: "Link" }).fill("https://parts.example.com/catalogue");
    await content.button("Save").click();
    await expect(page).toHaveURL(/\/documents$/);
    // The grid shows the whole title, wrapped, never cut: on a phone too its end stays on screen.
    await expect(page.getByRole("link", { name: `Visit Now: ${title}` })).toHaveAttribute(
      "href",
      "https://parts.example.com/catalogue",
    );
    const heading = page.getByRole("heading", { name: title, exact: true });
    await expect(heading).toHaveText(title);
    await page.setViewportSize({ width: 390, height: 800 });
    await heading.scrollIntoViewIfNeeded();
    const box = await heading.boundingBox();
    expect(box!.x + box!.width).toBeLessThanOrEqual(390);
    await page.setViewportSize({ width: 1280, height: 720 });
    await expect(page.getByRole("link", { name: "Grid view" })).toHaveAttribute("aria-current", "true");
    await page.getByRole("link", { name: "List view" }).click();
    await expect(page).toHaveURL(/view=list/);
    await expect(content.heading(title)).toBeVisible();
  });

  test("adds, edits and deletes a save-the-date entry", async ({ page }) => {
    const content = new ContentPage(page);
    const title = unique("Open house");
    await content.goto("company-news", "?tab=save-the-date");
    await page.getByRole("link", { name: "Add New Date" }).click();
    await expect(page.getByText("Created By:")).toBeVisible();
    await content.titleField.fill(title);
    // One date input (the browser's own); an empty one is refused with the old portal's message.
    await expect(page.locator('input[type="date"]')).toHaveCount(1);
    await content.button("Save").click();
    await expect(page.getByText("Date Required", { exact: true })).toBeVisible();
    await page.getByLabel("Date", { exact: true }).fill("2026-07-04");
    await content.button("Save").click();
    await expect(page).toHaveURL(/\/company-news\?tab=save-the-date$/);
    const item = content.item(title);
    await expect(item).toContainText("04");
    await expect(item).toContainText("July");
    await page.getByRole("link", { name: `Edit ${title}`, exact: true }).click();
    await expect(page.getByText("Updated By:")).toBeVisible();
    await expect(page.getByLabel("Date", { exact: true })).toHaveValue("2026-07-04");
    await content.button("Update").click();
    await content.confirmItemAction(title, "Delete", "yes");
    await expect(content.toast("Deleted")).toBeVisible();
    await expect(content.heading(title)).toHaveCount(0);
  });

  test("bad page, sort and tab values go to the canonical URL", async ({ page }) => {
    // The page streams behind its loading state, so the redirect may arrive after the first response.
    const visit = async (url: string) => {
      await page.goto(url).catch((err: Error) => {
        if (!/ERR_ABORTED|interrupted/.test(err.message)) throw err;
      });
    };
    await visit("/company-news?page=0&sort=popular");
    await expect(page).toHaveURL(/\/company-news$/);
    await visit("/company-news?page=999");
    // Wait for the redirect itself (the address it came from must not count), so it cannot land later.
    await expect(page).toHaveURL(/\/company-news(\?page=(?!999$)\d+)?$/);
    await visit("/documents?tab=discussion");
    await expect(page).toHaveURL(/\/documents$/);
    await visit("/company-news?tab=save-the-date&sort=a-z");
    await expect(page).toHaveURL(/\/company-news\?tab=save-the-date$/);
  });
});

test.describe("staff", () => {
  test.use({ storageState: storageStateOf("staff") });

  test("reads the page without admin controls; admin forms answer 403", async ({ page }) => {
    const content = new ContentPage(page);
    await content.goto("company-news");
    await expect(content.tab("Discussion")).toHaveAttribute("aria-current", "page");
    await expect(content.tab("Save the Date")).toBeVisible();
    await expect(page.getByRole("link", { name: "Add New Post" })).toHaveCount(0);
    await expect(page.getByRole("button", { name: /^(Pin|Delete) / })).toHaveCount(0);
    for (const path of [
      "/company-news/discussion/add",
      "/documents/attachment/add",
      "/company-news/event/add",
      "/company-news/discussion/edit/1",
    ]) {
      await page.goto(path);
      await expect(page.getByText("Oops! 403 Sorry!")).toBeVisible();
    }
  });

  test("a page's sub-pages are a carousel above the tabs; one opens in the app, under its parent", async ({ page }) => {
    const content = new ContentPage(page);
    await content.goto("service-department");
    const subPages = page.getByRole("navigation", { name: "Sub-pages" });
    await expect(subPages.getByRole("link")).toHaveText(["Service Bulletins and Technica...", "Warranty Policies"]);
    await expect(subPages.getByRole("link").first()).toHaveAttribute(
      "title",
      "Service Bulletins and Technical Updates",
    );
    await expect(async () => {
      // A click before hydration loads the page as a document; after it, the app navigates. Both land.
      await subPages.getByRole("link", { name: "Warranty Policies" }).click();
      await expect(page).toHaveURL(/\/warranty-policies$/, { timeout: 3_000 });
    }).toPass({ timeout: 20_000 });
    await expect(page.getByRole("heading", { level: 1, name: "Warranty Policies" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Service Department Resources and Training" }).first()).toBeVisible();
  });

  test("unknown pages and posts answer 404", async ({ page }) => {
    await page.goto("/no-such-menu-page");
    await expect(page.getByText("The page you are looking for does not exist.")).toBeVisible();
    await page.goto("/company-news/post/999999");
    await expect(page.getByText("The page you are looking for does not exist.")).toBeVisible();
  });
});

test.describe("administrator far from the server's time zone", () => {
  test.use({ storageState: storageStateOf("admin"), timezoneId: "Pacific/Kiritimati" }); // UTC+14

  test("a post's date and time are shown in the viewer's time zone", async ({ page }) => {
    const content = new ContentPage(page);
    const title = unique("Time zone check");
    await page.goto("/company-news/discussion/add");
    await content.titleField.fill(title);
    await content.button("Save").click();
    await expect(content.heading(title)).toBeVisible();
    const times = content.item(title).locator("time");
    await expect(times).toHaveCount(2);
    const expected = await times.first().evaluate((t) => {
      const d = new Date(t.getAttribute("datetime") ?? "");
      // The browser's own English month name, independent of the portal's list (lib/content/basics.ts).
      const month = d.toLocaleString("en-US", { month: "long" });
      const hour = d.getHours() % 12 || 12;
      return {
        long: `${d.getDate()} ${month}, ${d.getFullYear()}`,
        time: `${String(hour).padStart(2, "0")}:${String(d.getMinutes()).padStart(2, "0")} ${d.getHours() < 12 ? "AM" : "PM"}`,
      };
    });
    await expect(times.first()).toHaveText(expected.long);
    await expect(times.nth(1)).toHaveText(expected.time);
    // Clean up.
    await content.confirmItemAction(title, "Delete", "yes");
    await expect(content.heading(title)).toHaveCount(0);
  });
});

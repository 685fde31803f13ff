import { expect, test } from "@playwright/test";
import { ColorOptionPages, MenuEditorPage } from "./pages/backoffice-page";
import { CalendarPage } from "./pages/calendar-page";
import { ShellPage } from "./pages/shell-page";
import { storageStateOf } from "./support/env";
import { reviewScreenshot } from "./support/screenshot";
import { pickUpWithKeyboard } from "./support/keyboard-sort";

// Long journeys of many page loads: the shared machines serve them slowly.
test.describe.configure({ timeout: 150_000 });

/** Names unique to this run, so reruns and the other journeys never meet them. */
const tag = () => Date.now().toString(36) + Math.random().toString(36).slice(2, 5);

test.describe("administrator", () => {
  test.use({ storageState: storageStateOf("admin") });

  test("creates a calendar key (Save And Continue, then Save) and sees it in the calendar legend; a deactivated key leaves it", async ({
    page,
  }) => {
    const keys = new ColorOptionPages(page, "/key", "Key Name");
    const name = `Key ${tag()}`;
    await keys.gotoAdd();
    await expect(page.getByRole("heading", { name: "Add Calendar Key" })).toBeVisible();
    await expect(keys.colourField).toHaveValue("#444444");
    // An empty name is refused with the old portal's message and nothing is sent.
    await keys.button("Save").click();
    await expect(page.getByText("The Key Name is Required.")).toBeVisible();

    await keys.nameField.fill(`${name} first`);
    await keys.button("Save And Continue").click();
    await expect(keys.nameField).toHaveValue(""); // stays, emptied
    await keys.nameField.fill(name);
    await keys.colourField.fill("#1f7a3d");
    await keys.button("Save").click();
    await expect(page).toHaveURL(/\/key\/list$/);
    await keys.filter().fill(name);
    await keys.filter().press("Enter");
    await expect(keys.row(name)).toContainText("#1f7a3d");
    await expect(keys.statusSwitch(name)).toHaveAttribute("aria-checked", "true");

    const calendar = new CalendarPage(page);
    await calendar.goto();
    const legend = page.getByRole("group", { name: /Calendar keys/ });
    await expect(legend.getByRole("button", { name, exact: true })).toBeVisible();

    // Edit keeps the form filled; Back returns to the list. Then deactivate: the legend drops it.
    await keys.gotoList();
    await keys.filter().fill(name);
    await keys.filter().press("Enter");
    await keys
      .row(name)
      .getByRole("link", { name: `Edit ${name}` })
      .click();
    await expect(page.getByRole("heading", { name: "Edit Calendar Key" })).toBeVisible();
    await expect(keys.nameField).toHaveValue(name);
    await expect(keys.button("Save And Continue")).toHaveCount(0);
    await page.getByRole("link", { name: "Back" }).click();
    await expect(page).toHaveURL(/\/key\/list/);
    await keys.statusSwitch(name).click();
    await expect(keys.statusSwitch(name)).toHaveAttribute("aria-checked", "false");
    await calendar.goto();
    await expect(legend.getByRole("button", { name, exact: true })).toHaveCount(0);
  });

  test("creates an attachment group and toggles it inactive and back", async ({ page }) => {
    const groups = new ColorOptionPages(page, "/attachment-group", "Name");
    const name = `Group ${tag()}`;
    await groups.gotoList();
    await page.getByRole("link", { name: "Add", exact: true }).click();
    await expect(page.getByRole("heading", { name: "Add Attachment Group" })).toBeVisible();
    await groups.button("Save").click();
    await expect(page.getByText("The Name is Required.")).toBeVisible();
    await groups.nameField.fill(name);
    await groups.button("Save").click();
    await expect(page).toHaveURL(/\/attachment-group\/list$/);
    await groups.filter().fill(name);
    await groups.filter().press("Enter");
    await expect(groups.statusSwitch(name)).toHaveAttribute("aria-checked", "true");
    await groups.statusSwitch(name).click();
    await expect(groups.statusSwitch(name)).toHaveAttribute("aria-checked", "false");
    await expect(groups.row(name)).toContainText("Inactive");
    await groups.statusSwitch(name).click();
    await expect(groups.statusSwitch(name)).toHaveAttribute("aria-checked", "true");
  });

  test("refuses a second group or key of the same name (any case); the failed save keeps what was typed", async ({
    page,
  }) => {
    for (const [base, label, what] of [
      ["/attachment-group", "Name", "An attachment group"],
      ["/key", "Key Name", "A calendar key"],
    ] as const) {
      const screens = new ColorOptionPages(page, base, label);
      const name = `Twin ${tag()}`;
      await screens.gotoAdd();
      await expect(screens.nameField).toHaveAttribute("aria-required", "true");
      await screens.nameField.fill(name);
      await screens.button("Save").click();
      await expect(page).toHaveURL(new RegExp(`${base}/list$`));
      await screens.gotoAdd();
      await screens.nameField.fill(name.toUpperCase());
      await screens.colourField.fill("#aa3300");
      await screens.button("Save").click();
      await expect(page.getByText(`${what} named '${name.toUpperCase()}' already exists.`).first()).toBeVisible();
      await expect(page).toHaveURL(new RegExp(`${base}/add$`));
      await expect(screens.nameField).toHaveValue(name.toUpperCase());
      await expect(screens.nameField).toHaveAttribute("aria-invalid", "true");
      await expect(screens.colourField).toHaveValue("#aa3300");
    }
  });

  test("a save that cannot reach the server says so and keeps what was typed; online again, it saves", async ({
    page,
    context,
  }) => {
    const keys = new ColorOptionPages(page, "/key", "Key Name");
    const name = `Offline ${tag()}`;
    await keys.gotoAdd();
    await keys.nameField.fill(name);
    await keys.colourField.fill("#225588");
    await context.setOffline(true);
    await keys.button("Save").click();
    await expect(page.getByText("Remote server can not be reachable").first()).toBeVisible();
    await expect(page).toHaveURL(/\/key\/add$/);
    await expect(keys.nameField).toHaveValue(name);
    await expect(keys.colourField).toHaveValue("#225588");
    await expect(keys.button("Save")).toBeEnabled();
    await context.setOffline(false);
    await keys.button("Save").click();
    await expect(page).toHaveURL(/\/key\/list$/);
  });

  test("every list keeps its row actions in view at 1280 px (the action column stays; the others scroll)", async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    for (const [path, column] of [
      ["/key/list", "Action"],
      ["/attachment-group/list", "Action"],
      ["/user/list", "Action"],
      ["/roreversal/list", "Action"],
      ["/techtime/list", "Action"],
      ["/continuous/improvement/suggestions/list", "Actions"],
      ["/form/email/manager/list", "Actions"],
    ] as const) {
      await page.goto(path);
      const table = page.getByRole("table").first();
      await expect(table, path).toBeVisible();
      const header = table.getByRole("columnheader").last();
      await expect(header, path).toContainText(new RegExp(column, "i"));
      const box = await header.boundingBox();
      expect(box, path).not.toBeNull();
      expect(box!.x + box!.width, `${path}: the action column ends inside the window`).toBeLessThanOrEqual(1280);
      expect(box!.x, `${path}: the action column starts inside the window`).toBeGreaterThanOrEqual(0);
      if (path.startsWith("/techtime")) await reviewScreenshot(page, "test-results/tech-time-list-1280.png");
    }
  });

  test("creates, renames, reorders (keyboard) and deletes a menu; the sidebar follows; the old slug redirects", async ({
    page,
  }) => {
    const editor = new MenuEditorPage(page);
    const shell = new ShellPage(page);
    const name = `Bulletin ${tag()}`;
    await editor.goto();
    await expect(page.getByRole("heading", { name: "Edit Menu", level: 1 })).toBeVisible();

    // Add: the old portal's messages first.
    await editor.addMain.click();
    const form = page.getByRole("form", { name: "Add menu" });
    await form.getByRole("button", { name: "Save" }).click();
    await expect(form.getByText("The Menu Name Field Is Required.")).toBeVisible();
    await form.getByRole("textbox", { name: "Menu Name" }).fill(name);
    await form.getByRole("textbox", { name: "URL" }).fill("www.example.com");
    // Typing a URL hides the page types.
    await expect(form.getByRole("checkbox", { name: "Discussion" })).toHaveCount(0);
    await form.getByRole("button", { name: "Save" }).click();
    await expect(form.getByText("The URL field is not a valid URL.")).toBeVisible();
    await form.getByRole("textbox", { name: "URL" }).fill("");
    await form.getByRole("checkbox", { name: "Discussion" }).check();
    await expect(form.getByRole("textbox", { name: "URL" })).toHaveCount(0);
    // Calendar excludes Discussion and Attachment; Allow In Attachment only with Attachment.
    await form.getByRole("checkbox", { name: "Calendar" }).check();
    await expect(form.getByRole("checkbox", { name: "Discussion" })).not.toBeChecked();
    await form.getByRole("checkbox", { name: "Attachment" }).check();
    await expect(form.getByRole("checkbox", { name: "Calendar" })).not.toBeChecked();
    await expect(form.getByRole("checkbox", { name: "Document" })).toBeVisible();
    await form.getByRole("button", { name: "Choose icon" }).click();
    await page.getByRole("dialog").getByRole("radio", { name: "star" }).click();
    await form.getByRole("button", { name: "Save" }).click();
    await expect(editor.item(name)).toBeVisible();
    const slug = name.toLowerCase().replace(/ /g, "-");

    // The sidebar shows it on the next navigation, at the end of the main menus.
    await page.goto(`/${slug}`);
    await expect(shell.sidebarLink(name)).toBeVisible();

    // Rename: the page moves, the old address redirects.
    await editor.goto();
    await editor.editButton(name).click();
    const edit = page.getByRole("form", { name: "Edit menu" });
    await edit.getByRole("textbox", { name: "Menu Name" }).fill(`${name} News`);
    await edit.getByRole("button", { name: "Update" }).click();
    await expect(edit).toHaveCount(0);
    const renamed = `${name} News`;
    await page.goto(`/${slug}`);
    await expect(page).toHaveURL(new RegExp(`/${slug}-news$`));
    await expect(page.getByRole("heading", { name: renamed, level: 1 })).toBeVisible();

    // Reorder with the keyboard: one place up (the last seeded menu moves below it).
    await editor.goto();
    const count = await editor.count();
    await expect(editor.at(count - 1)).toContainText(renamed.slice(0, 16));
    // Each key waits for the step before: the handle picked up, the move announced.
    await pickUpWithKeyboard(page, editor.handle(renamed));
    await page.keyboard.press("ArrowUp");
    await expect(
      page.getByRole("status").filter({ hasText: new RegExp(` is at position ${count - 1} of `) }),
    ).toBeAttached();
    await page.keyboard.press("Space");
    await expect(page.getByText("Menu Position Changed Successfully")).toBeVisible();
    await expect(editor.at(count - 2)).toContainText(renamed.slice(0, 16));
    await page.reload();
    await expect(editor.at(count - 2)).toContainText(renamed.slice(0, 16));
    const sidebar = page.getByRole("navigation").getByRole("link");
    const titles = await sidebar.allInnerTexts();
    const mine = titles.findIndex((t) => t.includes(renamed.slice(0, 16)));
    expect(mine).toBeGreaterThan(0);
    expect(titles.slice(mine + 1).some((t) => t.includes("Dealer Website"))).toBe(true);

    // Delete: the old portal's question; the sidebar loses it.
    await editor.deleteButton(renamed).click();
    await expect(editor.dialog.getByText("Are you sure?")).toBeVisible();
    await expect(editor.dialog.getByText("You won't be able to revert this!")).toBeVisible();
    await editor.dialog.getByRole("button", { name: "Yes, delete it!" }).click();
    await expect(editor.item(renamed)).toHaveCount(0);
    await page.goto("/company-news");
    await expect(shell.sidebarLink(renamed)).toHaveCount(0);
  });

  test("a menu that still holds a post asks where it goes and moves it", async ({ page }) => {
    const editor = new MenuEditorPage(page);
    const name = `Holder ${tag()}`;
    await editor.goto();
    await editor.addMain.click();
    const form = page.getByRole("form", { name: "Add menu" });
    await form.getByRole("textbox", { name: "Menu Name" }).fill(name);
    await form.getByRole("checkbox", { name: "Discussion" }).check();
    await form.getByRole("button", { name: "Save" }).click();
    await expect(editor.item(name)).toBeVisible();
    const slug = name.toLowerCase().replace(/ /g, "-");

    await page.goto(`/${slug}/discussion/add`);
    await page.getByRole("textbox", { name: "Title" }).fill(`${name} post`);
    await page.getByRole("button", { name: "Save", exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`/${slug}$`));

    await editor.goto();
    await editor.deleteButton(name).click();
    await editor.dialog.getByRole("button", { name: "Yes, delete it!" }).click();
    const question = page.getByRole("dialog").filter({ hasText: "This menu still holds 1 post." });
    await expect(question).toBeVisible();
    await question.getByLabel("Menu to move the content to").selectOption({ label: "Company News" });
    await question.getByRole("button", { name: "Delete menu" }).click();
    await expect(editor.item(name)).toHaveCount(0);
    await page.goto("/company-news");
    await expect(page.getByRole("link", { name: `${name} post`, exact: true })).toBeVisible();
  });
});

for (const role of ["manager", "staff"] as const) {
  test.describe(role, () => {
    test.use({ storageState: storageStateOf(role) });

    test("gets the 403 page on every back-office screen", async ({ page }) => {
      for (const path of [
        "/menu/add-edit-menu",
        "/menu/company-news",
        "/key/list",
        "/key/add",
        "/key/edit/1",
        "/attachment-group/list",
        "/attachment-group/add",
        "/attachment-group/edit/1",
      ]) {
        await page.goto(path);
        await expect(page.getByText("Oops! 403 Sorry!"), path).toBeVisible();
      }
    });

    test("is refused by the back-office calls", async ({ page }) => {
      await page.goto("/company-news");
      const call = (name: string, method: string, body?: unknown) =>
        page.evaluate(
          async ([n, m, b]) =>
            (
              await fetch(`/api/v1/${n}`, {
                method: m as string,
                headers: { "content-type": "application/json" },
                body: b === undefined ? undefined : JSON.stringify(b),
              })
            ).status,
          [name, method, body] as const,
        );
      expect(await call("add_edit_menu", "POST", { menu_title: "Nope" })).toBe(403);
      expect(await call("change_menu_position", "POST", { menu_data: [1] })).toBe(403);
      expect(await call("delete_menu", "DELETE", { id: 1 })).toBe(403);
      expect(await call("get_icons", "GET")).toBe(403);
      expect(await call("savemeetingkey", "POST", { key_name: "Nope" })).toBe(403);
      expect(await call("changemeetingstatus", "POST", { id: 1 })).toBe(403);
      expect(await call("savegroup", "POST", { group_title: "Nope" })).toBe(403);
      expect(await call("changeattachmentstatus", "POST", { id: 1 })).toBe(403);
    });
  });
}

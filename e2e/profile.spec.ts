import { expect, test } from "@playwright/test";
import { LoginPage } from "./pages/login-page";
import { ProfilePage } from "./pages/profile-page";
import { UsersPage } from "./pages/users-page";
import { BASE_URL, FIRST_MENU, PASSWORD, storageStateOf } from "./support/env";
import { newSsoUsername, signInAtSso } from "./support/fixtures";
import { pickUpWithKeyboard } from "./support/keyboard-sort";

const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==",
  "base64",
);

test.describe("administrator", () => {
  test.use({ storageState: storageStateOf("admin") });

  test("edits a user's role and permissions; that user's session ends", async ({ page, browser }) => {
    test.slow(); // an SSO sign-in, then the whole edit
    // Someone who signed in once through the SSO (a staff account), still signed in elsewhere.
    const prefix = `edith${Date.now().toString(36)}`;
    const context = await browser.newContext({ storageState: { cookies: [], origins: [] } });
    const theirs = await context.newPage();
    const login = new LoginPage(theirs);
    await login.goto();
    await login.ssoButton.click();
    await signInAtSso(theirs, newSsoUsername(prefix));
    await expect(theirs).toHaveURL(new RegExp(`/${FIRST_MENU.slug}$`));

    const users = new UsersPage(page);
    await users.goto();
    await users.filterBy("Name", prefix);
    await expect(users.rows()).toHaveCount(1);
    await users.rows().first().getByRole("link", { name: /Edit/ }).click();
    await expect(page.getByRole("heading", { name: "Edit User" })).toBeVisible();

    // Role is required: 'Select Role' is refused on the spot.
    await page.getByLabel("Role").selectOption("");
    await page.getByRole("button", { name: "Update" }).click();
    await expect(page.getByText("Role is Required")).toBeVisible();
    // A bad phone gets the old portal's message.
    await page.getByLabel("Phone").fill("12345");
    await page
      .getByLabel("Role")
      .selectOption({ label: "Calendar Manager: approves staff requests, manages the calendar" });
    await page.getByRole("button", { name: "Update" }).click();
    await expect(page.getByText("Phone Number Must Be Of Minimum 10 Digits.")).toBeVisible();

    await page.getByLabel("Phone").fill("5551234567");
    await page.getByRole("checkbox", { name: "Access Form Email Manager" }).check();
    await page.getByRole("button", { name: "Update" }).click();
    await expect(page.getByText("User Updated Successfully")).toBeVisible();
    await expect(page).toHaveURL(/\/user\/list/);
    await users.filterBy("Name", prefix);
    await expect(users.rows().first()).toContainText("Calendar Manager");
    await expect(users.rows().first()).toContainText("5551234567");

    // Their session carried the old rights: it is over.
    await theirs.reload();
    await expect(theirs).toHaveURL(/\/login/);
    await context.close();
  });

  test("sends an e-mail notification to the selected users; it is in the outbox", async ({ page }) => {
    const users = new UsersPage(page);
    await users.goto("?f_email=staff%40example.com");
    await expect(users.rows()).toHaveCount(1);
    await users.selectAll.check();
    await page.getByRole("button", { name: "E-mail selected" }).click();
    const dialog = page.getByRole("dialog", { name: "Send e-mail notification" });
    await expect(dialog).toContainText("To 1 selected user(s)");
    await dialog.getByRole("button", { name: "Send" }).click();
    await expect(dialog.getByText("Subject Is Required")).toBeVisible();
    await expect(dialog.getByText("Email Message Is Required")).toBeVisible();
    const subject = `Uniform fitting ${Date.now().toString(36)}`;
    await dialog.getByLabel("Subject").fill(subject);
    await dialog.getByLabel("Message").fill("Fittings are on Friday.");
    await dialog.getByRole("button", { name: "Send" }).click();
    await expect(page.getByText("Email Notification Sent Successfully")).toBeVisible();
    await expect(dialog).toBeHidden();
    await page.goto("/mail/outbox");
    // The subject opens the mail, its body as text.
    await page.getByRole("link", { name: subject }).click();
    await expect(page.getByRole("heading", { level: 1, name: subject })).toBeVisible();
    await expect(page.getByRole("region", { name: "Message" })).toContainText("Fittings are on Friday.");
  });

  test("the sendemail call takes the old portal's form data with the attachment as a file", async ({ page }) => {
    const subject = `Policy ${Date.now().toString(36)}`;
    const res = await page.request.post("/api/v1/sendemail", {
      // What the portal's own pages send (the cross-site check wants both).
      headers: { origin: BASE_URL, "x-requested-with": "XMLHttpRequest" },
      multipart: {
        subject,
        message: "The new policy is attached.",
        filters: JSON.stringify({ email: "staff@example.com" }),
        send_email: "1",
        attachment: { name: "policy.txt", mimeType: "text/plain", buffer: Buffer.from("Policy text\n") },
      },
    });
    expect(res.status()).toBe(200);
    expect(await res.json()).toMatchObject({ message: "Email Notification Sent Successfully", content: { queued: 1 } });
    await page.goto("/mail/outbox");
    await expect(page.getByText(subject)).toBeVisible();
  });

  test("one's own id goes to the profile; an unknown id is the 404; the aliases redirect", async ({ page }) => {
    const me = (await (await page.request.get("/api/v1/getuserdata")).json()) as {
      content: { user_obj: { id: number } };
    };
    await page.goto(`/updateusers/${me.content.user_obj.id}`);
    await expect(page).toHaveURL(/\/changeprofile$/);
    await page.goto("/updateusers/99999999");
    await expect(page.getByText("The page you are looking for does not exist.")).toBeVisible();
    await page.goto("/backend/changeprofile");
    await expect(page).toHaveURL(/\/changeprofile$/);
    await page.goto("/backend/hrdragview");
    await expect(page).toHaveURL(/\/hrdragview$/);
  });

  test("reorders the HR list with the keyboard; the order is saved", async ({ page }) => {
    await page.goto("/hrdragview");
    const cards = page.getByRole("group", { name: "HR list" }).getByRole("button");
    const first = (await cards.nth(0).getAttribute("aria-label"))!.replace(/, position \d+$/, "");
    const second = (await cards.nth(1).getAttribute("aria-label"))!.replace(/, position \d+$/, "");
    // Each key waits for the step before: the card picked up, the move announced.
    await pickUpWithKeyboard(page, cards.nth(0));
    await page.keyboard.press("ArrowRight");
    await expect(page.getByRole("status").filter({ hasText: / moved to position 2 of / })).toBeAttached();
    await page.keyboard.press("Space");
    await expect(page.getByText("The HR list order was saved.")).toBeVisible();
    await page.reload();
    const names = (
      await page
        .getByRole("group", { name: "HR list" })
        .getByRole("button")
        .evaluateAll((els) => els.map((e) => e.getAttribute("aria-label") ?? ""))
    ).map((n) => n.replace(/, position \d+$/, ""));
    expect(names.indexOf(second)).toBeLessThan(names.indexOf(first));
  });
});

test.describe("staff", () => {
  test.use({ storageState: storageStateOf("staff") });

  test("changes their profile and photo; the header shows the photo", async ({ page }) => {
    const profile = new ProfilePage(page);
    await profile.goto();
    await expect(profile.heading).toBeVisible();
    // Personal data is read-only: no inputs for it.
    await expect(page.getByRole("textbox", { name: "First Name" })).toHaveCount(0);
    await expect(page.getByText("staff@example.com").first()).toBeVisible();

    const post = `Service Advisor ${Date.now().toString(36)}`;
    await profile.field("Post").fill(post);
    await profile.photoInput.setInputFiles({ name: "me.png", mimeType: "image/png", buffer: PNG });
    await expect(profile.saveButton).toBeEnabled();
    await profile.saveButton.click();
    await expect(page.getByText("Profile Changed Successfully")).toBeVisible();
    await expect(page.getByRole("banner").locator("img.avatar")).toBeVisible();
    await page.reload();
    await expect(profile.field("Post")).toHaveValue(post);
  });

  test("location, department and role are shown read-only; the profile call refuses another location", async ({
    page,
  }) => {
    const profile = new ProfilePage(page);
    await profile.goto();
    await expect(profile.heading).toBeVisible();
    for (const label of ["Location", "Department", "Role"]) {
      await expect(profile.readOnlyField(label)).toBeVisible();
      await expect(page.getByRole("combobox", { name: label })).toHaveCount(0);
    }
    await expect(profile.readOnlyField("Role")).toContainText("Staff");
    const me = (await (await page.request.get("/api/v1/getuserdata")).json()) as {
      content: { user_obj: { location_id: number | null } };
    };
    const res = await page.request.post("/api/v1/changeprofile", {
      headers: { origin: BASE_URL },
      data: { location_id: (me.content.user_obj.location_id ?? 0) + 1 },
    });
    expect(res.status()).toBe(422);
    expect((await res.json()).message).toBe(
      "Your location is changed by an administrator (Edit User), not on your profile.",
    );
  });

  test("asks before leaving the profile with unsaved changes; Stay keeps what was typed", async ({ page }) => {
    const profile = new ProfilePage(page);
    await profile.goto();
    await profile.field("Post").fill("Half typed");
    await page.getByRole("link", { name: FIRST_MENU.title, exact: true }).first().click();
    const leave = page.getByRole("dialog", { name: "Leave this page?" });
    await expect(leave).toBeVisible();
    await leave.getByRole("button", { name: "Stay" }).click();
    await expect(page).toHaveURL(/\/changeprofile$/);
    await expect(profile.field("Post")).toHaveValue("Half typed");
    await page.getByRole("link", { name: FIRST_MENU.title, exact: true }).first().click();
    await leave.getByRole("button", { name: "Leave" }).click();
    await expect(page).toHaveURL(new RegExp(`/${FIRST_MENU.slug}$`));
  });

  test("a .gif photo is refused before upload", async ({ page }) => {
    const profile = new ProfilePage(page);
    await profile.goto();
    await profile.photoInput.setInputFiles({ name: "me.gif", mimeType: "image/gif", buffer: Buffer.from("GIF89a") });
    await expect(page.getByText("me.gif: Invalid File Type").first()).toBeVisible();
  });

  test("Change Password: the old portal's messages, and a wrong old password is refused by the server", async ({
    page,
  }) => {
    const profile = new ProfilePage(page);
    await profile.goto();
    await profile.changePassword({ old: PASSWORD, next: "12345", confirm: "12345" });
    await expect(profile.passwordDialog.getByText("New Password Length Longer Than 6")).toBeVisible();
    await profile.passwordDialog.getByLabel("New Password").fill("abcdef");
    await profile.passwordDialog.getByLabel("Confirm Password").fill("abcdeg");
    await profile.passwordDialog.getByRole("button", { name: "Change Password" }).click();
    await expect(profile.passwordDialog.getByText("Password Does Not Match")).toBeVisible();
    await profile.passwordDialog.getByLabel("Old Password").fill("not-my-password");
    await profile.passwordDialog.getByLabel("Confirm Password").fill("abcdef");
    await profile.passwordDialog.getByRole("button", { name: "Change Password" }).click();
    await expect(profile.passwordDialog.getByRole("alert")).toContainText("The old password is not correct.");
    // (A successful change ends the user's other sessions, which the other journeys share: tested on the API.)
  });

  test("is refused the Edit User and HR screens and their calls", async ({ page }) => {
    for (const path of ["/updateusers/1", "/hrdragview"]) {
      await page.goto(path);
      await expect(page.getByRole("heading", { name: "Oops! 403 Sorry!" })).toBeVisible();
    }
    expect((await page.request.get("/api/v1/gethrimages")).status()).toBe(403);
    expect((await page.request.post("/api/v1/sendemail", { data: { subject: "x", message: "y" } })).status()).toBe(403);
  });
});

import { expect, test } from "@playwright/test";
import { storageStateOf } from "./support/env";
import { submitRoReversal } from "./support/requests";
import { expectNoAxeViolations } from "./support/axe";
import { reviewScreenshot } from "./support/screenshot";

/**
 * Staff requests that close the loop (docs/features/requests.md): the staff user submits, opening the record's link
 * changes nothing (GET-safe), the administrator denies it on the record page (a reason required), and the
 * staff user sees the decision in 'My requests' and the header's count.
 */
test("a request is decided on its record page and shows in the requester's My requests", async ({ browser }) => {
  const staff = await browser.newContext({ storageState: storageStateOf("staff") });
  const admin = await browser.newContext({ storageState: storageStateOf("admin") });
  const name = `Loop ${Date.now().toString(36)}`;

  const staffPage = await staff.newPage();
  await staffPage.goto("/roreversal/add");
  const locations = await staffPage.request.get("/api/v1/getdepartmentlocationswohtml?department_id=5");
  const locationId = (await locations.json()).content.locations[0].id;
  const id = await submitRoReversal(staff, { name, location: locationId, ra: "RA-9" });

  const adminPage = await admin.newPage();
  // Opening the mail's link twice (a scanner's prefetch) changes nothing.
  await adminPage.goto(`/roreversal/view/${id}`);
  await adminPage.reload();
  await expect(adminPage.getByRole("heading", { name: "Status" })).toBeVisible();
  await expect(adminPage.getByText("Submitted", { exact: true }).first()).toBeVisible();
  for (const width of [1280, 375]) {
    await adminPage.setViewportSize({ width, height: 900 });
    await expectNoAxeViolations(adminPage, `record page with decision panel at ${width}px`);
    await reviewScreenshot(adminPage, `test-results/request-panel-${width}.png`, { fullPage: true });
  }
  await adminPage.setViewportSize({ width: 1280, height: 900 });
  // Deny without a reason: refused with the message, nothing changes.
  await adminPage.getByRole("button", { name: "Deny" }).click();
  await expect(
    adminPage.getByRole("alert").filter({ hasText: "A reason is required to deny a request." }),
  ).toBeVisible();
  await adminPage.getByLabel("Comment").fill("Not a labour error");
  await adminPage.getByRole("button", { name: "Deny" }).click();
  await expect(adminPage.getByText("Submitted → Denied")).toBeVisible();
  await expect(adminPage.getByRole("button", { name: "Approve" })).toHaveCount(0);

  // The requester: the header counts the change, My requests shows it with its timeline; no Edit any more.
  await staffPage.goto(`/roreversal/view/${id}`);
  // The reason stands above the timeline, with who gave it.
  await expect(staffPage.getByText("Reason given by Alex Admin:")).toBeVisible();
  await expect(staffPage.getByText("Not a labour error").first()).toBeVisible();
  await expect(staffPage.getByRole("link", { name: "Edit" })).toHaveCount(0);
  // An in-app move to My requests (the layout is kept) clears the header's count; the change is marked there.
  await staffPage.getByRole("link", { name: /My requests.*changed since you last looked/ }).click();
  await expect(staffPage.getByRole("heading", { level: 1, name: "My requests" })).toBeVisible();
  await expect(staffPage.getByRole("link", { name: "My requests", exact: true })).toBeVisible();
  const marked = staffPage.getByRole("listitem").filter({ hasText: name });
  await expect(marked.getByText("Changed since you last looked")).toBeVisible();
  await staffPage.goto("/my/requests?form=ro_reversal&status=denied");
  const item = staffPage.getByRole("listitem").filter({ hasText: name });
  await expect(item).toContainText("Denied");
  // Seen: no longer marked. The reason is on the row, not only in the timeline.
  await expect(item.getByText("Changed since you last looked")).toHaveCount(0);
  await expect(item.getByText("Reason: Not a labour error")).toBeVisible();
  await item.getByText("Timeline").click();
  await expect(item.getByText("Not a labour error")).toHaveCount(2);
  for (const width of [1280, 375]) {
    await staffPage.setViewportSize({ width, height: 900 });
    await reviewScreenshot(staffPage, `test-results/my-requests-${width}.png`, { fullPage: true });
  }
  await staff.close();
  await admin.close();
});

test.describe("administrator", () => {
  test.use({ storageState: storageStateOf("admin") });

  test("sets the forms' deadlines and picks a mapping's Approvers from the user list", async ({ page }) => {
    await page.goto("/requests/deadlines");
    await expect(page.getByRole("heading", { level: 1, name: "Request deadlines" })).toBeVisible();
    const ro = page.getByRole("spinbutton", { name: "RO Reversal Request (working days)" });
    await ro.fill("61");
    await page.getByRole("button", { name: "Save" }).click();
    await expect(page.getByText("At most 60 working days.").first()).toBeVisible();
    await ro.fill("0");
    await page.getByRole("button", { name: "Save" }).click();
    await expect(page.getByText("Deadlines saved.").first()).toBeVisible();
    for (const width of [1280, 375]) {
      await page.setViewportSize({ width, height: 900 });
      await reviewScreenshot(page, `test-results/deadlines-${width}.png`, { fullPage: true });
    }
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto("/form/email/manager/add");
    const approvers = page.getByRole("group", { name: "Approvers" });
    await expect(approvers).toBeVisible();
    await expect(approvers.getByRole("checkbox", { name: "Morgan Manager (Calendar Manager)" })).toBeVisible();
    await expect(approvers.getByRole("checkbox", { name: /Sam Staff/ })).toHaveCount(0);
    // The picker narrows as one types, and keeps what is ticked in view.
    await approvers.getByRole("checkbox", { name: "Morgan Manager (Calendar Manager)" }).check();
    await approvers.getByRole("searchbox", { name: "Search Approvers" }).fill("alex");
    await expect(approvers.getByRole("checkbox", { name: "Alex Admin (Administrator)" })).toBeVisible();
    await expect(approvers.getByRole("checkbox", { name: "Morgan Manager (Calendar Manager)" })).toBeChecked();
    await expect(approvers.getByText("1 selected")).toBeVisible();
    await expect(
      page.getByLabel("Form", { exact: true }).getByRole("option", { name: "Tech Time", exact: true }),
    ).toHaveCount(1);
    for (const width of [1280, 375]) {
      await page.setViewportSize({ width, height: 900 });
      await expectNoAxeViolations(page, `mapping form with Approvers at ${width}px`);
      await reviewScreenshot(page, `test-results/mapping-approvers-${width}.png`, { fullPage: true });
    }
  });
});

test("an administrator approves a selection from the RO reversal list: asked first, a refusal named and kept selected", async ({
  browser,
}) => {
  const staff = await browser.newContext({ storageState: storageStateOf("staff") });
  const admin = await browser.newContext({ storageState: storageStateOf("admin") });
  const name = `Bulk ${Date.now().toString(36)}`;
  const staffPage = await staff.newPage();
  await staffPage.goto("/roreversal/add");
  const locations = await staffPage.request.get("/api/v1/getdepartmentlocationswohtml?department_id=5");
  const locationId = (await locations.json()).content.locations[0].id;
  const submit = (as: typeof staff, ra: string) => submitRoReversal(as, { name, location: locationId, ra });
  await submit(staff, "RA-1");
  await submit(staff, "RA-2");
  // The administrator's own request: nobody decides their own.
  const own = await submit(admin, "RA-3");
  const page = await admin.newPage();
  await page.goto(`/roreversal/list?f_employee_name=${name}`);
  for (const ra of ["RA-1", "RA-2", "RA-3"]) await page.getByRole("checkbox", { name: `Select ${name} ${ra}` }).check();
  await page.getByRole("textbox", { name: "Comment for the selected requests" }).fill("Checked with payroll");
  await page.getByRole("button", { name: "Approve 3" }).click();
  const dialog = page.getByRole("dialog", { name: "Approve 3 requests?" });
  await expect(dialog).toBeVisible();
  await dialog.getByRole("button", { name: "Approve 3" }).click();
  await expect(page.getByText("2 approved, 1 not decided.").first()).toBeVisible();
  await expect(page.getByRole("status").filter({ hasText: "Not decided:" })).toContainText(`#${own}: your own request`);
  await expect(page.getByRole("row").filter({ hasText: name }).filter({ hasText: "Approved" })).toHaveCount(2);
  // What was left undecided stays selected; the rest left the selection.
  await expect(page.getByRole("checkbox", { name: `Select ${name} RA-3` })).toBeChecked();
  await expect(page.getByRole("checkbox", { name: `Select ${name} RA-1` })).not.toBeChecked();
  await expect(page.getByText("1 selected")).toBeVisible();
  await staff.close();
  await admin.close();
});

/**
 * An approver decides (docs/features/requests.md), never edits, another person's request: their record page has no Edit
 * and the edit page is the 403 screen. Its requester edits it while open, at its own location only (the
 * form offers no other); an administrator may edit it (and move it).
 */
test("an approver's record page has no Edit for another person's request; its requester's has", async ({ browser }) => {
  const staff = await browser.newContext({ storageState: storageStateOf("staff") });
  const manager = await browser.newContext({ storageState: storageStateOf("manager") });
  const admin = await browser.newContext({ storageState: storageStateOf("admin") });
  const name = `Scope ${Date.now().toString(36)}`;
  const staffPage = await staff.newPage();
  await staffPage.goto("/roreversal/add");
  const locations = await staffPage.request.get("/api/v1/getdepartmentlocationswohtml?department_id=5");
  const [first] = (await locations.json()).content.locations as { id: number; name: string }[];
  const id = await submitRoReversal(staff, { name, location: first.id, ra: "RA-43" });

  const managerPage = await manager.newPage();
  await managerPage.goto(`/roreversal/view/${id}`);
  await expect(managerPage.getByRole("heading", { level: 1, name: "RO Reversal Request" })).toBeVisible();
  await expect(managerPage.getByText(name).first()).toBeVisible();
  await expect(managerPage.getByRole("link", { name: "Edit", exact: true })).toHaveCount(0);
  await managerPage.goto(`/roreversal/edit/${id}`);
  await expect(managerPage.getByText("Oops! 403 Sorry!")).toBeVisible();

  await staffPage.goto(`/roreversal/view/${id}`);
  await staffPage.getByRole("link", { name: "Edit", exact: true }).click();
  await expect(staffPage.getByRole("heading", { level: 1, name: "Edit RO Reversal Request" })).toBeVisible();
  const location = staffPage.getByRole("combobox", { name: "Location" });
  await expect(location).toHaveValue(String(first.id));
  // The request stays where it was filed: its own location is the only one offered.
  await expect(location.getByRole("option")).toHaveText(["Select Location", first.name]);

  const adminPage = await admin.newPage();
  await adminPage.goto(`/roreversal/view/${id}`);
  await expect(adminPage.getByRole("link", { name: "Edit", exact: true })).toBeVisible();
  await staff.close();
  await manager.close();
  await admin.close();
});

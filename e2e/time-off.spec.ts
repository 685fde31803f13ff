import fs from "node:fs";
import { expect, test, type Page } from "@playwright/test";
import { JSON_HEADERS, storageStateOf } from "./support/env";
import { expectNoAxeViolations } from "./support/axe";
import { reviewScreenshot } from "./support/screenshot";

/**
 * On a phone (390 px), the fifth staff form (docs/features/staff-forms.md), registered once, works end to end. The
 * staff user submits a time-off request; the manager, its approver at that location (the form email
 * manager's mapping), approves it on its record page; the staff user sees it approved in My requests;
 * the manager finds it in the portal search (staff search no staff forms) and exports it from its list.
 */
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 900 };

async function look(page: Page, screen: string, name: string) {
  for (const size of [DESKTOP, PHONE]) {
    await page.setViewportSize(size);
    await expectNoAxeViolations(page, `${screen} at ${size.width}px`);
    await reviewScreenshot(page, `test-results/time-off-${name}-${size.width}.png`, { fullPage: true });
  }
}

test("a time-off request: submitted on a phone, approved by its approver, in My requests, search and the export", async ({
  browser,
}) => {
  test.slow();
  const staff = await browser.newContext({ storageState: storageStateOf("staff"), viewport: PHONE });
  const manager = await browser.newContext({ storageState: storageStateOf("manager"), viewport: PHONE });
  const admin = await browser.newContext({ storageState: storageStateOf("admin") });
  const word = `snorkel${Date.now().toString(36)}`;

  // The administrator maps the form at a location with the manager as its approver.
  const managerId = (await (await manager.request.get("/api/v1/getuserdata")).json()).content.user_obj.id as number;
  const locations = await admin.request.get("/api/v1/getdepartmentlocationswohtml?department_id=5");
  const location = (await locations.json()).content.locations[0] as { id: number; name: string };
  const mapped = await admin.request.post("/api/v1/form/mapper/add/update", {
    headers: JSON_HEADERS,
    data: { form_id: 5, location: String(location.id), to_email: "hr@example.com", approvers: String(managerId) },
  });
  // A retry finds the mapping its first attempt made.
  const mappedText = await mapped.text();
  expect(mapped.ok() || mappedText.includes("already mapped"), mappedText).toBeTruthy();

  // The staff user submits on the phone: the rules' messages first, then the request.
  const staffPage = await staff.newPage();
  await staffPage.goto("/timeoff/add");
  await expect(staffPage.getByRole("heading", { level: 1, name: "Time-off Request" })).toBeVisible();
  await expect(staffPage.locator("form").getByText("Sam Staff")).toBeVisible();
  await staffPage.getByLabel("Date From").fill("2026-12-21");
  await staffPage.getByLabel("Date To").fill("2026-12-24");
  await staffPage.getByLabel("Half Day").check();
  await staffPage.getByLabel("Location").selectOption(String(location.id));
  await staffPage.getByRole("button", { name: "Save", exact: true }).click();
  await expect(staffPage.getByText("A half day can only be requested for a single day")).toBeVisible();
  await look(staffPage, "time-off form with a message", "form");
  await staffPage.getByLabel("Half Day").uncheck();
  await staffPage.getByLabel("Type").selectOption("Vacation");
  await staffPage.getByLabel("Note").fill(`Family visit, ${word}`);
  await staffPage.getByRole("button", { name: "Save", exact: true }).click();
  await expect(staffPage.getByText("Time-off Request Added Successfully")).toBeVisible();
  const listed = await staffPage.request.post("/api/v1/time-off-request/list", {
    headers: JSON_HEADERS,
    data: { filters: { note: word } },
  });
  const [{ id }] = (await listed.json()).content.row as { id: number }[];

  // Its approver approves on the record page (phone width).
  const managerPage = await manager.newPage();
  await managerPage.goto(`/timeoff/view/${id}`);
  await expect(managerPage.getByText(`Family visit, ${word}`)).toBeVisible();
  await look(managerPage, "time-off record page with its decisions", "record");
  await managerPage.setViewportSize(PHONE);
  await managerPage.getByRole("button", { name: "Approve" }).click();
  await expect(managerPage.getByText("Submitted → Approved")).toBeVisible();

  // The requester sees it approved in My requests.
  await staffPage.goto("/my/requests?form=time_off");
  const item = staffPage.getByRole("listitem").filter({ hasText: "Time-off Request" }).first();
  await expect(item).toContainText("Approved");
  await look(staffPage, "My requests with the time-off request", "my-requests");

  // The manager finds it in the search, and exports the list.
  await managerPage.setViewportSize(PHONE);
  await managerPage.goto(`/search?q=${word}`);
  await expect(managerPage.locator(`a[href="/timeoff/view/${id}"]`).first()).toBeVisible();
  await managerPage.goto("/timeoff/list");
  await expect(managerPage.getByRole("heading", { level: 1, name: "Time-off Requests" })).toBeVisible();
  await look(managerPage, "time-off list", "list");
  await managerPage.setViewportSize(PHONE);
  const download = managerPage.waitForEvent("download");
  await managerPage.getByRole("button", { name: "Export CSV" }).click();
  const text = fs.readFileSync((await (await download).path())!, "utf8");
  expect(text).toContain(`Family visit, ${word}`);
  expect(text).toContain("Employee Name,Employee E-mail,Date From,Date To,Half Day,Type,Note,Location");

  await staff.close();
  await manager.close();
  await admin.close();
});

import { expect, test, type Page } from "@playwright/test";
import { BASE_URL, storageStateOf } from "./support/env";
import { expectNoAxeViolations } from "./support/axe";

/**
 * The approvals inbox as a store manager lives it: requests at their location wait in /approvals (the header
 * counts them), oldest due first; they approve one at 1280 px and deny another with its reason on a phone, each
 * from its row; staff are refused the inbox.
 */
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 900 };
const json = { origin: BASE_URL, "content-type": "application/json" };

async function look(page: Page, name: string) {
  for (const size of [DESKTOP, PHONE]) {
    await page.setViewportSize(size);
    await expectNoAxeViolations(page, `approvals inbox at ${size.width}px`);
    await page.screenshot({ path: `test-results/approvals-${name}-${size.width}.png`, fullPage: true });
  }
}

test("a manager decides from the inbox: one approved at 1280 px, one denied with a reason on a phone", async ({
  browser,
}) => {
  test.slow();
  const staff = await browser.newContext({ storageState: storageStateOf("staff") });
  const manager = await browser.newContext({ storageState: storageStateOf("manager"), viewport: DESKTOP });
  const admin = await browser.newContext({ storageState: storageStateOf("admin") });
  const tag = Date.now().toString(36);

  // The administrator maps RO reversals at Valley Trucks with the manager as their approver.
  const managerId = (await (await manager.request.get("/api/v1/getuserdata")).json()).content.user_obj.id as number;
  const locations = (await (await admin.request.get("/api/v1/getdepartmentlocationswohtml?department_id=5")).json())
    .content.locations as { id: number; name: string }[];
  const valley = locations.find((l) => l.name === "Valley Trucks")!;
  const mapped = await admin.request.post("/api/v1/form/mapper/add/update", {
    headers: json,
    data: { form_id: 1, location: String(valley.id), to_email: "valley@example.com", approvers: String(managerId) },
  });
  const mappedText = await mapped.text();
  expect(mapped.ok() || mappedText.includes("already mapped"), mappedText).toBeTruthy();

  // Staff submit three requests there.
  const names = ["Approve", "Deny", "Keep"].map((what) => `${what} ${tag}`);
  for (const name of names) {
    const res = await staff.request.post("/api/v1/ro-reversal-request/add/update", {
      headers: json,
      data: {
        empolyee_name: name,
        date_of_request: "11/20/2026",
        full_ra: `RA-${tag}`,
        date_ra_was_originally_closed: "2026-11-01",
        pay_type: "Customer Pay",
        location: valley.id,
        reason: "Wrong labour line",
      },
    });
    expect(res.ok(), await res.text()).toBeTruthy();
  }

  const page = await manager.newPage();
  await page.goto("/approvals?form=ro_reversal");
  await expect(page.getByRole("heading", { level: 1, name: "Waiting for me" })).toBeVisible();
  await expect(page.getByRole("link", { name: /^Waiting for me: \d+ requests? to decide$/ })).toBeVisible();
  const row = (name: string) => page.getByRole("listitem").filter({ hasText: name });
  for (const name of names) await expect(row(name)).toContainText("Valley Trucks");
  await expect(row(names[0])).toContainText("Sam Staff");
  await look(page, "list");

  // At 1280 px: approve the first from its row; it leaves the inbox.
  await page.setViewportSize(DESKTOP);
  await row(names[0]).getByText("Decide").click();
  await row(names[0]).getByRole("button", { name: "Approve" }).click();
  await expect(row(names[0])).toHaveCount(0);

  // On a phone: deny the second; without a reason it is refused and stays.
  await page.setViewportSize(PHONE);
  await row(names[1]).getByText("Decide").click();
  await row(names[1]).getByRole("button", { name: "Deny" }).click();
  await expect(row(names[1]).getByText("A reason is required to deny a request.")).toBeVisible();
  await row(names[1]).getByLabel("Comment").fill("Already reversed");
  await row(names[1]).getByRole("button", { name: "Deny" }).click();
  await expect(row(names[1])).toHaveCount(0);
  await expect(row(names[2])).toBeVisible();

  // The phone menu names the inbox.
  await page.getByRole("button", { name: /menu/i }).first().click();
  await expect(page.getByRole("link", { name: "Waiting for me", exact: true })).toBeVisible();

  // Staff decide nothing: the inbox is the 403 page for them.
  const staffPage = await staff.newPage();
  const refused = await staffPage.goto("/approvals");
  expect(refused?.status()).toBe(403);
  await expect(staffPage.getByRole("link", { name: /Waiting for me/ })).toHaveCount(0);
  await Promise.all([staff.close(), manager.close(), admin.close()]);
});

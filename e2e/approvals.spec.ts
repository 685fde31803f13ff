import { expect, test, type Page } from "@playwright/test";
import { JSON_HEADERS, storageStateOf } from "./support/env";
import { mapRoReversalsToManager, submitRoReversal } from "./support/requests";
import { expectNoAxeViolations } from "./support/axe";
import { reviewScreenshot } from "./support/screenshot";

/**
 * The approvals inbox as a store manager lives it: requests at their location wait in /approvals (the header
 * counts them), oldest due first; they approve one at 1280 px and deny another with its reason on a phone, each
 * from its row, then approve two in bulk while an administrator decided one of them first (named, not decided);
 * staff are refused the inbox.
 */
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 900 };

async function look(page: Page, name: string) {
  for (const size of [DESKTOP, PHONE]) {
    await page.setViewportSize(size);
    await expectNoAxeViolations(page, `approvals inbox at ${size.width}px`);
    await reviewScreenshot(page, `test-results/approvals-${name}-${size.width}.png`, { fullPage: true });
  }
}

test("a manager decides from the inbox: one approved at 1280 px, one denied on a phone, two in bulk with a refusal named", async ({
  browser,
}) => {
  test.slow();
  const staff = await browser.newContext({ storageState: storageStateOf("staff") });
  const manager = await browser.newContext({ storageState: storageStateOf("manager"), viewport: DESKTOP });
  const admin = await browser.newContext({ storageState: storageStateOf("admin") });
  const tag = Date.now().toString(36);

  // The administrator maps RO reversals at Valley Trucks with the manager as their approver; staff submit four
  // requests there.
  const valley = await mapRoReversalsToManager(admin, manager);
  const names = ["Approve", "Deny", "Bulk", "Race"].map((what) => `${what} ${tag}`);
  const ids: number[] = [];
  for (const name of names) ids.push(await submitRoReversal(staff, { name, location: valley, ra: `RA-${tag}` }));

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

  // In bulk: the last two selected, then an administrator approves one of them first; asked, then the bulk
  // approval decides the other and names the one it could not.
  await page.setViewportSize(DESKTOP);
  await row(names[2]).getByRole("checkbox").check();
  await row(names[3]).getByRole("checkbox").check();
  const raced = await admin.request.post("/api/v1/request/decide", {
    headers: JSON_HEADERS,
    data: { form: "ro_reversal", id: ids[3], decision: "approve" },
  });
  expect(raced.ok(), await raced.text()).toBeTruthy();
  const bar = page.getByRole("region", { name: "Bulk actions" });
  await expect(bar).toContainText("2 selected");
  await bar.getByRole("button", { name: "Approve 2" }).click();
  await page.getByRole("dialog", { name: "Approve 2 requests?" }).getByRole("button", { name: "Approve 2" }).click();
  await expect(page.getByText("1 approved, 1 not decided.").first()).toBeVisible();
  await expect(page.getByRole("status").filter({ hasText: "Not decided:" })).toContainText(
    `#${ids[3]}: Alex Admin already changed this request to Approved`,
  );
  await expect(row(names[2])).toHaveCount(0);
  await reviewScreenshot(page, "test-results/approvals-after-bulk-1280.png", { fullPage: true });

  // The phone menu names the inbox.
  await page.getByRole("button", { name: /menu/i }).first().click();
  await expect(page.getByRole("list", { name: "Forms" }).getByRole("link", { name: "Waiting for me" })).toBeVisible();

  // Staff decide nothing: the inbox is the 403 page for them.
  const staffPage = await staff.newPage();
  const refused = await staffPage.goto("/approvals");
  expect(refused?.status()).toBe(403);
  await expect(staffPage.getByRole("link", { name: /Waiting for me/ })).toHaveCount(0);
  await Promise.all([staff.close(), manager.close(), admin.close()]);
});

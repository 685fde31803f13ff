import { expect, test, type APIRequestContext } from "@playwright/test";
import { BASE_URL, storageStateOf } from "./support/env";
import { expectNoAxeViolations } from "./support/axe";

/**
 * The approvers' inbox (docs/features/requests.md): a manager mapped as the RO reversal approver of one location finds
 * three waiting requests at /approvals, approves one from its row on a phone (cards), then two more in
 * bulk at 1280 px after the administrator approved one of them meanwhile: the bulk asks first, approves
 * the other and names the refusal ('already approved by Alex Admin'). Two of the three are the manager's.
 */
const json = { origin: BASE_URL, "content-type": "application/json" };

async function submitRo(request: APIRequestContext, locationId: number, ra: string) {
  const res = await request.post("/api/v1/ro-reversal-request/add/update", {
    headers: json,
    data: {
      empolyee_name: "Inbox Person",
      date_of_request: "11/20/2026",
      full_ra: ra,
      date_ra_was_originally_closed: "2026-11-01",
      pay_type: "Customer Pay",
      location: locationId,
      reason: "Inbox",
    },
  });
  expect(res.ok()).toBeTruthy();
  return (await res.json()).content.id as number;
}

test("a manager approves two of three waiting requests from /approvals, one in bulk with a refusal named", async ({
  browser,
}) => {
  test.slow(); // three roles, two widths, axe at each
  const admin = await browser.newContext({ storageState: storageStateOf("admin") });
  const manager = await browser.newContext({ storageState: storageStateOf("manager") });
  const staff = await browser.newContext({ storageState: storageStateOf("staff") });
  const adminPage = await admin.newPage();
  const managerPage = await manager.newPage();
  const staffPage = await staff.newPage();
  await Promise.all([adminPage.goto("/to-read"), managerPage.goto("/to-read"), staffPage.goto("/to-read")]);

  // The manager becomes the RO reversal approver of a location no other test mapped yet.
  const managerId = (await (await managerPage.request.get("/api/v1/getuserdata")).json()).content.user_obj.id;
  const locations = (await (await adminPage.request.get("/api/v1/getdepartmentlocationswohtml?department_id=5")).json())
    .content.locations as { id: number }[];
  let locationId = 0;
  for (const l of [...locations].reverse()) {
    const res = await adminPage.request.post("/api/v1/form/mapper/add/update", {
      headers: json,
      data: { form_id: 1, location: String(l.id), to_email: "inbox@example.com", approvers: String(managerId) },
    });
    if (res.ok()) {
      locationId = l.id;
      break;
    }
  }
  expect(locationId).toBeGreaterThan(0);
  const tag = Date.now().toString(36).toUpperCase();
  const ra = (n: number) => `RA-${tag}-${n}`;
  const ids = [await submitRo(staffPage.request, locationId, ra(1))];
  ids.push(await submitRo(staffPage.request, locationId, ra(2)));
  ids.push(await submitRo(staffPage.request, locationId, ra(3)));

  // Staff decide nothing: an empty inbox, not others' requests.
  await staffPage.goto("/approvals");
  await expect(staffPage.getByText("Nothing waits for your decision.").first()).toBeVisible();
  await expect(staffPage.getByText(ra(1))).toHaveCount(0);

  // On a phone: the header's count is in the menu, labelled; the rows are cards; Approve from a row.
  await managerPage.setViewportSize({ width: 390, height: 900 });
  await managerPage.goto("/to-read");
  await managerPage.getByRole("button", { name: "Open menu" }).click();
  await managerPage
    .getByRole("navigation", { name: "Your requests and reading" })
    .getByRole("link", { name: /^Waiting for me: \d+ waiting for your decision/ })
    .click();
  // The client navigation can take longer than an expect's 10 s on a loaded machine (the first inbox query):
  // wait for it as a navigation, then check the page it led to, by its exact h1 inside the page's content
  // ('Waiting for me' is also the closed drawer's link and the header's count).
  await managerPage.waitForURL(/\/approvals$/);
  await expect(
    managerPage.getByRole("main").getByRole("heading", { level: 1, name: "Waiting for me", exact: true }),
  ).toBeVisible();
  await managerPage.goto(`/approvals?f_location=${locationId}&size=500`);
  const cards = managerPage.getByRole("list", { name: /^Requests waiting for my decision/ });
  const card = (n: number) => cards.getByRole("listitem").filter({ hasText: ra(n) });
  await expect(card(1)).toBeVisible();
  await expect(card(1)).toContainText("Sam Staff");
  await expect(managerPage.getByRole("table")).toBeHidden();
  await expectNoAxeViolations(managerPage, "approvals inbox at 390px");
  await managerPage.screenshot({ path: "test-results/approvals-390.png", fullPage: true });
  await card(1)
    .getByRole("button", { name: `Approve: RO Reversal Request ${ra(1)} · Sam Staff` })
    .click();
  await expect(managerPage.getByText(/now Approved/).first()).toBeVisible();
  await expect(card(1)).toHaveCount(0);

  // At 1280 px: a table; select the other two; the administrator approves one of them meanwhile.
  await managerPage.setViewportSize({ width: 1280, height: 900 });
  const row = (n: number) => managerPage.getByRole("row").filter({ hasText: ra(n) });
  await expect(row(2)).toBeVisible();
  await expectNoAxeViolations(managerPage, "approvals inbox at 1280px");
  await row(2).getByRole("checkbox").check();
  await row(3).getByRole("checkbox").check();
  const taken = await adminPage.request.post("/api/v1/request/decide", {
    headers: json,
    data: { form: "ro_reversal", id: ids[2], decision: "approve" },
  });
  expect(taken.ok()).toBeTruthy();
  const bar = managerPage.getByRole("region", { name: "Bulk actions" });
  await bar.getByRole("button", { name: "Approve 2" }).click();
  const dialog = managerPage.getByRole("dialog", { name: "Approve 2 requests?" });
  await expect(dialog).toBeVisible();
  await managerPage.screenshot({ path: "test-results/approvals-confirm-1280.png" });
  await dialog.getByRole("button", { name: "Approve" }).click();
  await expect(
    managerPage.getByText(`Approve: 1 of 2 requests decided. Not decided: #${ids[2]}: already approved by Alex Admin.`),
  ).toBeVisible();
  await expect(row(2)).toHaveCount(0);
  await expect(row(3)).toHaveCount(0);
  await managerPage.screenshot({ path: "test-results/approvals-1280.png", fullPage: true });

  // Two of the three are the manager's.
  const decidedBy = async (id: number) =>
    (await (await staffPage.request.get(`/api/v1/request/timeline?form=ro_reversal&id=${id}`)).json()).content.steps.at(
      -1,
    ).by;
  expect([await decidedBy(ids[0]), await decidedBy(ids[1]), await decidedBy(ids[2])]).toEqual([
    "Morgan Manager",
    "Morgan Manager",
    "Alex Admin",
  ]);
  await Promise.all([admin.close(), manager.close(), staff.close()]);
});

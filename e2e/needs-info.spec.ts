import { expect, test, type Browser, type Page } from "@playwright/test";
import { storageStateOf } from "./support/env";
import { mapRoReversalsToManager, submitRoReversal } from "./support/requests";
import { expectNoAxeViolations } from "./support/axe";
import { reviewScreenshot } from "./support/screenshot";

/**
 * The requester knows where they stand (docs/features/requests.md): a manager asks a question on a technician's
 * request; the technician sees it marked in My requests with the question on the row, answers on the record page
 * with a photo (the answer box under the question), and the manager sees the photo; then the technician withdraws
 * a request (asked first): Withdrawn, no Edit, no Withdraw. Once at 1280 px and once on a phone (390 px).
 */
/** A 1x1 PNG: the photo the technician attaches. */
const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==",
  "base64",
);

/** A phone camera's photo as the browser would get it: a PNG of noise, so it is large and does not compress. */
async function cameraPhoto(page: Page): Promise<Buffer> {
  const base64 = await page.evaluate(async () => {
    const canvas = document.createElement("canvas");
    canvas.width = 2400;
    canvas.height = 1800;
    const context = canvas.getContext("2d")!;
    const pixels = context.createImageData(canvas.width, canvas.height);
    let x = 2463534242; // xorshift32: noise no PNG filter predicts
    for (let i = 0; i < pixels.data.length; i++) {
      x ^= x << 13;
      x ^= x >>> 17;
      x ^= x << 5;
      pixels.data[i] = i % 4 === 3 ? 255 : x & 255;
    }
    context.putImageData(pixels, 0, 0);
    const blob = await new Promise<Blob>((resolve) => canvas.toBlob((b) => resolve(b!), "image/png"));
    const bytes = new Uint8Array(await blob.arrayBuffer());
    let text = "";
    for (let i = 0; i < bytes.length; i += 0x8000) text += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
    return btoa(text);
  });
  return Buffer.from(base64, "base64");
}

/** A JPEG's width and height, from its start-of-frame segment. */
function jpegSize(jpeg: Buffer): { width: number; height: number } | null {
  for (let at = 2; at + 9 < jpeg.length;) {
    const marker = jpeg[at + 1];
    if (marker >= 0xc0 && marker <= 0xc3)
      return { height: jpeg.readUInt16BE(at + 5), width: jpeg.readUInt16BE(at + 7) };
    at += 2 + jpeg.readUInt16BE(at + 2);
  }
  return null;
}

async function journey(browser: Browser, width: number) {
  const viewport = { width, height: 900 };
  const staff = await browser.newContext({ storageState: storageStateOf("staff"), viewport });
  const manager = await browser.newContext({ storageState: storageStateOf("manager"), viewport });
  const admin = await browser.newContext({ storageState: storageStateOf("admin") });
  const tag = `${width}-${Date.now().toString(36)}`;

  // The administrator maps RO reversals at Valley Trucks with the manager as their approver.
  const valley = await mapRoReversalsToManager(admin, manager);
  const submit = (name: string) => submitRoReversal(staff, { name, location: valley, ra: `RA-${tag}` });
  const asked = `Asked ${tag}`;
  const id = await submit(asked);

  // The manager asks a question on the record page.
  const managerPage = await manager.newPage();
  await managerPage.goto(`/roreversal/view/${id}`);
  await managerPage.getByLabel("Comment").fill("Please send a photo of the signed RO.");
  await managerPage.getByRole("button", { name: "Needs information" }).click();
  await expect(managerPage.getByText("Submitted → Needs information")).toBeVisible();

  // The technician: My requests marks the change and shows the question on the row.
  const page = await staff.newPage();
  await page.goto("/my/requests?form=ro_reversal");
  const row = page.getByRole("listitem").filter({ hasText: asked });
  await expect(row.getByText("Changed since you last looked")).toBeVisible();
  await expect(row).toContainText("Needs information");
  await expect(row.locator("p").filter({ hasText: "Morgan Manager asks:" })).toContainText(
    "Please send a photo of the signed RO.",
  );
  await reviewScreenshot(page, `test-results/needs-info-my-requests-${width}.png`, { fullPage: true });

  // On the record page the question stands above the answer box; the answer brings a photo.
  await row.getByRole("link", { name: new RegExp(asked) }).click();
  await page.waitForURL(`**/roreversal/view/${id}`);
  await expect(page.getByText("Morgan Manager asks:")).toBeVisible();
  // The question as it stands (the panel), before the timeline repeats it.
  const question = await page.getByText("Please send a photo of the signed RO.").first().boundingBox();
  const answerBox = page.getByLabel("Your answer");
  const box = await answerBox.boundingBox();
  expect(question!.y).toBeLessThan(box!.y);
  await expect(page.getByRole("button", { name: "Withdraw request" })).toBeVisible();
  await page.locator('input[type="file"]').setInputFiles({ name: "signed-ro.png", mimeType: "image/png", buffer: PNG });
  await expect(page.getByText("signed-ro.png").first()).toBeVisible();
  // A phone camera's photo (here 2400 x 1800 of noise, some 17 MB as PNG) is shrunk before it is sent.
  const camera = await cameraPhoto(page);
  await page.locator('input[type="file"]').setInputFiles({ name: "bay-3.png", mimeType: "image/png", buffer: camera });
  await expect(page.getByText("bay-3.jpg").first()).toBeVisible();
  await expect(page.getByRole("button", { name: "Answer" })).toBeEnabled();
  await answerBox.fill("Photo attached.");
  await expectNoAxeViolations(page, `answer with a photo at ${width}px`);
  await reviewScreenshot(page, `test-results/needs-info-answer-${width}.png`, { fullPage: true });
  await page.getByRole("button", { name: "Answer" }).click();
  await expect(page.getByText("Needs information → Answered")).toBeVisible();
  const files = page.getByRole("heading", { name: "Photos and documents" }).locator("..");
  await expect(files.getByRole("link", { name: "signed-ro.png" })).toBeVisible();
  await reviewScreenshot(page, `test-results/needs-info-answered-${width}.png`, { fullPage: true });

  // The manager sees the photo, and its link downloads it.
  await managerPage.reload();
  const link = managerPage.getByRole("link", { name: "signed-ro.png" });
  await expect(link).toBeVisible();
  const download = await managerPage.request.get((await link.getAttribute("href"))!);
  expect(download.ok()).toBeTruthy();
  expect(Buffer.from(await download.body()).equals(PNG)).toBeTruthy();
  const shrunk = await managerPage.request.get(
    (await managerPage.getByRole("link", { name: "bay-3.jpg" }).getAttribute("href"))!,
  );
  const jpeg = Buffer.from(await shrunk.body());
  expect(jpeg.subarray(0, 2).toString("hex")).toBe("ffd8");
  expect(jpegSize(jpeg)).toEqual({ width: 1600, height: 1200 });
  expect(jpeg.length).toBeLessThan(camera.length);

  // The technician withdraws another request: asked first, then Withdrawn, no Edit and no Withdraw.
  const withdrawn = `Withdrawn ${tag}`;
  const other = await submit(withdrawn);
  await page.goto(`/roreversal/view/${other}`);
  await expect(page.getByRole("link", { name: "Edit" })).toBeVisible();
  await page.getByRole("button", { name: "Withdraw request" }).click();
  const dialog = page.getByRole("dialog", { name: "Withdraw this request?" });
  await expect(dialog).toBeVisible();
  await reviewScreenshot(page, `test-results/needs-info-withdraw-${width}.png`);
  await dialog.getByRole("button", { name: "Withdraw" }).click();
  await expect(page.getByText("Submitted → Withdrawn")).toBeVisible();
  await expect(page.getByRole("button", { name: "Withdraw request" })).toHaveCount(0);
  await expect(page.getByRole("link", { name: "Edit" })).toHaveCount(0);
  await page.goto("/my/requests?form=ro_reversal");
  await expect(page.getByRole("listitem").filter({ hasText: withdrawn })).toContainText("Withdrawn");
  // It no longer waits for the manager.
  await managerPage.goto("/approvals");
  await expect(managerPage.getByText(withdrawn)).toHaveCount(0);

  await Promise.all([staff.close(), manager.close(), admin.close()]);
}

test("a technician answers a question with a photo and sees the change marked in My requests (1280 px)", async ({
  browser,
}) => {
  test.slow();
  await journey(browser, 1280);
});

test("a technician answers a question with a photo and withdraws a request on a phone (390 px)", async ({
  browser,
}) => {
  test.slow();
  await journey(browser, 390);
});

import type { Page } from "@playwright/test";

/**
 * A picture of a screen for a person to look at (no test compares it): taken only when E2E_SCREENSHOTS=1,
 * e.g. `E2E_SCREENSHOTS=1 npx playwright test e2e/search.spec.ts`, so the suite spends no time on them.
 */
export async function reviewScreenshot(page: Page, file: string, options: { fullPage?: boolean } = {}) {
  if (process.env.E2E_SCREENSHOTS !== "1") return;
  await page.screenshot({ path: file, ...options });
}

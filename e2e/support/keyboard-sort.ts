import { expect, type Locator, type Page } from "@playwright/test";

/**
 * Picks up a dnd-kit sortable item with the keyboard (Space), ready for the arrow keys. dnd-kit mounts its live
 * region once the list is live (a key before that does nothing), and listens for the moving keys only from a
 * setTimeout(0) after the pick-up; Chromium runs input before timers, so an arrow key sent as soon as the item
 * shows pressed was sometimes lost. A timer of the page's own, queued after dnd-kit's, has run once dnd-kit listens.
 */
export async function pickUpWithKeyboard(page: Page, handle: Locator) {
  await expect(page.locator('[id^="DndLiveRegion"]').first()).toBeAttached();
  await handle.focus();
  await page.keyboard.press("Space");
  await expect(handle).toHaveAttribute("aria-pressed", "true");
  await page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 0)));
}

import AxeBuilder from "@axe-core/playwright";
import { expect, type Page } from "@playwright/test";

/** The rules the portal is held to: WCAG 2.0 and 2.1, A and AA, plus axe's best practices. */
export const AXE_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"];

/**
 * Runs axe on the page as it is and fails (softly: the test goes on to its other screens) on any
 * violation, each named with its rule, its help text and the elements it found.
 */
export async function expectNoAxeViolations(page: Page, screen: string) {
  const { violations } = await new AxeBuilder({ page }).withTags(AXE_TAGS).analyze();
  const found = violations.map(
    (v) => `${v.id} (${v.impact}): ${v.help} at ${v.nodes.map((n) => n.target.join(" ")).join(" | ")}`,
  );
  expect.soft(found, `axe violations on ${screen}`).toEqual([]);
}

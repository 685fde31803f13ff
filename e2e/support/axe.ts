import AxeBuilder from "@axe-core/playwright";
import { expect, type Page } from "@playwright/test";

/** The rules the portal is held to: WCAG 2.0 and 2.1, A and AA, plus axe's best practices. */
export const AXE_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"];

/**
 * axe's violations on the page as it is, each named with its rule, its help text and the elements it found.
 *
 * axe runs in the page itself (legacy mode): by default @axe-core/playwright opens a blank page for every scan,
 * injects axe there a second time and sends it every result to aggregate, which is what lets it test
 * cross-origin frames. The portal has no frames, so that only costs time (27 scans: 30 s, 25 s in the page).
 * Only violations are collected (axe's `resultTypes`): passing nodes are neither summarised nor sent back.
 */
export async function axeViolations(page: Page): Promise<string[]> {
  const { violations } = await new AxeBuilder({ page })
    .options({ resultTypes: ["violations"] }) // first: options() replaces what withTags() set
    .withTags(AXE_TAGS)
    .setLegacyMode()
    .analyze();
  return violations.map(
    (v) => `${v.id} (${v.impact}): ${v.help} at ${v.nodes.map((n) => n.target.join(" ")).join(" | ")}`,
  );
}

/** Fails (softly: the test goes on to its other screens) on any axe violation. */
export async function expectNoAxeViolations(page: Page, screen: string) {
  expect.soft(await axeViolations(page), `axe violations on ${screen}`).toEqual([]);
}

import AxeBuilder from "@axe-core/playwright";
import { expect, type Page } from "@playwright/test";

/** axe-core's WCAG 2 A and AA rules whose result depends on colour: what a second theme can change. */
export const COLOUR_RULES = ["color-contrast", "link-in-text-block"];

/**
 * axe-core's WCAG 2 A and AA rules (contrast included) over the page as it is now.
 * - `targets`: WCAG 2.2's target-size rule too (24 × 24 px, or spaced so a 24 px circle fits: its
 *   only rule tagged wcag22aa), in the same pass: one injection and one walk of the page, not two.
 * - `colourOnly`: only COLOUR_RULES, for a page already checked in full in another theme. The
 *   themes differ in colours alone (Tailwind's `dark:` colour classes on the same markup; the
 *   theme toggle's icon is aria-hidden), so the other rules would give the same answer again,
 *   while they are half of axe's time.
 */
export async function expectNoAxeViolations(page: Page, { targets = false, colourOnly = false } = {}) {
  // Colours are measured as they settle: a button still fading between two colours (a save that
  // just ended) read as a blend of them on a busy machine.
  await page.addStyleTag({ content: "*, *::before, *::after { transition: none !important; animation: none !important; }" });
  const builder = new AxeBuilder({ page });
  if (colourOnly) builder.withRules(COLOUR_RULES);
  else builder.withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", ...(targets ? ["wcag22aa"] : [])]);
  const { violations } = await builder.analyze();
  const found = violations.map((v) => `${v.id} (${v.impact}): ${v.help} — ${v.nodes.slice(0, 3).map((n) => `${n.html.slice(0, 120)} ${n.failureSummary ?? ""}`).join(" | ")}`);
  expect(found, page.url()).toEqual([]);
}

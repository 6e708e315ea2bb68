import AxeBuilder from "@axe-core/playwright";
import { expect, type Page } from "@playwright/test";

/** axe-core's rules whose result depends on colour: what a second theme can change. */
export const COLOUR_RULES = ["color-contrast", "link-in-text-block"];

/**
 * Every rule axe-core runs by default — WCAG 2 A and AA (contrast included) and its best practices
 * (heading-order, landmark-unique, region…) — plus label-content-name-mismatch (WCAG 2.5.3, which
 * axe ships as experimental and leaves off), over the page as it is now, whatever the impact.
 * Only the WCAG tags were run before: heading-order, landmark-unique and the Buy Pack buttons'
 * name mismatch went unseen (issue 34).
 * - `targets`: WCAG 2.2's target-size rule too (24 × 24 px, or spaced so a 24 px circle fits), in
 *   the same pass: one injection and one walk of the page, not two.
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
  else builder.options({ rules: { "label-content-name-mismatch": { enabled: true }, "target-size": { enabled: targets } } });
  const { violations } = await builder.analyze();
  const found = violations.map((v) => `${v.id} (${v.impact}): ${v.help} — ${v.nodes.slice(0, 3).map((n) => `${n.html.slice(0, 120)} ${n.failureSummary ?? ""}`).join(" | ")}`);
  expect(found, page.url()).toEqual([]);
}

import AxeBuilder from "@axe-core/playwright";
import { expect, type Page } from "@playwright/test";

/**
 * Every rule axe-core runs by default — WCAG 2 A and AA (contrast included) and its best practices
 * (heading-order, landmark-unique, region…) — plus label-content-name-mismatch (WCAG 2.5.3, which
 * axe ships as experimental and leaves off), over the page as it is now, whatever the impact.
 * Only the WCAG tags were run before: heading-order, landmark-unique and the Buy Pack buttons'
 * name mismatch went unseen (issue 34).
 */
export async function expectNoAxeViolations(page: Page) {
  // Colours are measured as they settle: a button still fading between two colours (a save that
  // just ended) read as a blend of them on a busy machine.
  await page.addStyleTag({ content: "*, *::before, *::after { transition: none !important; animation: none !important; }" });
  const { violations } = await new AxeBuilder({ page }).options({ rules: { "label-content-name-mismatch": { enabled: true } } }).analyze();
  const found = violations.map((v) => `${v.id} (${v.impact}): ${v.help} — ${v.nodes.slice(0, 3).map((n) => `${n.html.slice(0, 120)} ${n.failureSummary ?? ""}`).join(" | ")}`);
  expect(found, page.url()).toEqual([]);
}

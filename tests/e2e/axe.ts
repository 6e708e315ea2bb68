import AxeBuilder from "@axe-core/playwright";
import { expect, type Page } from "@playwright/test";

/** axe-core's WCAG 2 A and AA rules (contrast included) over the page as it is now. */
export async function expectNoAxeViolations(page: Page) {
  // Colours are measured as they settle: a button still fading between two colours (a save that
  // just ended) read as a blend of them on a busy machine.
  await page.addStyleTag({ content: "*, *::before, *::after { transition: none !important; animation: none !important; }" });
  const { violations } = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze();
  const found = violations.map((v) => `${v.id} (${v.impact}): ${v.help} — ${v.nodes.slice(0, 3).map((n) => `${n.html.slice(0, 120)} ${n.failureSummary ?? ""}`).join(" | ")}`);
  expect(found, page.url()).toEqual([]);
}

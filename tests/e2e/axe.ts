import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import type { AxeResults, Result, RunOptions } from "axe-core";
import { expect, type Page } from "@playwright/test";

/** axe-core's rules whose result depends on colour: what a second theme can change. */
export const COLOUR_RULES = ["color-contrast", "link-in-text-block"];

// The axe-core that @axe-core/playwright ships (the project's dependency), read once per worker.
const axeSource = readFileSync(createRequire(createRequire(import.meta.url).resolve("@axe-core/playwright")).resolve("axe-core/axe.min.js"), "utf8");

/**
 * axe-core run in the page itself, put there once per document: @axe-core/playwright's analyze()
 * injected 580 kB of script twice per pass and finished every pass in a new blank page, and axe
 * described every passing node too. This way a pass costs a fifth of the CPU (docs/testing.md)
 * and answers the same: the app has no frames, and only violations are read.
 */
export async function axeViolations(page: Page, options: RunOptions): Promise<Result[]> {
  const present = () => typeof (window as unknown as { axe?: { run?: unknown } }).axe?.run === "function";
  if (!(await page.evaluate(present))) await page.evaluate(axeSource);
  return page.evaluate(
    async (options) => {
      const axe = (window as unknown as { axe: { run(context: Document, options: unknown): Promise<AxeResults> } }).axe;
      return (await axe.run(document, { ...options, resultTypes: ["violations"] })).violations;
    },
    options as object,
  );
}

/**
 * Every rule axe-core runs by default — WCAG 2 A and AA (contrast included) and its best practices
 * (heading-order, landmark-unique, region…) — plus label-content-name-mismatch (WCAG 2.5.3, which
 * axe ships as experimental and leaves off), over the page as it is now, whatever the impact.
 * Only the WCAG tags were run before: heading-order, landmark-unique and the Buy Pack buttons'
 * name mismatch went unseen (issue 34).
 * - `targets`: WCAG 2.2's target-size rule too (24 × 24 px, or spaced so a 24 px circle fits), in
 *   the same pass: one walk of the page, not two.
 * - `colourOnly`: only COLOUR_RULES, for a page already checked in full in another theme. The
 *   themes differ in colours alone (Tailwind's `dark:` colour classes on the same markup; the
 *   theme toggle's icon is aria-hidden), so the other rules would give the same answer again,
 *   while they are half of axe's time.
 */
export async function expectNoAxeViolations(page: Page, { targets = false, colourOnly = false } = {}) {
  // Colours are measured as they settle: a button still fading between two colours (a save that
  // just ended) read as a blend of them on a busy machine.
  await page.addStyleTag({ content: "*, *::before, *::after { transition: none !important; animation: none !important; }" });
  const options: RunOptions = colourOnly
    ? { runOnly: { type: "rule", values: COLOUR_RULES } }
    : { rules: { "label-content-name-mismatch": { enabled: true }, "target-size": { enabled: targets } } };
  const violations = await axeViolations(page, options);
  const found = violations.map((v) => `${v.id} (${v.impact}): ${v.help} — ${v.nodes.slice(0, 3).map((n) => `${n.html.slice(0, 120)} ${n.failureSummary ?? ""}`).join(" | ")}`);
  expect(found, page.url()).toEqual([]);
}

import AxeBuilder from "@axe-core/playwright";
import { expect, type Page } from "@playwright/test";

/** Widths a page must fit without sideways scrolling: two common phones and a desktop. */
export const PHONE_WIDTHS = [360, 390] as const;
export const DESKTOP = { width: 1280, height: 900 } as const;
export const THEMES = ["light", "dark"] as const;
export type Theme = (typeof THEMES)[number];

/** Chooses the theme the app reads on start (the header's toggle stores the same key). */
export const useTheme = (page: Page, theme: Theme) => page.addInitScript((value) => localStorage.setItem("theme", value), theme);

/** The page is no wider than the window: nothing sticks out sideways. */
export async function expectNoSidewaysScroll(page: Page) {
  const widths = await page.evaluate(() => ({ page: document.documentElement.scrollWidth, window: window.innerWidth }));
  expect(widths.page, `${page.url()} is ${widths.page} px wide in a ${widths.window} px window`).toBeLessThanOrEqual(widths.window);
}

/** WCAG 2.2's target-size rule (24 × 24 px, or spaced so a 24 px circle fits) over the page as it is now. */
export async function expectTouchTargets(page: Page) {
  const { violations } = await new AxeBuilder({ page }).withRules(["target-size"]).analyze();
  const found = violations.flatMap((v) => v.nodes.map((n) => `${n.html.slice(0, 120)} ${n.failureSummary ?? ""}`));
  expect(found, page.url()).toEqual([]);
}

/** Heading levels in document order never skip one going down (h1 → h3 is a skip; h3 → h2 is fine). */
export async function expectHeadingsInOrder(page: Page) {
  const levels = await page.locator("h1, h2, h3, h4, h5, h6").evaluateAll((els) => els.map((el) => Number(el.tagName[1])));
  levels.forEach((level, i) => expect(level - (levels[i - 1] ?? 0), `${page.url()}: h${levels[i - 1]} then h${level}`).toBeLessThanOrEqual(1));
}

import { expect, type Page } from "@playwright/test";
import { axeViolations } from "./axe";

/** Widths a page must fit without sideways scrolling: two common phones and a desktop. */
export const PHONE_WIDTHS = [360, 390] as const;
export const DESKTOP = { width: 1280, height: 900 } as const;
/** The phone the layout sweeps load pages on (axe and target sizes run there); the other phone widths are checked by narrowing it (expectFitsPhones). */
export const PHONE = { width: PHONE_WIDTHS[1], height: 800 } as const;
export const THEMES = ["light", "dark"] as const;
export type Theme = (typeof THEMES)[number];

/** Chooses the theme the app reads on start (the header's toggle stores the same key). */
export const useTheme = (page: Page, theme: Theme) => page.addInitScript((value) => localStorage.setItem("theme", value), theme);

/** The page is no wider than the window: nothing sticks out sideways. */
export async function expectNoSidewaysScroll(page: Page) {
  const widths = await page.evaluate(() => ({ page: document.documentElement.scrollWidth, window: window.innerWidth }));
  expect(widths.page, `${page.url()} is ${widths.page} px wide in a ${widths.window} px window`).toBeLessThanOrEqual(widths.window);
}

/**
 * The page fits every phone width: checked at the window's width, then with the window narrowed to
 * each other phone width on the same page (the pages' layout is CSS alone, no script reads the
 * window's width, so a narrowed window lays out as one loaded narrow), then the width restored.
 * One page load per state instead of one per width.
 */
export async function expectFitsPhones(page: Page) {
  const viewport = page.viewportSize()!;
  await expectNoSidewaysScroll(page);
  for (const width of PHONE_WIDTHS.filter((w) => w !== viewport.width)) {
    await page.setViewportSize({ width, height: viewport.height });
    try {
      await expectNoSidewaysScroll(page);
    } finally {
      await page.setViewportSize(viewport);
    }
  }
}

/** WCAG 2.2's target-size rule (24 × 24 px, or spaced so a 24 px circle fits) over the page as it is now. */
export async function expectTouchTargets(page: Page) {
  const violations = await axeViolations(page, { runOnly: { type: "rule", values: ["target-size"] } });
  const found = violations.flatMap((v) => v.nodes.map((n) => `${n.html.slice(0, 120)} ${n.failureSummary ?? ""}`));
  expect(found, page.url()).toEqual([]);
}

/** Heading levels in document order never skip one going down (h1 → h3 is a skip; h3 → h2 is fine). */
export async function expectHeadingsInOrder(page: Page) {
  const levels = await page.locator("h1, h2, h3, h4, h5, h6").evaluateAll((els) => els.map((el) => Number(el.tagName[1])));
  levels.forEach((level, i) => expect(level - (levels[i - 1] ?? 0), `${page.url()}: h${levels[i - 1]} then h${level}`).toBeLessThanOrEqual(1));
}

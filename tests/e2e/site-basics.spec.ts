import { expect, test } from "@playwright/test";
import { expectNoAxeViolations } from "./axe";
import { signUp } from "./helpers";
import { THEMES, expectHeadingsInOrder, useTheme } from "./layout";

for (const theme of THEMES) {
  test.describe(`${theme} theme`, () => {
    test.beforeEach(({ page }) => useTheme(page, theme));

    test("a missing file is a 404 page with the site's layout", async ({ page }) => {
      const response = await page.goto("/assets/x.js");
      expect(response?.status()).toBe(404);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("Page not found");
      await expect(page.getByRole("link", { name: "Back to the home page" })).toBeVisible();
      await expect(page.getByRole("contentinfo")).toBeVisible();
      await expectNoAxeViolations(page);
    });

    test("plan names are headings in order on the landing and pricing pages", async ({ page }) => {
      for (const path of ["/", "/pricing"]) {
        await page.goto(path);
        for (const plan of ["Free", "Scout", "Creator"]) await expect(page.getByRole("heading", { name: plan, exact: true }), path).toBeVisible();
        await expectHeadingsInOrder(page);
      }
      await expectNoAxeViolations(page);
    });

    test("the cookie dialog's switches line up, each on the first line of its label", async ({ page }) => {
      await page.goto("/cookie-policy");
      await page.getByRole("button", { name: "Manage Cookie Preferences" }).click();
      const dialog = page.getByRole("dialog");
      const lefts: number[] = [];
      for (const name of ["Essential", "Analytics", "Preferences", "Marketing"]) {
        const box = (await dialog.getByRole("switch", { name: `${name} cookies` }).boundingBox())!;
        const label = (await dialog.locator(`label[for="cookie-${name.toLowerCase()}"]`).boundingBox())!;
        lefts.push(box.x);
        expect(Math.abs(box.y + box.height / 2 - (label.y + label.height / 2)), name).toBeLessThanOrEqual(4);
        expect(box.x + box.width, name).toBeLessThan(label.x);
      }
      expect(new Set(lefts).size).toBe(1);
      await expect(dialog.getByRole("switch", { name: "Essential cookies" })).toBeChecked();
      await expect(dialog.getByRole("switch", { name: "Essential cookies" })).toBeDisabled();
      await expectNoAxeViolations(page);
    });

    test("help search matches words in any order across questions and answers", async ({ page }) => {
      await page.goto("/help-center");
      const results = page.getByTestId("help-results").locator("details");
      for (const query of ["export pdf", "PDF export"]) {
        await page.getByLabel("Search the help center").fill(query);
        await expect(results.first()).toContainText("Can I export a link as PDF or Markdown?");
      }
      // Words found only in an answer.
      await page.getByLabel("Search the help center").fill("credit card");
      await expect(results.first()).toContainText("Do I need a credit card to start?");
      await page.getByLabel("Search the help center").fill("never expire");
      await expect(results.first()).toContainText("Do enrichment pack credits expire?");
      await expectNoAxeViolations(page);
    });
  });
}

test("trending's Next and Previous bring the new page's top into view and put focus there", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/trending?time=year");
  const results = page.getByRole("region", { name: /Trending resources, page 1 of/ });
  await expect(results).toBeVisible();
  await page.getByRole("button", { name: "Next" }).click();
  const page2 = page.getByRole("region", { name: /Trending resources, page 2 of/ });
  await expect(page2).toBeFocused();
  await expect(page.getByTestId("trending-card").first()).toBeInViewport();
  const top = (await page2.boundingBox())!;
  expect(top.y).toBeGreaterThanOrEqual(0);
  expect(top.y).toBeLessThan(100);

  await page.getByRole("button", { name: "Previous" }).click();
  await expect(page.getByRole("region", { name: /Trending resources, page 1 of/ })).toBeFocused();
  await expect(page.getByTestId("trending-card").first()).toBeInViewport();
  await expectNoAxeViolations(page);
});

test("the landing page takes a signed-in visitor to the dashboard instead of offering sign-up", async ({ page }) => {
  await signUp(page, `landing-${Date.now()}@example.com`, "secret-pass-123");
  await page.goto("/");
  await expect(page.getByRole("link", { name: "Go to dashboard" }).first()).toHaveAttribute("href", "/dashboard");
  await expect(page.getByRole("link", { name: "Start Free Today" })).toHaveCount(0);
  await expect(page.getByRole("link", { name: "Create your free account" })).toHaveCount(0);
  await page.getByRole("link", { name: "Go to dashboard" }).first().click();
  await expect(page).toHaveURL("/dashboard");
});

// Mark all as read goes away once nothing is unread: a keyboard that pressed it is back on the bell
// (the list stays open), not at the page's start.
test("keyboard: after Mark all as read the focus is on the bell, with the list still open", async ({ page }) => {
  await signUp(page, `bell-keys-${Date.now()}@example.com`, "secret-pass-123");
  await page.goto("/dashboard");
  const nav = page.getByRole("navigation", { name: "Main" });
  const bell = nav.getByRole("button", { name: /Notifications/ });
  await bell.focus();
  await page.keyboard.press("Enter");
  const markAll = page.getByRole("button", { name: "Mark all as read" });
  await markAll.focus();
  await page.keyboard.press("Enter");
  await expect(markAll).toHaveCount(0);
  await expect(nav.getByRole("button", { name: "Notifications", exact: true })).toBeFocused();
  await expect(nav.getByRole("button", { name: "Notifications", exact: true })).toHaveAttribute("aria-expanded", "true");
});

test("the notifications header keeps its unread count apart from Mark all as read, on a phone too", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signUp(page, `bell-${Date.now()}@example.com`, "secret-pass-123");
  await page.goto("/dashboard");
  const nav = page.getByRole("navigation", { name: "Main" });
  await expect(nav.getByTestId("unread-badge")).toHaveText("1");
  await nav.getByRole("button", { name: /Notifications/ }).click();
  const count = page.getByText("(1 unread)");
  const markAll = page.getByRole("button", { name: "Mark all as read" });
  await expect(markAll).toBeVisible();
  const a = (await count.boundingBox())!;
  const b = (await markAll.boundingBox())!;
  // Side by side with a clear gap, or on a line of its own: never touching.
  const gap = b.x - (a.x + a.width);
  expect(gap >= 12 || b.y >= a.y + a.height).toBe(true);
  // Nothing cut off at the right edge of the phone's screen.
  expect(b.x + b.width).toBeLessThanOrEqual(390);
});

import { expect, test } from "@playwright/test";
import { expectNoAxeViolations } from "./axe";
import { DESKTOP, PHONE_WIDTHS, THEMES, expectHeadingsInOrder, expectNoSidewaysScroll, expectTouchTargets, useTheme } from "./layout";

// /documentation/api renders the OpenAPI document for people: every call with its parameters
// and answers, and each named schema's fields with their types — on a phone and a desktop, in
// both themes. SWEEP_SCREENSHOTS=<dir> saves what it saw.
for (const theme of THEMES) {
  for (const width of [PHONE_WIDTHS[0], DESKTOP.width]) {
    test(`the API reference shows answers and fields (${theme}, ${width} px)`, async ({ page }) => {
      // axe over a hundred calls and as many schemas takes a while on a shared machine.
      test.setTimeout(150_000);
      await useTheme(page, theme);
      await page.setViewportSize({ width, height: DESKTOP.height });
      await page.goto("/documentation/api");
      await expect(page.getByRole("heading", { level: 1, name: "API reference" })).toBeVisible();

      const addLink = page.getByTestId("api-operation").filter({ hasText: "Adds a link: 201" });
      await expect(addLink.getByRole("heading", { level: 4, name: /Request body/ })).toBeVisible();
      await expect(addLink.getByText("Answers")).toBeVisible();
      await expect(addLink.getByRole("link", { name: "Link", exact: true }).first()).toHaveAttribute("href", "#schema-Link");
      const exportAll = page.getByTestId("api-operation").filter({ hasText: "Every link as one streamed file" });
      await expect(exportAll.getByText("application/zip")).toBeVisible();

      await addLink.getByRole("link", { name: "Link", exact: true }).first().click();
      const schema = page.locator("#schema-Link");
      await expect(schema).toBeInViewport();
      const savedAt = schema.getByRole("listitem").filter({ has: page.locator("code", { hasText: /^savedAt$/ }) });
      await expect(savedAt).toContainText("string (date-time)");
      const status = schema.getByRole("listitem").filter({ has: page.locator("code", { hasText: /^status$/ }) });
      await expect(status.getByRole("link", { name: "LinkStatus", exact: true })).toBeVisible();

      await expectNoSidewaysScroll(page);
      await expectHeadingsInOrder(page);
      if (width === PHONE_WIDTHS[0]) await expectTouchTargets(page);
      await expectNoAxeViolations(page);
      if (process.env.SWEEP_SCREENSHOTS) {
        await page.screenshot({ path: `${process.env.SWEEP_SCREENSHOTS}/api-reference-schema-${theme}-${width}.png` });
        await addLink.screenshot({ path: `${process.env.SWEEP_SCREENSHOTS}/api-reference-call-${theme}-${width}.png` });
      }
    });
  }
}

import { expect, test, type Page } from "@playwright/test";
import { expectNoAxeViolations } from "./axe";
import { DESKTOP, PHONE_WIDTHS, THEMES, expectHeadingsInOrder, expectNoSidewaysScroll, expectTouchTargets, useTheme } from "./layout";

// /documentation/api renders the OpenAPI document for people (decision 054): an overview with a
// side navigation by tag and a filter, and a page per tag with its calls (parameters, answers,
// Markdown descriptions) and the schemas they use. That every operation is reachable from the
// navigation is app/server/api/reference.test.ts; here, what a person sees and does, in both
// themes, on a desktop (the largest section; axe on the overview and a small one) and a phone
// (the overview and a small section).
// SWEEP_SCREENSHOTS=<dir> saves what it saw.

async function shoot(page: Page, name: string) {
  if (process.env.SWEEP_SCREENSHOTS) await page.screenshot({ path: `${process.env.SWEEP_SCREENSHOTS}/api-reference-${name}.png` });
}

/** No Markdown left unrendered: the page's text has no backtick, and its code spans are code. */
async function expectMarkdownRendered(page: Page) {
  const text = await page.locator("main").innerText();
  expect(text.match(/`/g) ?? [], "raw backticks").toEqual([]);
}

for (const theme of THEMES) {
  test(`the API reference on a desktop: filter, a section's calls, answers and fields (${theme})`, async ({ page }) => {
    test.setTimeout(90_000);
    await useTheme(page, theme);
    await page.setViewportSize(DESKTOP);
    await page.goto("/documentation/api");
    await expect(page.getByRole("heading", { level: 1, name: "API reference" })).toBeVisible();
    const sections = page.getByRole("navigation", { name: "API sections" });
    await expect(sections.getByRole("link", { name: "Overview" })).toHaveAttribute("aria-current", "page");
    await expect(sections.getByRole("link", { name: /^links \d+$/ })).toHaveAttribute("href", "/documentation/api/links");
    await expectMarkdownRendered(page);
    await expect(page.locator("main code", { hasText: "Authorization: Bearer lw_pat_…" })).toBeVisible();
    await expectHeadingsInOrder(page);
    await expectNoAxeViolations(page);
    await shoot(page, `overview-${theme}-${DESKTOP.width}`);

    // The filter finds a call by its words; ↓ moves into the matches, Enter opens one at its anchor.
    const filter = page.getByRole("searchbox", { name: "Filter calls" });
    await filter.fill("links tags put");
    const matches = page.getByRole("list", { name: "Matching calls" }).getByRole("link");
    await expect(matches).toHaveCount(1);
    await expect(page.getByRole("status").filter({ hasText: /1 of \d+ calls match/ })).toBeVisible();
    await filter.press("ArrowDown");
    await expect(matches.first()).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(/\/documentation\/api\/links#putApiLinksIdTags$/);
    await expect(page.locator("#putApiLinksIdTags")).toBeInViewport();
    // Opening a match clears the filter: the sections are back, the open one with its calls.
    await expect(filter).toHaveValue("");
    await expect(sections.getByRole("link", { name: "PUT /links/{id}/tags" })).toHaveAttribute("aria-current", "location");

    // The section: each call with its body, answers and schema links, which stay on the page.
    await expect(page.getByRole("heading", { level: 1, name: "/api/links" })).toBeVisible();
    const addLink = page.getByTestId("api-operation").filter({ hasText: "Adds a link: 201" });
    await expect(addLink.getByRole("heading", { level: 3, name: /Request body/ })).toBeVisible();
    await expect(addLink.getByRole("heading", { level: 3, name: "Answers" })).toBeVisible();
    // The 4XX answer's Markdown: `message` is code, not backticks.
    await expect(addLink.locator("code", { hasText: /^message$/ })).toBeVisible();
    await expect(addLink.locator("code", { hasText: /^write$/ })).toBeVisible();
    const exportAll = page.getByTestId("api-operation").filter({ hasText: "Every link as one streamed file" });
    await expect(exportAll.getByText("application/zip")).toBeVisible();
    const schemaLink = addLink.getByRole("link", { name: "Link", exact: true }).first();
    await expect(schemaLink).toHaveAttribute("href", "#schema-Link");
    await schemaLink.click();
    const schema = page.locator("#schema-Link");
    await expect(schema).toBeInViewport();
    const savedAt = schema.getByRole("listitem").filter({ has: page.locator("code", { hasText: /^savedAt$/ }) });
    await expect(savedAt).toContainText("string (date-time)");
    const status = schema.getByRole("listitem").filter({ has: page.locator("code", { hasText: /^status$/ }) });
    await expect(status.getByRole("link", { name: "LinkStatus", exact: true })).toBeVisible();
    await expectMarkdownRendered(page);
    await expectNoSidewaysScroll(page);
    await expectHeadingsInOrder(page);
    await shoot(page, `links-${theme}-${DESKTOP.width}`);

    // axe on a small section: the same parts (calls, answers, schemas, the open section's call
    // list) as links, whose 31 calls and 30 schemas took axe over a minute on a busy machine.
    await page.getByRole("navigation", { name: "API sections" }).getByRole("link", { name: /^affiliate-rules \d+$/ }).click();
    await expect(page.getByRole("heading", { level: 1, name: "/api/affiliate-rules" })).toBeVisible();
    await expect(page.getByRole("heading", { level: 2, name: "Schemas" })).toBeVisible();
    await expectMarkdownRendered(page);
    await expectHeadingsInOrder(page);
    await expectNoAxeViolations(page);
  });

  test(`the API reference on a phone: overview, a small section, old anchors (${theme})`, async ({ page }) => {
    test.setTimeout(60_000);
    await useTheme(page, theme);
    await page.setViewportSize({ width: PHONE_WIDTHS[1], height: 844 });
    // An anchor of the one-page reference lands where that schema lives now.
    await page.goto("/documentation/api#schema-ApiToken");
    await expect(page).toHaveURL(/\/documentation\/api\/[a-z-]+#schema-ApiToken$/);
    await expect(page.locator("#schema-ApiToken")).toBeInViewport();

    await page.goto("/documentation/api");
    await expect(page.getByRole("heading", { level: 1, name: "API reference" })).toBeVisible();
    await expectNoSidewaysScroll(page);
    await expectTouchTargets(page);
    await expectNoAxeViolations(page);
    await shoot(page, `overview-${theme}-${PHONE_WIDTHS[1]}`);

    // The sections fold behind a button on a phone, so the heading comes first.
    const sections = page.getByRole("navigation", { name: "API sections" });
    await expect(sections).toBeHidden();
    const toggle = page.getByRole("button", { name: "Sections" });
    await toggle.click();
    await expect(toggle).toHaveAttribute("aria-expanded", "true");
    await sections.getByRole("link", { name: /^tokens \d+$/ }).click();
    await expect(page.getByRole("heading", { level: 1, name: "/api/tokens" })).toBeVisible();
    await expect(page.getByTestId("api-operation").first()).toBeVisible();
    await expectMarkdownRendered(page);
    await expectNoSidewaysScroll(page);
    await expectTouchTargets(page);
    await expectHeadingsInOrder(page);
    await expectNoAxeViolations(page);
    await shoot(page, `tokens-${theme}-${PHONE_WIDTHS[1]}`);
  });
}

test("an unknown section of the API reference is a 404", async ({ request }) => {
  expect((await request.get("/documentation/api/no-such-section")).status()).toBe(404);
});

import { expect, test, type Page } from "@playwright/test";
import { expectNoAxeViolations } from "./axe";
import { seedLinks, userIdOf, withDb } from "./db";
import { pagesUrl, signUp } from "./helpers";
import { DESKTOP, PHONE, expectNoSidewaysScroll, useTheme } from "./layout";

/**
 * Issue #34's last dashboard behaviours: cards work like rows (menu, selection, keys), the detail
 * follows live events, the usage indicator says what its number is, and one Escape closes only the
 * topmost thing.
 */

/** A new Creator (bulk selection is theirs) with `n` seeded links, newest "Seeded page n" first. */
async function creator(page: Page, prefix: string, n = 12) {
  const email = `${prefix}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
  await signUp(page, email, "behaviour-password");
  await withDb((client) => client.query("update users set role = 'ProUser' where email = $1", [email]));
  if (n > 0) await seedLinks(email, n);
  const resynced = page.waitForResponse((response) => /\/api\/links\?limit=/.test(response.url()));
  await page.goto("/dashboard");
  await resynced;
  return email;
}

const savedLinks = (page: Page) => page.getByRole("list", { name: "Saved links" });
const titleLink = (page: Page, title: string) => savedLinks(page).getByRole("link", { name: title, exact: true });

async function showCards(page: Page) {
  const saved = page.waitForResponse((response) => response.url().endsWith("/api/preferences/view") && response.request().method() === "PUT");
  await page.getByRole("group", { name: "View" }).getByRole("button", { name: "Cards" }).click();
  expect((await saved).status()).toBe(200);
  await expect(page.getByTestId("link-card").first()).toBeVisible();
}

for (const { viewport, theme } of [
  { viewport: DESKTOP, theme: "dark" as const },
  { viewport: PHONE, theme: "light" as const },
]) {
  test(`cards at ${viewport.width} px (${theme}): one Tab stop, j/k and arrows, x selects, the ⋯ menu, Enter opens; axe clean`, async ({ page }) => {
    // A sign-up, 12 cards, a menu, a delete and a full axe pass: well over a minute on a shared machine.
    test.setTimeout(120_000);
    await useTheme(page, theme);
    await page.setViewportSize(viewport);
    await creator(page, `cards-${viewport.width}`);
    await showCards(page);
    const cards = savedLinks(page).getByTestId("link-card");
    await expect(cards).toHaveCount(12);
    await expect(savedLinks(page)).toHaveAttribute("data-view", "cards");

    // One Tab stop for the whole grid: a card's checkbox, tags and menu are out of the Tab order.
    await expect(savedLinks(page).locator('[tabindex="0"]')).toHaveCount(1);
    await titleLink(page, "Seeded page 12").focus();
    await page.keyboard.press("j");
    await expect(titleLink(page, "Seeded page 11")).toBeFocused();
    await page.keyboard.press("ArrowDown");
    await expect(titleLink(page, "Seeded page 10")).toBeFocused();
    await page.keyboard.press("k");
    await expect(titleLink(page, "Seeded page 11")).toBeFocused();
    await page.keyboard.press("End");
    await expect(titleLink(page, "Seeded page 1")).toBeFocused();
    await page.keyboard.press("Home");
    await expect(titleLink(page, "Seeded page 12")).toBeFocused();
    await expect(titleLink(page, "Seeded page 12")).toHaveAttribute("tabindex", "0");

    // x selects for the bulk toolbar, as in the list.
    await page.keyboard.press("j");
    await page.keyboard.press("x");
    await expect(page.getByRole("checkbox", { name: "Select Seeded page 11" })).toBeChecked();
    await expect(page.getByTestId("bulk-count")).toHaveText("1 selected");

    // `.` opens the card's ⋯ menu (the rows' own): Read, Share, Edit tags, the read state, Delete; Escape gives the focus back.
    await page.keyboard.press(".");
    const menu = page.getByRole("menu", { name: "Actions for Seeded page 11" });
    await expect(menu.getByRole("menuitem")).toHaveText(["Read", "Share", "Edit tags", "Mark read", "Archive", "Delete"]);
    await expect(menu.getByRole("menuitem", { name: "Read", exact: true })).toBeFocused();
    await expectNoAxeViolations(page);
    await page.keyboard.press("Escape");
    await expect(menu).toBeHidden();
    await expect(titleLink(page, "Seeded page 11")).toBeFocused();
    // The menu's Escape was the menu's: the selection stays.
    await expect(page.getByTestId("bulk-count")).toHaveText("1 selected");

    // A failed card offers Retry; by mouse, Delete deletes with Undo.
    const failed = cards.filter({ hasText: "Seeded page 10" });
    await failed.hover();
    await failed.getByRole("button", { name: "Actions for Seeded page 10" }).click();
    const failedMenu = page.getByRole("menu", { name: "Actions for Seeded page 10" });
    await expect(failedMenu.getByRole("menuitem")).toHaveText(["Retry", "Edit tags", "Mark read", "Archive", "Delete"]);
    await failedMenu.getByRole("menuitem", { name: "Delete" }).click();
    await expect(cards).toHaveCount(11);
    await expect(page.getByText("Link deleted.")).toBeVisible();
    await expectNoSidewaysScroll(page);

    // Enter opens the card's detail, as a row's.
    await titleLink(page, "Seeded page 12").focus();
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(/\/dashboard\/links\/[0-9a-f-]{36}$/);
    await expect(page.getByRole("complementary", { name: "Seeded page 12" }).getByRole("heading", { name: "Seeded page 12" })).toBeFocused();
  });
}

test("the open detail follows live events: Failed → Processing → Enriched with its summary, tags and attempts, without a reload", async ({ page, baseURL }) => {
  test.setTimeout(120_000);
  await page.setViewportSize(DESKTOP);
  const email = await creator(page, "panel-live", 0);
  const userId = await userIdOf(email);
  // A page that failed earlier and answers now (the fixture server's /flaky pages).
  const name = `panel-live-${Date.now()}-${Math.random().toString(36).slice(2, 8)}`;
  await fetch(pagesUrl(`/recover/${name}`));
  const url = pagesUrl(`/flaky/${name}`);
  const id = await withDb(async (client) => {
    const { rows } = await client.query<{ id: string }>(
      `insert into links (user_id, url, normalized_url, status, error, title, saved_at) values ($1, $2, $2, 'error', 'The page answered 404 Not Found', 'A failed page', now()) returning id`,
      [userId, url],
    );
    return rows[0]!.id;
  });
  const resynced = page.waitForResponse((response) => /\/api\/links\?limit=/.test(response.url()));
  await page.reload();
  await resynced;
  await titleLink(page, "A failed page").click();
  const panel = page.getByTestId("link-panel");
  await expect(panel.getByTestId("link-facts")).toContainText("Failed");
  await expect(panel.getByTestId("link-error")).toHaveText("The page answered 404 Not Found");
  let loads = 0;
  page.on("framenavigated", (frame) => {
    if (frame === page.mainFrame()) loads++;
  });
  await page.evaluate(() => ((window as unknown as { panelMark: boolean }).panelMark = true));

  // Retried elsewhere (another tab, the API): only the event stream tells this page.
  const retried = await page.request.post(`/api/links/${id}/retry`, { headers: { Origin: baseURL! } });
  expect(retried.status()).toBeLessThan(300);
  await expect(panel.getByTestId("link-facts")).toContainText("Processing");
  await expect(panel.getByTestId("link-error")).toHaveCount(0);
  // The worker enriches it: the panel shows what the enrichment brought, and the attempt.
  await expect(panel.getByTestId("link-details")).toContainText("Summary", { timeout: 60_000 });
  await expect(panel.getByTestId("link-facts")).not.toContainText(/Processing|Failed/);
  await expect(panel.getByRole("form", { name: "Title and tags" }).getByLabel("Tags", { exact: true })).toHaveValue(/indexes/);
  await expect(panel.getByTestId("link-attempt").last()).toContainText("Succeeded");
  await expect(panel.getByRole("heading", { name: "Enrichment results" })).toBeVisible();
  // Same document all along: no reload happened.
  expect(await page.evaluate(() => (window as unknown as { panelMark?: boolean }).panelMark)).toBe(true);
  expect(loads).toBe(0);
});

for (const viewport of [PHONE, DESKTOP]) {
  test(`the usage indicator says what its number is at ${viewport.width} px`, async ({ page }) => {
    await page.setViewportSize(viewport);
    await signUp(page, `usage-words-${viewport.width}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`, "usage-password");
    await page.goto("/dashboard");
    const button = page.getByTestId("usage-indicator").locator("button[aria-expanded]");
    // A Free plan's 5 enrichments a month, none used: words beside the number at every width.
    await expect(button.getByText("5 left", { exact: true })).toBeVisible();
    await expect(button).toHaveAccessibleName(/^5 left\s+of this month's enrichments \(0 of 5 used\)$/);
    await expectNoAxeViolations(page);
  });
}

test("one Escape closes only the topmost thing: a menu, else the detail, else the selection", async ({ page }) => {
  await page.setViewportSize(DESKTOP);
  await creator(page, "escape-layers");
  const count = page.getByTestId("bulk-count");
  const panel = page.getByTestId("link-panel");

  // A selection, then a link's detail over it.
  await titleLink(page, "Seeded page 12").focus();
  await page.keyboard.press("x");
  await expect(count).toHaveText("1 selected");
  await page.keyboard.press("j");
  await page.keyboard.press("Enter");
  await expect(panel.getByRole("heading", { name: "Seeded page 11" })).toBeFocused();

  // Menus in the bar (under the panel at this width: reached by keyboard) and the header: Escape
  // closes the menu alone.
  for (const opener of [
    page.getByTestId("usage-indicator").locator("button[aria-expanded]"),
    page.getByRole("button", { name: "Import and export" }),
    page.getByRole("banner").locator('button[aria-controls="account-menu"]'),
  ]) {
    await opener.focus();
    await page.keyboard.press("Enter");
    await expect(opener).toHaveAttribute("aria-expanded", "true");
    await page.keyboard.press("Escape");
    await expect(opener).toHaveAttribute("aria-expanded", "false");
    await expect(opener).toBeFocused();
    await expect(panel).toBeVisible();
    await expect(count).toHaveText("1 selected");
  }

  // A row's ⋯ menu: the same.
  await titleLink(page, "Seeded page 9").focus();
  await page.keyboard.press(".");
  const menu = page.getByRole("menu", { name: "Actions for Seeded page 9" });
  await expect(menu).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(menu).toBeHidden();
  await expect(panel).toBeVisible();
  await expect(count).toHaveText("1 selected");

  // Then the detail, and the selection stays.
  await page.keyboard.press("Escape");
  await expect(panel).toHaveCount(0);
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(count).toHaveText("1 selected");
  // Then the selection.
  await page.keyboard.press("Escape");
  await expect(count).toHaveCount(0);
});

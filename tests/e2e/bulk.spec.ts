import { expect, test, type Page } from "@playwright/test";
import { expectNoAxeViolations } from "./axe";
import { seedLinks, userIdOf, withDb } from "./db";
import { pagesUrl, signUp } from "./helpers";
import { expectNoSidewaysScroll, useTheme } from "./layout";

/** A new account made Creator (as a checkout would), on the dashboard. */
async function creator(page: Page, prefix: string) {
  const email = `${prefix}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
  await signUp(page, email, "bulk-password");
  await page.goto("/dashboard");
  await withDb((client) => client.query("update users set role = 'ProUser' where email = $1", [email]));
  return email;
}

async function reloadSettled(page: Page) {
  const resynced = page.waitForResponse((response) => /\/api\/links\?limit=/.test(response.url()));
  await page.reload();
  await resynced;
}

test("select all and re-enrich", async ({ page }) => {
  test.setTimeout(120_000);
  const email = await creator(page, "bulk-reenrich");
  const userId = await userIdOf(email);
  // Three links whose pages failed earlier and answer now: the fixture server's /flaky pages.
  const name = `bulk-${Date.now()}`;
  for (let i = 1; i <= 3; i++) {
    const url = pagesUrl(`/flaky/${name}-${i}`);
    await fetch(pagesUrl(`/recover/${name}-${i}`));
    await withDb((client) =>
      client.query(
        `insert into links (user_id, url, normalized_url, status, error, title, saved_at) values ($1, $2, $2, 'error', 'The page answered 404 Not Found', $3, now() - $4 * interval '1 minute')`,
        [userId, url, `Failed page ${i}`, 4 - i],
      ),
    );
  }
  await reloadSettled(page);
  const rows = page.getByTestId("link-row");
  await expect(rows).toHaveCount(3);
  await expect(rows.and(page.locator('[data-status="error"]'))).toHaveCount(3);

  await page.getByTestId("bulk-select-all").click();
  const toolbar = page.getByRole("region", { name: "Bulk actions" });
  await expect(toolbar.getByTestId("bulk-count")).toHaveText("3 selected");
  for (let i = 1; i <= 3; i++) await expect(page.getByRole("checkbox", { name: `Select Failed page ${i}` })).toBeChecked();
  await expectNoAxeViolations(page);

  await toolbar.getByRole("button", { name: "Re-enrich" }).click();
  const progress = page.getByTestId("bulk-progress");
  await expect(progress).toHaveAttribute("data-status", "done", { timeout: 30_000 });
  await expect(page.getByTestId("bulk-status")).toHaveText("3 links queued for enrichment.");
  await expect(page.getByTestId("bulk-status")).toBeFocused();
  // The rows turn Enriched as the worker finishes each, pushed over the event stream.
  await expect(rows.and(page.locator('[data-status="enriched"]'))).toHaveCount(3, { timeout: 60_000 });
  await expectNoAxeViolations(page);
});

test("a Shift-click range, Delete, then Undo brings the links back", async ({ page }) => {
  const email = await creator(page, "bulk-range");
  await seedLinks(email, 6);
  await reloadSettled(page);
  const rows = page.getByTestId("link-row");
  await expect(rows).toHaveCount(6);
  await expect(rows.first()).toContainText("Seeded page 6");

  await page.getByRole("checkbox", { name: "Select Seeded page 6" }).click();
  await page.getByRole("checkbox", { name: "Select Seeded page 3" }).click({ modifiers: ["Shift"] });
  const toolbar = page.getByRole("region", { name: "Bulk actions" });
  await expect(toolbar.getByTestId("bulk-count")).toHaveText("4 selected");
  for (const n of [6, 5, 4, 3]) await expect(page.getByRole("checkbox", { name: `Select Seeded page ${n}` })).toBeChecked();
  for (const n of [2, 1]) await expect(page.getByRole("checkbox", { name: `Select Seeded page ${n}` })).not.toBeChecked();

  // Escape clears the selection and leaves focus on the row it started from (its title, the list's
  // one Tab stop); x selects it again, and Shift+x on another row the range between (decision 052).
  await page.keyboard.press("Escape");
  await expect(toolbar).toHaveCount(0);
  await expect(page.getByRole("link", { name: "Seeded page 3", exact: true })).toBeFocused();
  await page.keyboard.press("x");
  await page.keyboard.press("Home");
  await expect(page.getByRole("link", { name: "Seeded page 6", exact: true })).toBeFocused();
  await page.keyboard.press("Shift+X");
  await expect(toolbar.getByTestId("bulk-count")).toHaveText("4 selected");

  await toolbar.getByRole("button", { name: "Delete" }).click();
  await expect(page.getByTestId("bulk-status")).toHaveText("4 links deleted.", { timeout: 30_000 });
  await expect(rows).toHaveCount(2);
  const undo = toolbar.getByRole("button", { name: "Undo" });
  await expect(undo).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(page.getByTestId("bulk-status")).toHaveText("4 links restored.", { timeout: 30_000 });
  await expect(rows).toHaveCount(6);
  await expect(rows.first()).toContainText("Seeded page 6");
});

test("the toolbar fits a 360 px phone in the dark theme, and a Free plan sees the lock instead", async ({ page }) => {
  await useTheme(page, "dark");
  await page.setViewportSize({ width: 360, height: 740 });
  const email = await creator(page, "bulk-phone");
  await seedLinks(email, 3);
  // An imported link left "Not enriched" is among what "Select all" acts on, and counted.
  const userId = await userIdOf(email);
  await withDb((client) =>
    client.query(
      `insert into links (user_id, url, normalized_url, status, error, title, saved_at) values ($1, $2, $2, 'unenriched', 'Not enriched — allowance used', 'Imported page', now() - interval '1 day')`,
      [userId, pagesUrl(`/imported/${Date.now()}`)],
    ),
  );
  await reloadSettled(page);
  await expect(page.getByTestId("bulk-select-all")).toHaveText("Select all 4 links");
  await page.getByRole("checkbox", { name: "Select Seeded page 2" }).click();
  const toolbar = page.getByRole("region", { name: "Bulk actions" });
  await expect(toolbar.getByTestId("bulk-count")).toHaveText("1 selected");
  await toolbar.getByRole("button", { name: "Add tag" }).click();
  await expect(toolbar.getByRole("textbox", { name: "Tag" })).toBeFocused();
  await expectNoSidewaysScroll(page);
  await expectNoAxeViolations(page);
  await page.keyboard.type("reading");
  await page.keyboard.press("Enter");
  await expect(page.getByTestId("bulk-status")).toHaveText("1 link tagged #reading.", { timeout: 30_000 });
  await expect(page.getByTestId("link-row").filter({ hasText: "Seeded page 2" })).toContainText("reading");

  // With a filter on, "Select all matching" selects by the filter on the server.
  await page.goto("/dashboard?tag=reading");
  await expect(page.getByTestId("link-row")).toHaveCount(1);
  // The search's matches are counted by the server (GET /api/links/count).
  await page.getByRole("button", { name: "Select all 1 matching" }).click();
  await expect(toolbar.getByTestId("bulk-count")).toHaveText("1 selected");
  await expect(page.getByRole("checkbox", { name: "Select Seeded page 2" })).toBeChecked();
  await toolbar.getByRole("button", { name: "Share", exact: true }).click();
  await expect(page.getByTestId("bulk-status")).toHaveText("1 link shared.", { timeout: 30_000 });

  await withDb((client) => client.query("update users set role = 'FreeUser' where email = $1", [email]));
  await page.reload();
  await expect(page.getByTestId("link-row").first()).toBeVisible();
  await expect(page.getByRole("checkbox", { name: /^Select / })).toHaveCount(0);
  await expectNoAxeViolations(page);
  // The lock that says which plan has bulk actions: beside the list on a desktop (a phone's first
  // screen is kept for the links).
  await page.setViewportSize({ width: 1280, height: 800 });
  await expect(page.getByRole("link", { name: /Bulk actions \(Creator\)/ })).toHaveAttribute("href", "/upgrade?feature=batchProcessing");
});

test("deleting all 60 links of a tag asks first with the count; the result and Undo outlive the emptied list, and Undo brings every one back", async ({ page }) => {
  test.setTimeout(120_000);
  // The page's clock runs as usual; fastForward below jumps it past any short-lived offer.
  await page.clock.install();
  const email = await creator(page, "bulk-triage");
  await seedLinks(email, 62);
  // Sixty carry #triage; two do not.
  await withDb(async (client) => client.query("update links set tags = array['triage'] where user_id = $1 and title not in ('Seeded page 1', 'Seeded page 2')", [await userIdOf(email)]));
  await reloadSettled(page);
  await page.getByRole("button", { name: "Show links tagged triage" }).first().click();
  await expect(page).toHaveURL(/tag=triage/);
  const rows = page.getByTestId("link-row");
  await expect(rows).toHaveCount(50);
  await page.getByRole("button", { name: "Select all 60 matching" }).click();
  const toolbar = page.getByRole("region", { name: "Bulk actions" });
  await expect(toolbar.getByTestId("bulk-count")).toHaveText("60 selected");

  // More than a screenful: a real dialog asks, with the count; Cancel has the focus, Escape cancels.
  await toolbar.getByRole("button", { name: "Delete" }).click();
  const dialog = page.getByRole("alertdialog", { name: "Delete 60 links?" });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText("Recently deleted");
  await expect(dialog.getByRole("button", { name: "Cancel" })).toBeFocused();
  await expectNoAxeViolations(page);
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  await expect(toolbar.getByTestId("bulk-count")).toHaveText("60 selected");
  await expect(rows).toHaveCount(50);

  // Asked again and confirmed by keyboard: the focus stays in the dialog (the page behind is inert).
  await toolbar.getByRole("button", { name: "Delete" }).click();
  await expect(dialog.getByRole("button", { name: "Cancel" })).toBeFocused();
  await page.keyboard.press("Tab");
  const confirm = dialog.getByRole("button", { name: "Delete 60 links" });
  await expect(confirm).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(page.getByTestId("bulk-status")).toHaveText("60 links deleted.", { timeout: 30_000 });
  // The list is empty, and the result with its Undo is still there, long after a toast would have gone.
  await expect(rows).toHaveCount(0);
  await expect(page.getByTestId("search-empty")).toBeVisible();
  const undo = toolbar.getByRole("button", { name: "Undo" });
  await expect(undo).toBeFocused();
  await expect(toolbar.getByTestId("bulk-undo-until")).toContainText("Recently deleted");
  await page.clock.fastForward("01:00");
  await expect(undo).toBeVisible();
  await expectNoAxeViolations(page);

  await undo.click();
  await expect(page.getByTestId("bulk-status")).toHaveText("60 links restored.", { timeout: 30_000 });
  await expect(rows).toHaveCount(50);
  const restored = await withDb(async (client) => client.query("select count(*)::int as n from links where user_id = $1 and deleted_at is null and 'triage' = any(tags)", [await userIdOf(email)]));
  expect(restored.rows[0].n).toBe(60);
});

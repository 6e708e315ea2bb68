import { expect, test, type Page } from "@playwright/test";
import { expectNoAxeViolations } from "./axe";
import { seedLinks, spendAllowance, userIdOf, withDb } from "./db";
import { pagesUrl, rowAction, rowActions, signUp } from "./helpers";
import { DESKTOP, expectNoSidewaysScroll, useTheme, type Theme } from "./layout";

// Sign-up, seeding, two tabs and axe passes: room for a busy shared machine.
test.describe.configure({ timeout: 90_000 });

/** A Creator with `n` seeded links, on the dashboard with its event stream connected. */
async function creatorWithLinks(page: Page, n: number) {
  const email = `undo-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
  await signUp(page, email, "undo-password");
  await page.goto("/dashboard");
  await withDb(async (client) => client.query("update users set role = 'ProUser' where id = $1", [await userIdOf(email)]));
  await seedLinks(email, n);
  await openDashboard(page);
  return email;
}

/** The dashboard once its event stream has connected (its first resync is the sign). */
async function openDashboard(page: Page) {
  const resynced = page.waitForResponse((response) => /\/api\/links\?limit=/.test(response.url()));
  await page.goto("/dashboard");
  await resynced;
}

const titles = (page: Page) => page.getByTestId("link-row").locator("[data-row-link]").allTextContents();
const rowTitled = (page: Page, title: string) => page.getByTestId("link-row").filter({ has: page.getByRole("link", { name: title, exact: true }) });
/** A status filter's count in the library's sidebar. */
const statistic = (page: Page, label: "Saved" | "Failed") =>
  page.getByRole("complementary", { name: "Library" }).getByTestId(`status-filter-${label === "Saved" ? "all" : "error"}`).locator("span").last();

test("delete shows Undo, Undo puts the link back where it was (here and in another tab), and without Undo it stays gone", async ({ page, context }) => {
  await creatorWithLinks(page, 5);
  const other = await context.newPage();
  await openDashboard(other);
  const all = ["Seeded page 5", "Seeded page 4", "Seeded page 3", "Seeded page 2", "Seeded page 1"];
  await expect.poll(() => titles(page)).toEqual(all);
  await expect.poll(() => titles(other)).toEqual(all);

  // The row goes at once; the toast says so and offers Undo, with the keyboard on it.
  await rowAction(rowTitled(page, "Seeded page 3"), "Delete");
  const without = all.filter((t) => t !== "Seeded page 3");
  await expect.poll(() => titles(page)).toEqual(without);
  const toast = page.getByRole("status").filter({ hasText: "Link deleted." });
  await expect(toast).toBeVisible();
  const undo = toast.getByRole("button", { name: "Undo" });
  await expect(undo).toBeFocused();
  // The pointer on the toast holds it while the checks below take their time.
  await toast.hover();
  await expect(statistic(page, "Saved")).toHaveText("4");
  await expect.poll(() => titles(other)).toEqual(without);
  await expectNoAxeViolations(page);
  await expect(undo).toBeFocused();

  // Undo by keyboard: back in its place, in both tabs.
  await page.keyboard.press("Enter");
  await expect.poll(() => titles(page)).toEqual(all);
  await expect(toast).toHaveCount(0);
  await expect(page.getByRole("link", { name: "Seeded page 3", exact: true })).toBeFocused();
  await expect(statistic(page, "Saved")).toHaveText("5");
  await expect.poll(() => titles(other)).toEqual(all);

  // Deleted again and left alone: the offer ends by itself (about 8 s), and a reload agrees.
  await rowAction(rowTitled(page, "Seeded page 2"), "Delete");
  await expect(toast).toBeVisible();
  await page.mouse.move(0, 0);
  await expect(toast).toHaveCount(0, { timeout: 20_000 });
  await page.reload();
  await expect.poll(() => titles(page)).toEqual(all.filter((t) => t !== "Seeded page 2"));
  await expect(statistic(page, "Saved")).toHaveText("4");
  await expect.poll(() => titles(other)).toEqual(all.filter((t) => t !== "Seeded page 2"));
});

for (const [theme, viewport] of [
  ["dark", { width: 390, height: 844 }],
  ["light", { width: 390, height: 844 }],
  ["dark", DESKTOP],
] as Array<[Theme, { width: number; height: number }]>) {
  test(`the Undo toast passes axe-core and fits a ${viewport.width} px screen (${theme} theme)`, async ({ page }) => {
    await page.setViewportSize(viewport);
    await useTheme(page, theme);
    await creatorWithLinks(page, 3);
    await rowAction(rowTitled(page, "Seeded page 2"), "Delete");
    const toast = page.getByRole("status").filter({ hasText: "Link deleted." });
    await expect(toast.getByRole("button", { name: "Undo" })).toBeVisible();
    await toast.hover();
    const box = (await toast.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(viewport.width);
    await expectNoSidewaysScroll(page);
    // The toast's own targets (the rows' are the phone layout's business, checked with it).
    for (const button of await toast.getByRole("button").all()) {
      const target = (await button.boundingBox())!;
      expect(Math.min(target.width, target.height)).toBeGreaterThanOrEqual(24);
    }
    await expectNoAxeViolations(page);
    await expect(toast).toBeVisible();
    await toast.getByRole("button", { name: "Undo" }).click();
    await expect(page.getByRole("link", { name: "Seeded page 2", exact: true })).toBeVisible();
  });
}

test("a link shared from a phone with the month's enrichments used up is saved, and the user is told why it is not enriched", async ({ page }) => {
  const email = `share-quota-${Date.now()}@example.com`;
  await signUp(page, email, "share-password");
  await spendAllowance(email, 5);
  const shared = pagesUrl("/article");
  await page.goto(`/share-target?${new URLSearchParams({ url: shared })}`);
  await expect(page).toHaveURL("/dashboard");
  const message = page.getByRole("alert").filter({ hasText: "Link saved" });
  await expect(message).toContainText("no enrichment is left this month");
  const row = page.getByTestId("link-row").first();
  await expect(row).toHaveAttribute("data-url", shared);
  await expect(row.getByTestId("link-error")).toHaveText("Monthly enrichment limit reached — buy a pack or upgrade");
  expect(await rowActions(row)).toContain("Retry");
  await expect(statistic(page, "Failed")).toHaveText("1");
  await expectNoAxeViolations(page);
});

test("Recently deleted lists deleted links with when they go for good; Restore brings one back, Restore all the rest (phone, dark theme)", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await useTheme(page, "dark");
  const email = await creatorWithLinks(page, 4);
  await rowAction(rowTitled(page, "Seeded page 2"), "Delete");
  await expect(page.getByRole("status").filter({ hasText: "Link deleted." })).toBeVisible();
  // Two more deleted earlier, elsewhere.
  await withDb(async (client) =>
    client.query("update links set deleted_at = now() - interval '1 day' where user_id = $1 and title in ('Seeded page 1', 'Seeded page 3')", [await userIdOf(email)]),
  );

  // On a phone it is in the library's drawer.
  await page.getByRole("button", { name: "Tags, filters and saved searches" }).click();
  await page.getByRole("dialog", { name: "Library" }).getByRole("link", { name: "Recently deleted" }).click();
  await expect(page).toHaveURL("/dashboard/deleted");
  await expect(page.getByRole("heading", { level: 1, name: "Recently deleted" })).toBeVisible();
  const rows = page.getByTestId("deleted-row");
  // Last deleted first, each saying when it is removed for good.
  await expect(rows).toHaveCount(3);
  await expect(rows.first()).toContainText("Seeded page 2");
  await expect(rows.first()).toContainText("removed for good after");
  await expect(page.getByText("Deleted links stay here for 30 days")).toBeVisible();
  await expectNoSidewaysScroll(page);
  await expectNoAxeViolations(page);

  await page.getByRole("button", { name: "Restore Seeded page 2" }).click();
  await expect(page.getByTestId("trash-status")).toContainText("Restored “Seeded page 2”.");
  await expect(rows).toHaveCount(2);
  await expect(page.getByRole("button", { name: /^Restore Seeded page/ }).first()).toBeFocused();

  await page.getByRole("button", { name: "Restore all 2" }).click();
  await expect(page.getByTestId("trash-status")).toContainText("2 links restored.", { timeout: 30_000 });
  await expect(page.getByTestId("trash-empty")).toBeVisible();
  await expectNoAxeViolations(page);

  await page.getByRole("link", { name: "Open the dashboard" }).click();
  await expect.poll(() => titles(page)).toEqual(["Seeded page 4", "Seeded page 3", "Seeded page 2", "Seeded page 1"]);
});

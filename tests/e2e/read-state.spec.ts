import { expect, test, type Page } from "@playwright/test";
import { expectNoAxeViolations } from "./axe";
import { seedLinks, userIdOf, withDb } from "./db";
import { rowAction, signUp } from "./helpers";

// Read, unread, archive (decision 056): the ⋯ menu marks a link read and archives one, the
// sidebar's Unread / Read / Archived filters count and show them, and a bulk Mark read empties
// the Unread view of what it read. A phone (the sidebar in a drawer) and a desktop.

async function creatorWithLinks(page: Page, n: number) {
  const email = `read-state-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
  await signUp(page, email, "read-state-password");
  const userId = await userIdOf(email);
  await withDb((client) => client.query("update users set email_confirmed = true, role = 'ProUser' where id = $1", [userId]));
  await seedLinks(email, n);
  await page.goto("/dashboard");
}

/** Runs `act` on the sidebar: the drawer on a phone (opened first), the complementary region on a desktop. */
async function inSidebar(page: Page, phone: boolean, act: (sidebar: ReturnType<Page["getByTestId"]>) => Promise<void>) {
  if (phone) await page.getByRole("button", { name: "Tags, filters and saved searches" }).click();
  const scope = phone ? page.getByTestId("library-drawer") : page.getByRole("complementary", { name: "Library" });
  await act(scope.getByTestId("library-sidebar"));
}

for (const [name, viewport] of [
  ["phone", { width: 390, height: 844 }],
  ["desktop", { width: 1280, height: 900 }],
] as const) {
  test(`${name}: the ⋯ menu marks read and archives, the filters count and show, bulk marks read`, async ({ page }) => {
    test.setTimeout(120_000);
    const phone = viewport.width < 1024;
    await page.setViewportSize(viewport);
    await creatorWithLinks(page, 6);
    const rows = page.getByTestId("link-row");
    await expect(rows).toHaveCount(6);
    const row = (n: number) => rows.filter({ has: page.locator(`[data-row-link]`, { hasText: new RegExp(`^Seeded page ${n}$`) }) });
    // Every link starts unread: a heavier title, described as Unread.
    await expect(rows.and(page.locator('[data-read="false"]'))).toHaveCount(6);
    await expect(row(6).locator("[data-row-link]")).toHaveAccessibleDescription("Unread");

    await rowAction(row(6), "Mark read");
    await expect(row(6)).toHaveAttribute("data-read", "true");
    await expect(row(6).locator("[data-row-link]")).toHaveAccessibleDescription("");
    await rowAction(row(5), "Archive");
    await expect(row(5)).toHaveCount(0);
    await expect(page.getByText("Link archived.")).toBeVisible();
    await expect(rows).toHaveCount(5);
    await expectNoAxeViolations(page);

    // The counts, then the Unread filter: the read one and the archived one are out of it.
    await inSidebar(page, phone, async (sidebar) => {
      await expect(sidebar.getByTestId("state-filter-unread")).toContainText("4");
      await expect(sidebar.getByTestId("state-filter-read")).toContainText("1");
      await expect(sidebar.getByTestId("state-filter-archived")).toContainText("1");
      await expectNoAxeViolations(page);
      await sidebar.getByTestId("state-filter-unread").click();
    });
    await expect(page).toHaveURL(/state=unread/);
    await expect(rows).toHaveCount(4);
    await expect(row(6)).toHaveCount(0);

    // Bulk: two unread links marked read leave the Unread view.
    await page.getByRole("checkbox", { name: "Select Seeded page 4" }).click();
    await page.getByRole("checkbox", { name: "Select Seeded page 3" }).click();
    const toolbar = page.getByRole("region", { name: "Bulk actions" });
    await expect(toolbar.getByTestId("bulk-count")).toHaveText("2 selected");
    await toolbar.getByRole("button", { name: "Mark read", exact: true }).click();
    await expect(page.getByTestId("bulk-progress")).toHaveAttribute("data-status", "done", { timeout: 30_000 });
    await expect(page.getByTestId("bulk-status")).toHaveText("2 links marked read.");
    await expect(rows).toHaveCount(2);
    await expectNoAxeViolations(page);

    // Archived shows the archived one.
    await inSidebar(page, phone, async (sidebar) => {
      await expect(sidebar.getByTestId("state-filter-read")).toContainText("3");
      await sidebar.getByTestId("state-filter-archived").click();
    });
    await expect(page).toHaveURL(/state=archived/);
    await expect(rows).toHaveCount(1);
    await expect(row(5)).toHaveAttribute("data-archived", "true");
  });
}

test("Undo after archiving in a filtered view puts the row back where it was, without a reload", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await creatorWithLinks(page, 6);
  const rows = page.getByTestId("link-row");
  await expect(rows).toHaveCount(6);
  await page.getByRole("complementary", { name: "Library" }).getByTestId("state-filter-unread").click();
  await expect(page).toHaveURL(/state=unread/);
  const titles = () => rows.locator("[data-row-link]").allTextContents();
  await expect.poll(titles).toEqual(["Seeded page 6", "Seeded page 5", "Seeded page 4", "Seeded page 3", "Seeded page 2", "Seeded page 1"]);
  await rowAction(rows.nth(2), "Archive");
  await expect.poll(titles).toEqual(["Seeded page 6", "Seeded page 5", "Seeded page 3", "Seeded page 2", "Seeded page 1"]);
  await page.getByRole("button", { name: "Undo" }).click();
  await expect.poll(titles).toEqual(["Seeded page 6", "Seeded page 5", "Seeded page 4", "Seeded page 3", "Seeded page 2", "Seeded page 1"]);
  await expect(rows.nth(2)).toHaveAttribute("data-archived", "false");
});

import { expect, test } from "@playwright/test";
import { seedLinks, userIdOf, withDb } from "./db";
import { signUp } from "./helpers";

test.describe.configure({ timeout: 90_000 });

// Decision 053: adding a page already saved says so and opens it; one in Recently deleted is
// offered back (Restore it), never saved twice nor restored behind the user's back.
test("the Add form says a page is already in the library and Open it goes to its row; one in Recently deleted is restored on request", async ({ page }) => {
  const email = `dup-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
  await signUp(page, email, "dup-password");
  await seedLinks(email, 3);
  await page.goto("/dashboard");
  const rows = page.getByTestId("link-row");
  await expect(rows).toHaveCount(3);

  const field = page.getByLabel("Save a link");
  await field.fill("https://library.e2e.test/2#again");
  await page.getByRole("button", { name: "Save", exact: true }).click();
  const found = page.getByTestId("already-saved");
  await expect(found).toContainText("Already in your library");
  await expect(rows).toHaveCount(3);
  await found.getByRole("button", { name: "Open it" }).click();
  const row = page.locator('[data-testid="link-row"]', { hasText: "Seeded page 2" });
  await expect(row).toBeInViewport();
  await expect.poll(() => row.evaluate((element) => element.contains(document.activeElement))).toBe(true);

  const id = await withDb(async (client) => {
    const result = await client.query<{ id: string }>("update links set deleted_at = now() where user_id = $1 and url = 'https://library.e2e.test/1' returning id", [await userIdOf(email)]);
    return result.rows[0]!.id;
  });
  await page.reload();
  await expect(rows).toHaveCount(2);
  await field.fill("https://library.e2e.test/1");
  await page.getByRole("button", { name: "Save", exact: true }).click();
  await expect(found).toContainText("This link is in Recently deleted");
  await expect(rows).toHaveCount(2);
  await found.getByRole("button", { name: "Restore it" }).click();
  await expect(rows).toHaveCount(3);
  await expect(page.locator(`[data-link-id="${id}"]`)).toBeVisible();
  await expect(found).toHaveCount(0);
});

test("the sidebar's Possible duplicates shows the links that share a title, together, and pressing it again shows them all", async ({ page }) => {
  const email = `dupf-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
  await signUp(page, email, "dup-password");
  await seedLinks(email, 4);
  await withDb(async (client) => {
    await client.query("update links set title = 'Seeded  PAGE 1' where user_id = $1 and url = 'https://library.e2e.test/3'", [await userIdOf(email)]);
  });
  await page.goto("/dashboard");
  const rows = page.getByTestId("link-row");
  await expect(rows).toHaveCount(4);
  const filter = page.getByTestId("status-filter-duplicates");
  await filter.click();
  await expect(filter).toHaveAttribute("aria-pressed", "true");
  await expect(page).toHaveURL(/duplicates=true/);
  await expect(rows).toHaveCount(2);
  await expect(rows.nth(0)).toHaveAttribute("data-url", /library\.e2e\.test\/(1|3)$/);
  await expect(rows.nth(1)).toHaveAttribute("data-url", /library\.e2e\.test\/(1|3)$/);
  await filter.click();
  await expect(rows).toHaveCount(4);
});

import { expect, test, type Page } from "@playwright/test";
import { E2E_ADMIN, signIn, signUp } from "./helpers";

const count = async (page: Page, testId: string) => Number((await page.getByTestId(testId).textContent())!.replace(/,/g, ""));

test("an admin sees the stat cards with live numbers and a new sign-up in the activity", async ({ page, browser }) => {
  // Someone signs up in their own browser.
  const visitor = await browser.newContext();
  const email = `stats-${Date.now()}@example.com`;
  await signUp(await visitor.newPage(), email, "secret-pass");
  await visitor.close();

  await signIn(page, E2E_ADMIN);
  await page.goto("/admin");
  await expect(page.getByRole("heading", { level: 1, name: "Admin" })).toBeVisible();
  for (const heading of ["Quick actions", "Statistics", "Users", "Global feature flags", "Recent activity"]) {
    await expect(page.getByRole("heading", { level: 2, name: heading })).toBeVisible();
  }

  // The cards show what the API counts (other specs sign up Free users meanwhile; admins and
  // the seeded Creator stay put).
  const stats = await (await page.request.get("/api/admin/stats")).json();
  await expect(page.getByTestId("stat-role-Admin")).toHaveText(String(stats.users.byRole.Admin));
  await expect(page.getByTestId("stat-role-ProUser")).toHaveText(String(stats.users.byRole.ProUser));
  expect(stats.users.byRole.Admin).toBe(1);
  expect(await count(page, "stat-users-total")).toBeGreaterThanOrEqual(3);
  expect(await count(page, "stat-links-total")).toBeGreaterThanOrEqual(await count(page, "stat-links-today"));
  // The seeded demo community's links are real rows, not the spec's sample "2847".
  expect(await count(page, "stat-links-total")).toBeGreaterThan(100);
  await expect(page.getByTestId("stat-workers")).toHaveText("1");
  await expect(page.getByTestId("stat-queue-enrich-link")).toBeVisible();

  // The quick actions link where they say.
  await expect(page.getByTestId("quick-feature-toggles").getByRole("link")).toHaveAttribute("href", "/admin/feature-toggles");
  await expect(page.getByTestId("quick-jobs").getByRole("link")).toHaveAttribute("href", "/admin/jobs");

  // The sign-up shows in the activity, under the Accounts filter too.
  await expect(page.getByTestId("activity-entry").filter({ hasText: `${email} signed up as Free` })).toBeVisible();
  await page.getByRole("navigation", { name: "Filter activity by kind" }).getByRole("link", { name: "Accounts" }).click();
  await expect(page).toHaveURL(/akind=account/);
  await expect(page.getByRole("navigation", { name: "Filter activity by kind" }).getByRole("link", { name: "Accounts" })).toHaveAttribute("aria-current", "page");
  await expect(page.getByTestId("activity-entry").filter({ hasText: `${email} signed up as Free` })).toBeVisible();
});

test("the console fits a phone screen", async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 812 });
  await signIn(page, E2E_ADMIN);
  await page.goto("/admin");
  await expect(page.getByTestId("stat-card-users")).toBeVisible();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  // The flag table scrolls sideways only when it must; on a phone it fits.
  expect(await page.getByTestId("flags-table").evaluate((table) => table.scrollWidth - table.clientWidth)).toBeLessThanOrEqual(0);
});

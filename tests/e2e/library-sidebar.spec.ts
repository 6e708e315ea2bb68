import { expect, test, type Page } from "@playwright/test";
import { expectNoAxeViolations } from "./axe";
import { seedLinks, userIdOf, withDb } from "./db";
import { signUp } from "./helpers";

// The dashboard is the list (issue #34, decision 051): a slim bar over the list, a sidebar (a
// drawer on phones) with status filters, saved searches and tags, a remembered view, and one
// count everywhere in the reader's grouping. Libraries are seeded in SQL, a few links or 1,234.

async function userWithLinks(page: Page, n: number, { creator = false } = {}) {
  const email = `sidebar-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
  await signUp(page, email, "sidebar-password");
  await page.goto("/dashboard");
  const userId = await userIdOf(email);
  // A confirmed account, as most are: no confirmation banner above the bar.
  await withDb((client) => client.query("update users set email_confirmed = true, role = $2 where id = $1", [userId, creator ? "ProUser" : "FreeUser"]));
  await seedLinks(email, n);
  return { email, userId };
}

/** Gives seeded links tags: each `[tag, every]` tags links whose number is a multiple of `every`. */
async function tagLinks(userId: string, rules: Array<[string, number]>) {
  for (const [tag, every] of rules) {
    await withDb((client) =>
      client.query(
        `update links set tags = tags || array[$2::text], user_tags = user_tags || array[$2::text]
         where user_id = $1 and (regexp_replace(url, '^.*/', ''))::int % $3 = 0`,
        [userId, tag, every],
      ),
    );
  }
}

const sidebar = (page: Page) => page.getByRole("complementary", { name: "Library" });
const tagButton = (page: Page, tag: string) => sidebar(page).getByRole("list", { name: "Tags" }).getByRole("button", { name: new RegExp(`^#${tag} \\d`) });

test.describe("phone", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("the first screen shows at least three links, and the drawer works by keyboard", async ({ page }) => {
    const { userId } = await userWithLinks(page, 8);
    await tagLinks(userId, [["reading", 2]]);
    await page.reload();
    const rows = page.getByTestId("link-row");
    await expect(rows).toHaveCount(8);
    // At least three rows wholly inside the first 844 px.
    const inView = await rows.evaluateAll((elements) => elements.filter((element) => element.getBoundingClientRect().bottom <= window.innerHeight).length);
    expect(inView).toBeGreaterThanOrEqual(3);

    // The sidebar is a drawer: a button opens it, focus goes inside, Escape closes it and returns focus.
    const opener = page.getByRole("button", { name: "Tags, filters and saved searches" });
    await opener.focus();
    await page.keyboard.press("Enter");
    const drawer = page.getByRole("dialog", { name: "Library" });
    await expect(drawer).toBeVisible();
    await expect.poll(() => drawer.evaluate((element) => element.contains(document.activeElement))).toBe(true);
    await expectNoAxeViolations(page);
    await page.keyboard.press("Escape");
    await expect(drawer).toBeHidden();
    await expect(opener).toBeFocused();

    // Picking a tag in the drawer filters the list and closes the drawer.
    await opener.click();
    await drawer.getByRole("button", { name: /^#reading 4/ }).click();
    await expect(drawer).toBeHidden();
    await expect(page).toHaveURL(/tag=reading/);
    await expect(rows).toHaveCount(4);
    await expect(opener).toBeFocused();
  });
});

test("rename and merge a tag across the library: every link keeps its other tags", async ({ page }) => {
  const { userId } = await userWithLinks(page, 6);
  // js on 2, 4, 6; javascript on 3, 6; news on 5.
  await tagLinks(userId, [["js", 2], ["javascript", 3], ["news", 5]]);
  await page.reload();
  await expect(tagButton(page, "js")).toContainText("3");

  // Select js, then merge it into javascript (the field says it is a merge before it is done).
  await tagButton(page, "js").click();
  await expect(page).toHaveURL(/tag=js/);
  await sidebar(page).getByRole("button", { name: "Rename or merge #js" }).click();
  const field = sidebar(page).getByLabel("New name for #js");
  await expect(field).toBeFocused();
  await field.fill("javascript");
  await expect(sidebar(page)).toContainText("#javascript exists");
  await sidebar(page).getByRole("button", { name: "Merge" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Merged #js into #javascript on 3 links." })).toBeVisible();
  // The view follows the new name; the counts are the database's.
  await expect(page).toHaveURL(/tag=javascript/);
  await expect(tagButton(page, "javascript")).toContainText("4");
  await expect(tagButton(page, "js")).toHaveCount(0);
  await expect(page.getByTestId("link-row")).toHaveCount(4);

  const rows = await withDb((client) => client.query<{ n: string; tags: string[] }>(`select regexp_replace(url, '^.*/', '') as n, tags from links where user_id = $1 order by 1`, [userId]));
  expect(Object.fromEntries(rows.rows.map((row) => [row.n, row.tags]))).toEqual({
    "1": [],
    "2": ["javascript"],
    "3": ["javascript"],
    "4": ["javascript"],
    "5": ["news"],
    "6": ["javascript"],
  });

  // A rename to a new name, by keyboard.
  await sidebar(page).getByRole("button", { name: "Rename or merge #javascript" }).click();
  await sidebar(page).getByLabel("New name for #javascript").fill("JavaScript");
  await page.keyboard.press("Enter");
  await expect(tagButton(page, "JavaScript")).toContainText("4");
  await expect(tagButton(page, "news")).toContainText("1");
});

test("a saved search comes back after a reload, applies with one press, and can be deleted", async ({ page }) => {
  const { userId } = await userWithLinks(page, 12);
  await tagLinks(userId, [["postgres", 3]]);
  await page.reload();
  await tagButton(page, "postgres").click();
  await sidebar(page).getByTestId("status-filter-error").click();
  await expect(page).toHaveURL(/status=error/);
  // Links 3, 6, 9, 12 are tagged; 10 is the only failed one, so nothing matches: the view is empty.
  await expect(page.getByTestId("search-empty")).toBeVisible();
  await sidebar(page).getByTestId("status-filter-all").click();
  await tagButton(page, "postgres").click();
  await expect(page.getByTestId("link-row")).toHaveCount(4);

  await sidebar(page).getByRole("button", { name: "Save search" }).click();
  await sidebar(page).getByLabel("Name this search").fill("Postgres reading");
  await sidebar(page).getByRole("button", { name: "Save", exact: true }).click();
  const saved = sidebar(page).getByRole("list", { name: "Saved searches" });
  await expect(saved.getByRole("button", { name: "Postgres reading", exact: true })).toHaveAttribute("aria-pressed", "true");

  await page.goto("/dashboard");
  await expect(page.getByTestId("link-row")).toHaveCount(12);
  await saved.getByRole("button", { name: "Postgres reading", exact: true }).click();
  await expect(page).toHaveURL(/tag=postgres/);
  await expect(page.getByTestId("link-row")).toHaveCount(4);

  await saved.getByRole("button", { name: "Delete saved search Postgres reading" }).click();
  await expect(saved).toHaveCount(0);
  await page.reload();
  await expect(sidebar(page)).toContainText("Search or pick a filter, then save it here.");
});

test("the view (list or cards) is remembered for the user across a reload", async ({ page }) => {
  await userWithLinks(page, 3);
  await page.reload();
  await expect(page.getByTestId("link-row")).toHaveCount(3);
  const cards = page.getByRole("group", { name: "View" }).getByRole("button", { name: "Cards" });
  const saved = page.waitForResponse((response) => response.url().endsWith("/api/preferences/view") && response.request().method() === "PUT");
  await cards.click();
  expect((await saved).status()).toBe(200);
  await expect(page.getByTestId("link-card")).toHaveCount(3);
  await page.reload();
  await expect(cards).toHaveAttribute("aria-pressed", "true");
  await expect(page.getByTestId("link-card")).toHaveCount(3);
  await expect(page.getByTestId("link-row")).toHaveCount(0);
  await expectNoAxeViolations(page);
});

test("one count everywhere, in the reader's grouping: the bar, Showing n of N and Select all", async ({ page }) => {
  test.setTimeout(90_000);
  await userWithLinks(page, 1_234, { creator: true });
  await page.reload();
  await expect(page.getByTestId("view-total")).toHaveText("1,234 links");
  await expect(page.getByTestId("links-count")).toHaveText("Showing 50 of 1,234 links");
  await expect(sidebar(page).getByTestId("status-filter-all")).toContainText("1,234");
  await expect(page.getByTestId("bulk-select-all")).toHaveText("Select all 1,234 links");

  // A filter: the same one number (123 failed links: every tenth), before and after a reload.
  await sidebar(page).getByTestId("status-filter-error").click();
  await expect(page.getByTestId("view-total")).toHaveText("123 matching");
  await expect(page.getByTestId("matching-links-count")).toHaveText("Showing 50 of 123 matching links");
  await expect(sidebar(page).getByTestId("status-filter-error")).toContainText("123");
  await expect(page.getByTestId("bulk-select-all")).toHaveText("Select all 123 matching");
  await page.reload();
  await expect(page.getByTestId("view-total")).toHaveText("123 matching");
  await expect(page.getByTestId("matching-links-count")).toHaveText("Showing 50 of 123 matching links");
});

// A page asked for one view and answered after the person picked another belongs to neither: Load
// more's answer for the whole library must not be added under the Failed filter, nor a bulk
// action's refresh of it replace the filter's rows.
test("a Load more still on its way when a filter is picked is not added to the filtered rows", async ({ page }) => {
  await userWithLinks(page, 60);
  await page.reload();
  const rows = page.getByTestId("link-row");
  await expect(rows).toHaveCount(50);
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  let asked!: () => void;
  const askedForMore = new Promise<void>((resolve) => (asked = resolve));
  await page.route(/\/api\/links\?.*before=/, async (route) => {
    asked();
    await held;
    await route.continue();
  });
  await page.getByRole("button", { name: "Load more" }).click();
  await askedForMore;
  await sidebar(page).getByTestId("status-filter-error").click();
  // Links 10, 20 … 60 are the failed ones.
  await expect(rows).toHaveCount(6);
  const answered = page.waitForResponse(/\/api\/links\?.*before=/);
  release();
  await answered;
  // The answer is read in a task after it arrives; two frames later it would have been drawn.
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
  await expect(rows).toHaveCount(6);
  for (const status of await rows.evaluateAll((items) => items.map((item) => item.getAttribute("data-status")))) expect(status).toBe("error");
});

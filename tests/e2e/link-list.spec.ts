import { expect, test, type Page } from "@playwright/test";
import { expectNoAxeViolations } from "./axe";
import { seedLinks, userIdOf, withDb } from "./db";
import { signUp } from "./helpers";
import { DESKTOP, expectNoSidewaysScroll, useTheme } from "./layout";

/**
 * The saved links list as one keyboard widget (decision 052), its rows' ⋯ menu, and a link's
 * detail: a side panel at 1280 px, its own page at 390 px.
 */

/** A new Creator (bulk selection is theirs) with 12 seeded links, newest "Seeded page 12" first; page 12 has five tags. */
async function library(page: Page, prefix: string) {
  const email = `${prefix}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
  await signUp(page, email, "rows-password");
  await page.goto("/dashboard");
  await withDb((client) => client.query("update users set role = 'ProUser' where email = $1", [email]));
  await seedLinks(email, 12);
  const userId = await userIdOf(email);
  await withDb((client) =>
    client.query("update links set tags = array['postgres','indexes','reading','later','sql'], user_tags = array['postgres'] where user_id = $1 and title = 'Seeded page 12'", [userId]),
  );
  await page.reload();
  await expect(page.getByTestId("link-row")).toHaveCount(12);
  return email;
}

const rowLink = (page: Page, title: string) => page.getByRole("list", { name: "Saved links" }).getByRole("link", { name: title, exact: true });

test("keyboard: the list is one Tab stop; j/k and arrows move, Home/End, x selects, ? lists the keys, Enter opens", async ({ page }) => {
  await page.setViewportSize(DESKTOP);
  await library(page, "rows-keys");
  const list = page.getByRole("list", { name: "Saved links" });
  // A row: title, site, one line of summary, three tags and +N; no status for an enriched link.
  const first = page.getByTestId("link-row").first();
  await expect(first).toContainText("library.e2e.test");
  await expect(first.getByRole("list", { name: "Tags" })).toHaveText(/#postgres.*#indexes.*#reading.*\+2 more tags/);
  await expect(first).not.toContainText("Enriched");
  // A failed row says why once, and its URL is not repeated.
  const failed = page.locator('[data-testid="link-row"][data-status="error"]');
  await expect(failed.getByTestId("link-error")).toHaveText("The page answered 404 Not Found");
  await expect(failed).toContainText("Failed");

  // One Tab stop: every row's title but one is out of the Tab order, and so are checkboxes and menus.
  await expect(list.locator('[tabindex="0"]')).toHaveCount(1);
  await rowLink(page, "Seeded page 12").focus();
  await page.keyboard.press("j");
  await expect(rowLink(page, "Seeded page 11")).toBeFocused();
  await page.keyboard.press("ArrowDown");
  await expect(rowLink(page, "Seeded page 10")).toBeFocused();
  await page.keyboard.press("k");
  await expect(rowLink(page, "Seeded page 11")).toBeFocused();
  await page.keyboard.press("End");
  await expect(rowLink(page, "Seeded page 1")).toBeFocused();
  await page.keyboard.press("Home");
  await expect(rowLink(page, "Seeded page 12")).toBeFocused();
  await page.keyboard.press("ArrowUp");
  await expect(rowLink(page, "Seeded page 12")).toBeFocused();
  await page.keyboard.press("ArrowDown");
  await expect(list.locator('[tabindex="0"]')).toHaveCount(1);
  await expect(rowLink(page, "Seeded page 11")).toHaveAttribute("tabindex", "0");

  // x selects the focused row for the bulk toolbar; again unselects it.
  await page.keyboard.press("x");
  await expect(page.getByRole("checkbox", { name: "Select Seeded page 11" })).toBeChecked();
  await expect(page.getByTestId("bulk-count")).toHaveText("1 selected");
  await page.keyboard.press("x");
  await expect(page.getByRole("checkbox", { name: "Select Seeded page 11" })).not.toBeChecked();

  // Keys typed in a field are the field's.
  const search = page.locator('[role="search"] input[type="search"]');
  await search.focus();
  await page.keyboard.type("jx?");
  await expect(search).toHaveValue("jx?");
  await expect(page.getByTestId("keys-dialog")).toBeHidden();
  await search.fill("");

  // ? lists the keys in a dialog; Escape closes it and the focus returns.
  await rowLink(page, "Seeded page 11").focus();
  await page.keyboard.press("?");
  const keys = page.getByRole("dialog", { name: "Keyboard shortcuts" });
  await expect(keys).toBeVisible();
  await expect(keys).toContainText("Next link");
  await expectNoAxeViolations(page);
  await page.keyboard.press("Escape");
  await expect(keys).toBeHidden();
  await expect(rowLink(page, "Seeded page 11")).toBeFocused();

  // Enter opens the detail beside the list; Escape closes it and gives the focus back to the row.
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/dashboard\/links\/[0-9a-f-]{36}$/);
  const panel = page.getByRole("complementary", { name: "Seeded page 11" });
  await expect(panel.getByRole("heading", { name: "Seeded page 11" })).toBeFocused();
  await page.keyboard.press("Escape");
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(rowLink(page, "Seeded page 11")).toBeFocused();
});

test("the ⋯ menu by keyboard and by mouse: arrows, Escape returns the focus, Delete deletes, Edit tags opens the tags", async ({ page }) => {
  await page.setViewportSize(DESKTOP);
  await library(page, "rows-menu");
  const row = page.getByTestId("link-row").filter({ hasText: "Seeded page 12" });

  // Keyboard: `.` opens the focused row's menu on its first item; arrows wrap; Escape gives the focus back.
  await rowLink(page, "Seeded page 12").focus();
  await page.keyboard.press(".");
  const menu = page.getByRole("menu", { name: "Actions for Seeded page 12" });
  await expect(menu.getByRole("menuitem")).toHaveText(["Read", "Share", "Edit tags", "Mark read", "Archive", "Delete"]);
  await expect(menu.getByRole("menuitem", { name: "Read", exact: true })).toBeFocused();
  await page.keyboard.press("ArrowUp");
  await expect(menu.getByRole("menuitem", { name: "Delete" })).toBeFocused();
  await page.keyboard.press("ArrowDown");
  await expect(menu.getByRole("menuitem", { name: "Read", exact: true })).toBeFocused();
  await page.keyboard.press("End");
  await expect(menu.getByRole("menuitem", { name: "Delete" })).toBeFocused();
  // The list's keys do not leak out of the menu.
  await page.keyboard.press("j");
  await expect(menu).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(menu).toBeHidden();
  await expect(rowLink(page, "Seeded page 12")).toBeFocused();
  await expect(page).toHaveURL(/\/dashboard$/);

  // Keyboard: Edit tags (the third item) opens the detail with the focus in the tags field.
  await page.keyboard.press(".");
  await page.keyboard.press("ArrowDown");
  await page.keyboard.press("ArrowDown");
  await expect(menu.getByRole("menuitem", { name: "Edit tags" })).toBeFocused();
  await page.keyboard.press("Enter");
  const panel = page.getByRole("complementary", { name: "Seeded page 12" });
  await expect(panel.getByLabel("Tags", { exact: true })).toBeFocused();
  await page.getByRole("button", { name: "Back to links (Escape)" }).click();
  await expect(page).toHaveURL(/\/dashboard$/);

  // Mouse: the button opens it, a click elsewhere closes it, Delete deletes (with Undo).
  const failed = page.getByTestId("link-row").filter({ hasText: "Seeded page 10" });
  await failed.hover();
  await failed.getByRole("button", { name: "Actions for Seeded page 10" }).click();
  const failedMenu = page.getByRole("menu", { name: "Actions for Seeded page 10" });
  await expect(failedMenu.getByRole("menuitem")).toHaveText(["Retry", "Edit tags", "Mark read", "Archive", "Delete"]);
  await page.getByRole("heading", { level: 1 }).click();
  await expect(failedMenu).toBeHidden();
  await row.hover();
  await row.getByRole("button", { name: "Actions for Seeded page 12" }).click();
  await menu.getByRole("menuitem", { name: "Delete" }).click();
  await expect(page.getByTestId("link-row")).toHaveCount(11);
  await expect(page.getByText("Link deleted.")).toBeVisible();
});

for (const { width, height, theme } of [
  { width: 1280, height: 900, theme: "dark" as const },
  { width: 1024, height: 768, theme: "light" as const },
  { width: 390, height: 844, theme: "light" as const },
]) {
  test(`a link's detail at ${width} px (${theme} theme): reading time, tags, notes, results, history; survives a reload; axe clean`, async ({ page }) => {
    await useTheme(page, theme);
    await page.setViewportSize({ width, height });
    const email = await library(page, `rows-panel-${width}`);
    await withDb(async (client) =>
      client.query("update links set reading_minutes = 7 where user_id = $1 and title = 'Seeded page 12'", [await userIdOf(email)]),
    );
    await rowLink(page, "Seeded page 12").click();
    const panel = page.getByRole("complementary", { name: "Seeded page 12" });
    await expect(panel).toBeVisible();
    await expect(panel.getByTestId("link-facts")).toContainText("7 min read");
    await expect(panel.getByRole("form", { name: "Title and tags" }).getByLabel("Tags", { exact: true })).toHaveValue("postgres, indexes, reading, later, sql");
    await expect(panel.getByLabel("Your notes")).toBeVisible();
    await expect(panel.getByRole("heading", { name: "Enrichment results" })).toBeVisible();
    await expect(panel.getByTestId("link-history")).toContainText("Saved");
    const list = page.getByRole("list", { name: "Saved links" });
    // A side panel beside the list on a desktop; on a phone the detail is the page, the list hidden.
    if (width >= 1024) {
      await expect(list).toBeVisible();
      // Beside, not over: the email banner's last control, the bar's and the list end where the panel starts.
      const panelLeft = (await panel.boundingBox())!.x;
      for (const part of [page.getByRole("region", { name: "Confirm your email" }).getByRole("button", { name: "Dismiss" }), page.getByTestId("usage-indicator"), list]) {
        const box = (await part.boundingBox())!;
        expect(box.x + box.width).toBeLessThanOrEqual(panelLeft);
      }
    } else await expect(list).toBeHidden();
    await expectNoSidewaysScroll(page);
    await expectNoAxeViolations(page);

    // The address is the detail's: a reload opens it again.
    await page.reload();
    await expect(panel.getByRole("heading", { name: "Seeded page 12" })).toBeVisible();
    await panel.getByRole("button", { name: "Back to links (Escape)" }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(list).toBeVisible();
    await expect(rowLink(page, "Seeded page 12")).toBeFocused();
  });
}

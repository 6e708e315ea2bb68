import { expect, test } from "@playwright/test";
import { expectNoAxeViolations } from "./axe";
import { userIdOf, withDb } from "./db";
import { pagesUrl, signUp, waitForHydration } from "./helpers";

test("a Scout saves the page they are reading with the bookmarklet and sees it turn Enriched", async ({ page }) => {
  // Sign-up, two axe scans and an enrichment on a busy 2-core machine.
  test.setTimeout(180_000);
  const email = `bookmarklet-${Date.now()}@example.com`;
  await signUp(page, email, "bookmarklet-password");
  await page.goto("/bookmarklet");
  await expect(page.getByRole("link", { name: "Upgrade to unlock it" })).toHaveAttribute("href", "/upgrade?feature=bookmarkletSupport");
  await withDb((client) => client.query("update users set role = 'LiteUser' where email = $1", [email]));
  await page.reload();
  await expect(page.getByRole("link", { name: "Upgrade to unlock it" })).toHaveCount(0);
  await expectNoAxeViolations(page);
  const bookmarklet = await page.getByTestId("bookmarklet-link").getAttribute("href");
  expect(bookmarklet).toMatch(/^javascript:/);

  // On another site, "clicking the bookmark" runs its code in that page, as a browser does.
  await page.goto(pagesUrl("/react"));
  const popupOpened = page.waitForEvent("popup");
  await page.evaluate((code) => new Function(code)(), decodeURIComponent(bookmarklet!.slice("javascript:".length)));
  const popup = await popupOpened;
  await expect(popup.getByRole("heading", { name: "Save this page?" })).toBeVisible({ timeout: 15_000 });
  await expect(popup.getByText(pagesUrl("/react"), { exact: true })).toBeVisible();
  await expectNoAxeViolations(popup);
  await popup.getByRole("button", { name: "Save to Linkwise" }).click();
  await expect(popup.getByText("Saved to your library.")).toBeVisible({ timeout: 15_000 });
  await expect(popup.getByTestId("save-status")).toContainText("Enriched", { timeout: 30_000 });

  await page.goto("/dashboard");
  await expect(page.getByTestId("link-row").first()).toHaveAttribute("data-status", "enriched", { timeout: 15_000 });
});

test("the /save popup at 520×640: no site navigation, the user's tags suggested, tags and a note saved by keyboard alone and kept through enrichment", async ({ page }) => {
  test.setTimeout(120_000);
  const email = `popup-${Date.now()}@example.com`;
  await signUp(page, email, "popup-password");
  await page.goto("/dashboard");
  const userId = await userIdOf(email);
  await withDb(async (client) => {
    await client.query("update users set role = 'LiteUser' where id = $1", [userId]);
    await client.query(
      `insert into links (user_id, url, normalized_url, status, title, tags, user_tags) values ($1, 'https://kept.e2e.test/a', 'https://kept.e2e.test/a', 'enriched', 'Kept', $2::text[], $2::text[])`,
      [userId, ["reading-list", "postgres"]],
    );
  });
  const address = pagesUrl(`/article?popup=${Date.now()}`);
  await page.setViewportSize({ width: 520, height: 640 });
  await page.goto(`/save?${new URLSearchParams({ url: address, title: "Postgres indexes" })}`);
  await expect(page.getByRole("heading", { level: 1, name: "Save this page?" })).toBeVisible();
  await expect(page.getByRole("navigation")).toHaveCount(0);
  await expect(page.getByRole("contentinfo")).toHaveCount(0);
  await expect(page.getByRole("banner")).toHaveCount(0);
  const suggestions = page.getByTestId("tag-suggestions").locator("option");
  await expect(suggestions).toHaveCount(2);
  expect(await suggestions.evaluateAll((options) => options.map((o) => (o as HTMLOptionElement).value).sort())).toEqual(["postgres", "reading-list"]);
  await expectNoAxeViolations(page);

  // Keyboard only: the tags field is the first stop; Enter and a comma make chips, Tab moves on.
  const tags = page.getByRole("combobox", { name: "Tags" });
  await waitForHydration(tags);
  await page.keyboard.press("Tab");
  await expect(tags).toBeFocused();
  await page.keyboard.type("reading-list");
  await page.keyboard.press("Enter");
  await page.keyboard.type("weekend,");
  const chips = page.getByRole("list", { name: "Tags to add" }).getByRole("listitem");
  await expect(chips).toHaveText(["reading-list", "weekend"]);
  // A tag already chosen is no longer suggested.
  await expect(suggestions).toHaveCount(1);
  await page.keyboard.press("Tab");
  await expect(page.getByRole("textbox", { name: "Note" })).toBeFocused();
  await page.keyboard.type("Read before the index talk.");
  await page.keyboard.press("Tab");
  await expect(page.getByRole("button", { name: "Save to Linkwise" })).toBeFocused();
  await page.keyboard.press("Enter");

  await expect(page.getByText("Saved to your library.")).toBeVisible({ timeout: 15_000 });
  await expect(page.getByRole("link", { name: "Open in your library" })).toHaveAttribute("href", "/dashboard");
  await expect(page.getByTestId("save-status")).toContainText("Enriched", { timeout: 45_000 });
  await expect(page.getByRole("list", { name: "Tags" })).toContainText("reading-list");
  await expect(page.getByRole("list", { name: "Tags" })).toContainText("weekend");
  // Stored as the user's own, and the enrichment that has run since kept them.
  const { rows } = await withDb((client) => client.query<{ user_tags: string[]; tags: string[]; notes: string }>("select user_tags, tags, notes from links where user_id = $1 and url = $2", [userId, address]));
  expect(rows[0]!.user_tags).toEqual(["reading-list", "weekend"]);
  expect(rows[0]!.tags.slice(0, 2)).toEqual(["reading-list", "weekend"]);
  expect(rows[0]!.notes).toBe("Read before the index talk.");
});

import { expect, test, type Page } from "@playwright/test";
import { withDb } from "./db";
import { expectNoAxeViolations } from "./axe";
import { E2E_CREATOR, openRow, pagesUrl, rowActions, signIn, signUp } from "./helpers";
import { DESKTOP, PHONE, expectNoSidewaysScroll } from "./layout";

test("add a link, watch Processing turn into Enriched without reloading, and open its summary", async ({ page }) => {
  await signUp(page, `dash-${Date.now()}@example.com`, "dash-password");
  await page.goto("/dashboard");
  await expect(page.getByTestId("usage-indicator")).toContainText("5 left");
  await expect(page.getByTestId("usage-meter")).toContainText("0 / 5");

  const input = page.getByLabel("Save a link");
  const save = page.getByRole("button", { name: "Save", exact: true });
  await input.fill("example.com");
  await expect(save).toBeDisabled();
  await expect(page.getByText("Enter a valid URL starting with http:// or https://")).toBeVisible();

  // An address no other test saved: fetched now (so Processing shows), not served from the shared fetch cache.
  await input.fill(pagesUrl(`/article?fresh=${Date.now()}`));
  await expect(save).toBeEnabled();
  let reloaded = false;
  page.on("framenavigated", (frame) => {
    if (frame === page.mainFrame()) reloaded = true;
  });
  await save.click();

  const row = page.getByTestId("link-row").first();
  await expect(row).toHaveAttribute("data-url", new RegExp(`^${pagesUrl("/article").replace(/[.?]/g, "\\$&")}`));
  await expect(row.getByText("Processing")).toBeVisible();
  await expect(row).toHaveAttribute("data-status", "enriched", { timeout: 15_000 });
  await expect(row).toContainText("How Postgres Indexes Work");
  await expect(row.getByRole("list", { name: "Tags" })).toContainText("#indexes");
  expect(reloaded).toBe(false);

  const panel = await openRow(row);
  await expect(panel.getByTestId("link-details")).toContainText("Summary");
  // Code snippet extraction is sold with Scout: a Free user's details have none (a Creator's do, see creator.spec.ts).
  await expect(panel.getByTestId("link-details")).not.toContainText("CREATE INDEX");
  await expect(page.getByTestId("usage-meter")).toContainText("1 / 5");

  // The user's own title and tags (decision 040): saved over the page's, and the row shows them.
  const own = panel.getByRole("form", { name: "Title and tags" });
  await expect(own.getByLabel("Title")).toHaveValue("How Postgres Indexes Work");
  await own.getByLabel("Title").fill("My Postgres reading");
  await own.getByLabel("Tags").fill("Reading list, indexes, reading list");
  await own.getByRole("button", { name: "Save title and tags" }).click();
  await expect(page.getByText("Title and tags saved. Enrichment will keep them.")).toBeVisible();
  await expect(row.getByRole("list", { name: "Tags" }).getByRole("listitem")).toHaveText(["#Reading list", "#indexes"]);
  await expect(row.getByRole("link", { name: "My Postgres reading", exact: true })).toBeVisible();
  await expect(own.getByRole("button", { name: "Save title and tags" })).toBeDisabled();
});

// Issue 38: a preview that fails said so only in the browser's console.
test("a link whose preview fails says why beside the field, announced, and cleared when the URL changes", async ({ page }) => {
  await signUp(page, `preview-${Date.now()}@example.com`, "dash-password");
  await page.setViewportSize(DESKTOP);
  await page.goto("/dashboard");
  const input = page.getByLabel("Save a link");
  const reason = page.getByTestId("link-preview-error");
  await expect(reason).toHaveAttribute("aria-live", "polite");

  // A private address: refused by design, and the reason names the setting that allows one.
  await input.fill(`http://10.255.255.1/notes?at=${Date.now()}`);
  await expect(reason).toHaveText(/^No preview: That address is not allowed: it is on a private or local network .*FETCH_ALLOWLIST/);
  await expect(input).toHaveAttribute("aria-describedby", /\badd-link-preview-error\b/);
  await expectNoAxeViolations(page);

  // Another URL: the old reason goes at once; the page's own 404 is the new one.
  await input.fill(pagesUrl(`/no-such-page?at=${Date.now()}`));
  await expect(reason).not.toContainText("FETCH_ALLOWLIST");
  await expect(reason).toHaveText("No preview: The page answered 404 Not Found");

  await input.fill("not a link");
  await expect(reason).toHaveText("");
  await expect(input).toHaveAttribute("aria-describedby", "add-link-hint");

  // A phone in the dark theme.
  await page.setViewportSize(PHONE);
  await page.evaluate(() => document.documentElement.classList.add("dark"));
  await input.fill(`http://192.168.255.1/${"long-path/".repeat(8)}`);
  await expect(reason).toContainText("FETCH_ALLOWLIST");
  await expectNoSidewaysScroll(page);
  await expectNoAxeViolations(page, { colourOnly: true });
});

// Save is disabled while the request runs and again once the field is cleared: a keyboard that
// pressed it is left in the field, ready for the next link, not at the page's start.
test("keyboard: after Save the focus is back in the link field", async ({ page }) => {
  await signUp(page, `dash-keys-${Date.now()}@example.com`, "dash-password");
  await page.goto("/dashboard");
  const input = page.getByLabel("Save a link");
  await input.fill(pagesUrl("/article"));
  await page.getByRole("button", { name: "Save", exact: true }).focus();
  await page.keyboard.press("Enter");
  await expect(page.getByTestId("link-row")).toHaveCount(1);
  await expect(input).toHaveValue("");
  await expect(input).toBeFocused();
});

test("a news page's details show its lead image (from our origin), byline, site and date", async ({ page }) => {
  await signUp(page, `story-${Date.now()}@example.com`, "story-password");
  await page.goto("/dashboard");
  await page.getByLabel("Save a link").fill(pagesUrl("/story"));
  await page.getByRole("button", { name: "Save", exact: true }).click();
  const row = page.getByTestId("link-row").first();
  await expect(row).toHaveAttribute("data-status", "enriched", { timeout: 30_000 });
  const panel = await openRow(row);
  await expect(panel.getByRole("heading", { name: "Harbour bridge reopens after two years of repairs" })).toBeVisible();
  const source = panel.getByTestId("link-source");
  await expect(source).toContainText("By Maria Lopez · The Daily Herald · Published Nov 20, 2026");
  const image = source.locator("img");
  await expect(image).toHaveAttribute("src", /^\/lead-images\/[0-9a-f]{32}$/);
  // Stored through the safe fetcher and served from our origin: the reader's browser never asks the page's host.
  const response = await page.request.get((await image.getAttribute("src"))!);
  expect(response.headers()["content-type"]).toBe("image/jpeg");
});

test("a failing link shows Failed with its reason and a Retry button; Free users see locked features", async ({ page }) => {
  await signUp(page, `fail-${Date.now()}@example.com`, "dash-password");
  await page.goto("/dashboard");

  await page.getByLabel("Save a link").fill(pagesUrl("/does-not-exist"));
  await page.getByRole("button", { name: "Save", exact: true }).click();
  const row = page.getByTestId("link-row").first();
  await expect(row.getByText("Failed")).toBeVisible({ timeout: 15_000 });
  await expect(row.getByTestId("link-error")).toHaveText("The page answered 404 Not Found");
  expect(await rowActions(row)).toContain("Retry");

  // The locked features are listed in Billing now.
  await page.goto("/settings/billing");
  const locked = page.getByTestId("plan-features").getByRole("link", { name: /Quiz generator \(locked/ });
  await expect(locked).toHaveAttribute("href", "/upgrade?feature=quizGenerator");
});

// Retry goes away as the link turns Processing: a keyboard that picked it from the row's ⋯ menu
// stays on the row (its title), not at the page's start.
test("keyboard: after Retry on a failed link the focus is on that link's title", async ({ page }) => {
  await signUp(page, `fail-keys-${Date.now()}@example.com`, "dash-password");
  await page.goto("/dashboard");
  const url = pagesUrl("/does-not-exist");
  await page.getByLabel("Save a link").fill(url);
  await page.getByRole("button", { name: "Save", exact: true }).click();
  const row = page.getByTestId("link-row").first();
  await expect(row.getByText("Failed")).toBeVisible({ timeout: 15_000 });
  await row.getByRole("link", { name: url, exact: true }).focus();
  await page.keyboard.press(".");
  await expect(page.getByRole("menu", { name: `Actions for ${url}` }).getByRole("menuitem", { name: "Retry" })).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(row).toHaveAttribute("data-status", /pending|error/);
  await expect(row.getByRole("link", { name: url, exact: true })).toBeFocused();
});

// Notify me (sales Coming Soon) is in sales.global.spec.ts: it switches sales off for everyone.
test("a locked feature leads to /upgrade with its plan highlighted and on sale", async ({ page }) => {
  await signUp(page, `upgrade-${Date.now()}@example.com`, "dash-password");
  await page.goto("/settings/billing");
  await page.getByTestId("plan-features").getByRole("link", { name: /Quiz generator \(locked/ }).click();
  await expect(page).toHaveURL("/upgrade?feature=quizGenerator");
  await expect(page.getByTestId("plan-creator")).toHaveAttribute("data-highlighted", "true");
  await expect(page.getByTestId("plan-scout")).toHaveAttribute("data-highlighted", "false");
  await expect(page.getByTestId("plan-creator").getByRole("button", { name: "Subscribe to Creator" })).toBeEnabled();
});

/** Billing's one list of the plan's features (it was the dashboard sidebar's Feature Access). */
async function featureAccess(page: Page) {
  await page.goto("/settings/billing");
  return page.getByTestId("plan-features");
}

test("a Free user's sidebar shows public sharing as available, as the plan card says and the server allows", async ({ page }) => {
  await signUp(page, `sidebar-${Date.now()}@example.com`, "dash-password");
  await page.goto("/dashboard");
  const sidebar = await featureAccess(page);
  await expect(sidebar.getByRole("listitem").filter({ hasText: "Public sharing" })).toContainText("✓");
  await expect(sidebar.getByRole("link", { name: /Public sharing \(locked/ })).toHaveCount(0);
  await expect(sidebar.getByRole("link", { name: /Code snippets \(locked/ })).toHaveAttribute("href", "/upgrade?feature=codeSnippets");
});

test("a Creator's sidebar shows every feature of the plan as available, none as Coming soon", async ({ page }) => {
  await signIn(page, E2E_CREATOR);
  await page.goto("/dashboard");
  const sidebar = await featureAccess(page);
  for (const name of ["Batch processing", "Bookmarklet", "Affiliate links", "API access", "Quiz generator"]) {
    await expect(sidebar.getByRole("listitem").filter({ hasText: name })).toContainText("✓");
  }
  await expect(sidebar.getByText("Coming soon")).toHaveCount(0);
});

test("the dashboard's sections are the sidebar's links: the current one is marked, and ?tab= keeps it", async ({ page }) => {
  await signUp(page, `tabs-${Date.now()}@example.com`, "dash-password");
  await page.goto("/dashboard");
  const sections = page.getByRole("navigation", { name: "Dashboard sections" });
  const link = (name: string) => sections.getByRole("link", { name, exact: true });
  await expect(link("Library")).toHaveAttribute("aria-current", "page");
  await link("Enrichments").focus();
  await page.keyboard.press("Enter");
  await expect(link("Enrichments")).toHaveAttribute("aria-current", "page");
  await expect(page.getByRole("heading", { level: 1, name: "Enrichments" })).toBeVisible();
  await expect(page).toHaveURL(/tab=enrichments/);
  await page.reload();
  await expect(link("Enrichments")).toHaveAttribute("aria-current", "page");
  await link("Shared links").click();
  await expect(page).toHaveURL(/tab=share/);
  await link("Library").click();
  await expect(page.getByLabel("Save a link")).toBeVisible();
  await expect(page).toHaveURL("/dashboard");
});

test("a deactivated account saving a link is told its account is deactivated, not to try again", async ({ page }) => {
  const email = `deactivated-${Date.now()}@example.com`;
  await signUp(page, email, "deactivated-password");
  await page.goto("/dashboard");
  await withDb((client) => client.query("update users set is_active = false where email = $1", [email]));
  await page.getByLabel("Save a link").fill(pagesUrl(`/article?deactivated=${Date.now()}`));
  await page.getByRole("button", { name: "Save", exact: true }).click();
  const toast = page.getByRole("alert").filter({ hasText: /deactivated/i });
  await expect(toast).toContainText("Account deactivated");
  await expect(page.getByText("Failed to add link. Please try again")).toHaveCount(0);
});

// Links saved elsewhere (another tab, the bookmarklet, an import) are not drawn as they are heard:
// the rows shown stay, one button counts the new ones, and pressing it loads the first page with
// them, the keyboard on its first row. A link saved on this page still appears at once.
test("links saved in another tab are counted on 'N new links — show', which brings them", async ({ page, context }) => {
  await signUp(page, `live-count-${Date.now()}@example.com`, "dash-password");
  await page.goto("/dashboard");
  const rows = page.getByTestId("link-row");
  const here = pagesUrl(`/does-not-exist?here=${Date.now()}`);
  await page.getByLabel("Save a link").fill(here);
  await page.getByRole("button", { name: "Save", exact: true }).click();
  await expect(rows).toHaveCount(1);

  const other = await context.newPage();
  await other.goto("/dashboard");
  for (const name of ["one", "two"]) {
    await other.getByLabel("Save a link").fill(pagesUrl(`/does-not-exist?elsewhere=${name}-${Date.now()}`));
    await other.getByRole("button", { name: "Save", exact: true }).click();
    await expect(other.getByTestId("link-row").filter({ hasText: `elsewhere=${name}` })).toBeVisible();
  }
  await other.close();

  const fresh = page.getByRole("button", { name: "2 new links — show" });
  await expect(fresh).toBeVisible();
  await expect(rows).toHaveCount(1);
  // The row shown is still kept current.
  await expect(rows.first().getByText("Failed")).toBeVisible({ timeout: 15_000 });
  await expectNoAxeViolations(page);
  await fresh.click();
  await expect(rows).toHaveCount(3);
  await expect(fresh).toHaveCount(0);
  await expect(rows.first()).toContainText("elsewhere=two");
  await expect(rows.first().locator("[data-row-link]")).toBeFocused();
});

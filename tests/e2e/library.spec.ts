import { expect, test, type Page } from "@playwright/test";
import { expectNoAxeViolations } from "./axe";
import { seedLinks, userIdOf, withDb } from "./db";
import { signUp } from "./helpers";

/** A Creator with `n` saved links (seeded: no page could add 130 quickly), on the dashboard. */
async function creatorWithLinks(page: Page, n: number) {
  const email = `library-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
  await signUp(page, email, "library-password");
  await page.goto("/dashboard");
  const userId = await userIdOf(email);
  await withDb((client) => client.query("update users set role = 'ProUser' where id = $1", [userId]));
  await seedLinks(email, n);
  // Settled: the event stream's first resync, and the statistics, both asked for after the
  // reload. Both waits start before it: on a busy machine the statistics can come first.
  const resynced = page.waitForResponse((response) => /\/api\/links\?limit=/.test(response.url()));
  const counted = page.waitForResponse((response) => response.url().includes("/api/links/stats"));
  await page.reload();
  await Promise.all([resynced, counted]);
}

/** A status filter's count in the sidebar. */
const statistic = (page: Page, label: string) =>
  page.getByRole("complementary", { name: "Library" }).getByTestId(`status-filter-${({ Saved: "all", Failed: "error", Processing: "pending" } as Record<string, string>)[label]}`).locator("span").last();

test("a user with 130 links pages past 100 with Load more and sees them all; Statistics count every link", async ({ page }) => {
  await creatorWithLinks(page, 130);
  const rows = page.getByTestId("link-row");
  const count = page.getByTestId("links-count");
  await expect(rows).toHaveCount(50);
  await expect(count).toHaveText("Showing 50 of 130 links");
  await expect(statistic(page, "Saved")).toHaveText("130");
  await expect(statistic(page, "Failed")).toHaveText("13");
  await expect(rows.first()).toContainText("Seeded page 130");

  // By keyboard: focus the button, press Enter; focus stays on it for the next page.
  const loadMore = page.getByRole("button", { name: "Load more" });
  await loadMore.focus();
  await page.keyboard.press("Enter");
  await expect(count).toHaveText("Showing 100 of 130 links");
  await expect(rows).toHaveCount(100);
  await page.keyboard.press("Enter");
  await expect(count).toHaveText("Showing 130 of 130 links");
  await expect(rows).toHaveCount(130);
  await expect(rows.last()).toContainText("Seeded page 1");
  await expect(loadMore).toHaveCount(0);
});

test("the Enrichments tab opens with at most 2 requests, cards collapsed with the summary first", async ({ page, baseURL }) => {
  await creatorWithLinks(page, 130);
  const requests: string[] = [];
  page.on("request", (request) => {
    const url = new URL(request.url());
    // Everything the page asks of the server but the event stream, Remix's route discovery
    // (/__manifest) and the sidebar's tags (/api/tags): each once per page load, whatever the section.
    if (url.origin !== baseURL || ["/api/events", "/__manifest", "/api/tags"].includes(url.pathname)) return;
    if (["fetch", "xhr", "document"].includes(request.resourceType())) requests.push(url.pathname + url.search);
  });
  await page.getByRole("navigation", { name: "Dashboard sections" }).getByRole("link", { name: "Enrichments" }).click();
  const cards = page.getByTestId("enrichment-card");
  await expect(cards).toHaveCount(20);
  await expect(page.getByTestId("enriched-links-count")).toHaveText("Showing 20 of 117 enriched links");
  expect(requests.length, requests.join(", ")).toBeLessThanOrEqual(2);
  expect(requests.filter((r) => r.startsWith("/api/links/enrichments"))).toHaveLength(1);

  const card = cards.first();
  await expect(card.getByTestId("enrichment-summary")).toContainText("A summary of seeded page 129");
  const toggle = card.getByRole("button", { name: "Show details" });
  await expect(toggle).toHaveAttribute("aria-expanded", "false");
  await expect(card.getByTestId("link-details")).toHaveCount(0);
  await toggle.click();
  await expect(card.getByRole("button", { name: "Hide details" })).toHaveAttribute("aria-expanded", "true");
  await expect(card.getByTestId("link-details")).toContainText("select 129;");

  await page.getByRole("button", { name: "Load more" }).click();
  await expect(cards).toHaveCount(40);
});

for (const theme of ["light", "dark"] as const) {
  test(`the dashboard with a long library passes axe-core (${theme} theme)`, async ({ page }) => {
    // Two full axe passes over 50 rows and 20 cards: about a minute when the machine is shared.
    test.setTimeout(120_000);
    await page.addInitScript((t) => window.localStorage.setItem("theme", t), theme);
    await creatorWithLinks(page, 60);
    if (theme === "dark") await expect(page.locator("html")).toHaveClass(/dark/);
    else await expect(page.locator("html")).not.toHaveClass(/dark/);
    await expect(page.getByTestId("links-count")).toHaveText("Showing 50 of 60 links");
    await expectNoAxeViolations(page);
    await page.getByRole("navigation", { name: "Dashboard sections" }).getByRole("link", { name: "Enrichments" }).click();
    await expect(page.getByTestId("enrichment-card")).toHaveCount(20);
    await page.getByTestId("enrichment-card").first().getByRole("button", { name: "Show details" }).click();
    await expectNoAxeViolations(page);
  });
}

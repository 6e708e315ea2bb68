import { expect, test, type Page } from "@playwright/test";
import { expectNoAxeViolations } from "./axe";
import { userIdOf, withDb } from "./db";
import { signUp } from "./helpers";
import { expectNoSidewaysScroll, useTheme, type Theme } from "./layout";

// Sign-up, seeding and axe passes in two themes: room for a busy shared machine.
test.describe.configure({ timeout: 90_000 });

const LINKS = [
  { title: "Kubernetes operators in practice", tags: ["ops", "kubernetes"], summary: "Writing operators that reconcile state." },
  { title: "Scaling Postgres reads", tags: ["databases"], summary: "Replicas and the kubernetes operator that runs them." },
  { title: "Sourdough at home", tags: ["baking"], summary: "Flour, water, salt and time." },
  { title: "Observability for ops teams", tags: ["ops"], summary: "Logs, metrics and traces." },
];

/** A user with the links above (enriched, English), on the dashboard with its event stream connected. */
async function userWithLinks(page: Page) {
  const email = `search-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
  await signUp(page, email, "search-password");
  await page.goto("/dashboard");
  const userId = await userIdOf(email);
  await withDb(async (client) => {
    for (const [i, link] of LINKS.entries()) {
      await client.query(
        `insert into links (user_id, url, normalized_url, status, title, summary, tags, language, enriched_at, saved_at)
         values ($1, $2, $2, 'enriched', $3, $4, $5, 'en', now(), now() - $6 * interval '1 minute')`,
        [userId, `https://search.e2e.test/${i}`, link.title, link.summary, link.tags, i],
      );
    }
  });
  const resynced = page.waitForResponse((response) => /\/api\/links\?limit=/.test(response.url()));
  await page.goto("/dashboard");
  await resynced;
}

const titles = (page: Page) => page.getByTestId("link-row").locator("[data-row-link]").allTextContents();

for (const theme of ["light", "dark"] as Theme[]) {
  test(`search as you type with /, filter by a clicked tag, clear (${theme})`, async ({ page }) => {
    await useTheme(page, theme);
    await userWithLinks(page);
    await expect.poll(() => titles(page)).toEqual(LINKS.map((link) => link.title));

    // `/` from the page focuses the search box; results narrow as the words are typed.
    await page.locator("body").click({ position: { x: 5, y: 5 } });
    await page.keyboard.press("/");
    const box = page.getByRole("searchbox", { name: /Search links/ });
    await expect(box).toBeFocused();
    await page.keyboard.type("kubernetes");
    await expect.poll(() => titles(page)).toEqual(["Kubernetes operators in practice", "Scaling Postgres reads"]);
    await expect(page).toHaveURL(/[?&]q=kubernetes/);
    // The match is marked in the title and in the snippet, as elements, not markup text.
    await expect(page.getByTestId("link-row").first().locator("mark").first()).toHaveText("Kubernetes");
    const snippet = page.getByTestId("search-snippet");
    await expect(snippet).toHaveCount(1);
    await expect(snippet).toContainText("Replicas and the kubernetes operator");
    await expect(snippet.locator("mark")).toHaveText("kubernetes");
    await expectNoAxeViolations(page);

    // Best match: the title match first, and the rule for broad searches said under the box.
    await page.getByLabel("Sort").selectOption("relevance");
    await expect(page.getByText("Best match ranks your newest 500 matches; older matches follow, newest first.")).toBeVisible();
    await expect.poll(() => titles(page)).toEqual(["Kubernetes operators in practice", "Scaling Postgres reads"]);
    await expectNoAxeViolations(page);
    await page.getByLabel("Sort").selectOption("date");
    await expect(page.getByText(/Best match ranks your newest/)).toHaveCount(0);
    // The sort is in the address once the list follows it: a tag pressed before could be undone by it.
    await expect(page).not.toHaveURL(/sort=relevance/);

    // A tag on a row filters by it: a chip says so, and the list narrows to both conditions.
    await page.getByRole("button", { name: "Show links tagged ops" }).first().click();
    const chips = page.getByRole("list", { name: "Active filters" });
    await expect(chips).toContainText("#ops");
    await expect.poll(() => titles(page)).toEqual(["Kubernetes operators in practice"]);
    await expect(page).toHaveURL(/tag=ops/);

    // Escape clears the words; the tag stays.
    await box.focus();
    await page.keyboard.press("Escape");
    await expect(box).toHaveValue("");
    await expect.poll(() => titles(page)).toEqual(["Kubernetes operators in practice", "Observability for ops teams"]);

    // The address holds the search: a reload shows the same results.
    await page.reload();
    await expect(page.getByRole("list", { name: "Active filters" })).toContainText("#ops");
    await expect.poll(() => titles(page)).toEqual(["Kubernetes operators in practice", "Observability for ops teams"]);

    // Nothing matches: the empty state says what was searched and clears it.
    await page.getByRole("searchbox", { name: /Search links/ }).fill("zeppelin");
    const empty = page.getByTestId("search-empty");
    await expect(empty).toContainText("No links match “zeppelin”, #ops.");
    await expectNoAxeViolations(page);
    await empty.getByRole("button", { name: "Clear search and filters" }).click();
    await expect.poll(() => titles(page)).toEqual(LINKS.map((link) => link.title));
    await expect(page.getByRole("list", { name: "Active filters" })).toHaveCount(0);

    // A phone: the box and chips fit.
    await page.setViewportSize({ width: 360, height: 800 });
    await page.getByRole("button", { name: "Show links tagged ops" }).first().click();
    await expect(page.getByRole("button", { name: "Remove filter #ops" })).toBeVisible();
    await expectNoSidewaysScroll(page);
    await page.getByRole("button", { name: "Remove filter #ops" }).click();
    await expect.poll(() => titles(page)).toEqual(LINKS.map((link) => link.title));
  });
}

// The buttons that clear a search go away with it: a keyboard that pressed one is left in the
// search box, not at the page's start.
test("keyboard: removing the last filter chip, or Clear search and filters, leaves the focus in the search box", async ({ page }) => {
  await userWithLinks(page);
  const box = page.getByRole("searchbox", { name: /Search links/ });
  await page.getByRole("button", { name: "Show links tagged ops" }).first().click();
  const remove = page.getByRole("button", { name: "Remove filter #ops" });
  await remove.focus();
  await page.keyboard.press("Enter");
  await expect(remove).toHaveCount(0);
  await expect(box).toBeFocused();

  await box.fill("zeppelin");
  const clear = page.getByTestId("search-empty").getByRole("button", { name: "Clear search and filters" });
  await clear.focus();
  await page.keyboard.press("Enter");
  await expect.poll(() => titles(page)).toEqual(LINKS.map((link) => link.title));
  await expect(box).toHaveValue("");
  await expect(box).toBeFocused();
});

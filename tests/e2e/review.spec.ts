import { readFile } from "node:fs/promises";
import { expect, test, type Page } from "@playwright/test";
import { selectInArticle } from "./article";
import { expectNoAxeViolations } from "./axe";
import { userIdOf, withDb } from "./db";
import { signUp } from "./helpers";
import { expectFitsPhones, useTheme } from "./layout";

// Spaced review, issue #36's "Done when": a Creator highlights a passage in the reader and adds it
// to review, adds the page's key terms, reviews the due cards with the keyboard (Space, 3) while
// the header's count follows, sees the retention per tag, and exports the cards to Anki.

const HTML = `<h2>Harbours</h2>
  <p>A breakwater is a barrier that protects a harbour from the force of the waves.</p>
  <p>The second paragraph is about the harbour lights and the night crossings.</p>
  <p>A pilot boat is a vessel that carries pilots out to the ships they guide.</p>`;
const TEXT =
  "Harbours\n\nA breakwater is a barrier that protects a harbour from the force of the waves.\n\nThe second paragraph is about the harbour lights and the night crossings.\n\nA pilot boat is a vessel that carries pilots out to the ships they guide.";

async function creatorWithArticle(page: Page) {
  const email = `review-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
  await signUp(page, email, "review-password");
  const userId = await userIdOf(email);
  return withDb(async (client) => {
    await client.query("update users set email_confirmed = true, role = 'ProUser' where id = $1", [userId]);
    const url = `https://review.e2e.test/${Math.random().toString(36).slice(2)}`;
    const { rows } = await client.query<{ id: string }>(
      `insert into links (user_id, url, normalized_url, status, title, content_text, language, tags, user_tags, reading_minutes, extractor, enrichment_engine, enriched_at)
       values ($1, $2, $2, 'enriched', 'Harbour words', $3, 'en', '{harbours}', '{harbours}', 2, 'readability', 'local/extractive-v1', now()) returning id`,
      [userId, url, TEXT],
    );
    await client.query("insert into link_articles (link_id, html, base_url) values ($1, $2, $3)", [rows[0]!.id, HTML, url]);
    return rows[0]!.id;
  });
}

test("a Creator highlights, reviews with the keyboard, sees retention per tag and exports to Anki", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await useTheme(page, "light");
  const linkId = await creatorWithArticle(page);

  // The reader: h highlights the selection; the highlight list's "Add to review" makes its card.
  await page.goto(`/links/${linkId}/read`);
  await expect.poll(() => page.evaluate(() => Object.keys(document.querySelector("[data-testid=reader]")!).some((key) => key.startsWith("__react")))).toBe(true);
  await selectInArticle(page, "harbour lights");
  await page.keyboard.press("h");
  await expect(page.getByTestId("reader-article").locator("mark")).toHaveText("harbour lights");
  const list = page.getByTestId("highlight-list");
  await list.getByRole("button", { name: "Add to review" }).click();
  await expect(list.getByRole("status")).toHaveText("Added to review.");
  await page.getByRole("button", { name: "Add key terms to review" }).click();
  await expect(page.getByText("2 key terms added to review: breakwater, pilot boat.")).toBeVisible();

  // The header counts the due cards; the review page asks them one at a time.
  await page.goto("/review");
  const nav = page.getByRole("navigation", { name: "Main" });
  await expect(nav.getByRole("link", { name: "Review, 3 cards due" })).toBeVisible();
  const card = page.getByTestId("review-card");
  await expect(card).toContainText("The second paragraph is about the […] and the night crossings.");
  await expectNoAxeViolations(page);
  await page.keyboard.press("Space");
  await expect(page.getByTestId("review-answer")).toHaveText("harbour lights");
  await page.keyboard.press("3");
  await expect(nav.getByRole("link", { name: "Review, 2 cards due" })).toBeVisible();
  // The two term cards were made in one transaction: due at the same time, in either order.
  const terms = ["breakwater", "pilot boat"];
  while (terms.length > 0) {
    const front = card.locator("p").first();
    await expect(front).toHaveText(new RegExp(`^(${terms.join("|")})$`));
    const term = await front.innerText();
    terms.splice(terms.indexOf(term), 1);
    await page.keyboard.press("Space");
    await expect(page.getByTestId("review-answer")).toContainText(`A ${term} is a`);
    await page.keyboard.press("3");
  }
  // Good on a new card is a first learning step, ten minutes away: each comes back in the session; Easy sends it days ahead.
  await expect(card).toContainText("The second paragraph is about the […] and the night crossings.");
  for (let round = 0; round < 3; round++) {
    // The next card is up once the last grade is saved: its answer is hidden again.
    await expect(page.getByTestId("review-card")).toBeVisible();
    await expect(page.getByTestId("review-answer")).toHaveCount(0);
    await page.keyboard.press("Space");
    await expect(page.getByTestId("review-answer")).toBeVisible();
    await page.keyboard.press("4");
  }
  await expect(page.getByTestId("review-summary")).toContainText("Done: 3 cards reviewed.");
  await expect(page.getByTestId("review-summary")).toContainText("Good: 3");
  await expect(page.getByTestId("review-summary")).toContainText("Easy: 3");
  await expect(nav.getByRole("link", { name: "Review" })).toHaveAccessibleName("Review");

  // Retention per tag, as the page reads it when opened again: six reviews, all Good or Easy, none left learning.
  await page.reload();
  const harbours = page.getByTestId("retention").getByRole("row", { name: /harbours/ });
  await expect(harbours.getByRole("cell")).toHaveText(["3", "0", "0", "0", "0", "6", "100%"]);
  await expectNoAxeViolations(page);
  await useTheme(page, "dark");
  await page.reload();
  await expectNoAxeViolations(page, { colourOnly: true });

  // The card list, then the Anki export: its header lines and the highlight's row.
  await page.goto("/review/cards");
  await expect(page.getByTestId("card-entry")).toHaveCount(3);
  await expectNoAxeViolations(page, { colourOnly: true });
  await useTheme(page, "light");
  await page.reload();
  await expectNoAxeViolations(page);
  await page.setViewportSize({ width: 390, height: 844 });
  await expectFitsPhones(page);
  const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("link", { name: "Export to Anki (text)" }).click()]);
  expect(download.suggestedFilename()).toMatch(/^linkwise-cards-\d{4}-\d{2}-\d{2}\.txt$/);
  const lines = (await readFile((await download.path())!, "utf8")).split("\n");
  expect(lines.slice(0, 6)).toEqual(["#separator:tab", "#html:true", "#notetype:Basic", "#deck:Linkwise", "#tags column:3", "#guid column:4"]);
  const row = lines.find((line) => line.includes("[…]"))!.split("\t");
  expect(row.slice(0, 3)).toEqual([expect.stringContaining("The second paragraph is about the […] and the night crossings."), expect.stringMatching(/^harbour lights<br><br><a href="[^"]+\/links\/[^"]+\/read#highlight-[^"]+">Source<\/a>$/), "linkwise harbours"]);
});

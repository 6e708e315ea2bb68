import { expect, test } from "@playwright/test";
import { expectNoAxeViolations } from "./axe";
import { pagesUrl, rowAction, signUp } from "./helpers";

const PAGES: Array<{ path: string; heading: RegExp; texts: Array<string | RegExp>; links?: Record<string, string> }> = [
  { path: "/", heading: /Save links/, texts: ["Start Free Today", "Need more than five enrichments a month?", "Basic URL gathering"] },
  { path: "/features", heading: /Features/, texts: ["Quiz generator", "Markdown and PDF export"] },
  { path: "/pricing", heading: /Pricing/, texts: ["€4.95", "€12.95", "Popular Pack", "Best Value", "€9.99", "Frequently asked questions"] },
  { path: "/get-started", heading: /Get Started/, texts: ["Browser extension", "Desktop web"], links: { "Browser extension": "/settings/integrations/extension" } },
  { path: "/help-center", heading: /Help Center/, texts: ["Plans and billing"] },
  { path: "/contact", heading: /Contact Us/, texts: ["Send Message", "24-48 hours"] },
  { path: "/documentation", heading: /Documentation/, texts: ["Read the API reference", "Create a token", "MCP server for AI agents", "Set up a webhook", "Building something?"], links: { "Connect the extension": "/settings/integrations/extension", "Follow a feed": "/settings/feeds" } },
  { path: "/privacy-policy", heading: /Privacy Policy/, texts: ["Last updated November 28, 2026", "within 30 days", "13 years"] },
  { path: "/terms-of-service", heading: /Terms of Service/, texts: ["Last updated November 28, 2026", "last 12 months", "30 days in advance"] },
  { path: "/cookie-policy", heading: /Cookie Policy/, texts: ["Last updated November 28, 2026", "Manage Cookie Preferences"] },
  { path: "/trending", heading: /All Trending Resources/, texts: ["Page 1 of"] },
  { path: "/login", heading: /Sign in/, texts: ["Forgot your password?"] },
  { path: "/register", heading: /Create your account/, texts: ["Basic URL gathering"] },
];

for (const viewport of [
  { name: "desktop", width: 1280, height: 900 },
  { name: "phone", width: 390, height: 844 },
]) {
  for (const scheme of ["light", "dark"] as const) {
    test.describe(`${viewport.name}, ${scheme}`, () => {
      test.use({ viewport: { width: viewport.width, height: viewport.height }, colorScheme: scheme });
      test("every public page shows its heading and key texts", async ({ page }) => {
        // Thirteen pages: more than 30 s on a busy two-core machine.
        test.setTimeout(120_000);
        for (const { path, heading, texts, links = {} } of PAGES) {
          await page.goto(path);
          await expect(page.getByRole("heading", { level: 1 }), path).toContainText(heading);
          await expect(page.getByRole("heading", { level: 1 }), path).toHaveCount(1);
          for (const text of texts) await expect(page.getByText(text).first(), `${path}: ${text}`).toBeVisible();
          for (const [name, href] of Object.entries(links)) await expect(page.getByRole("link", { name, exact: true }), `${path}: ${name}`).toHaveAttribute("href", href);
          expect(await page.title(), path).toMatch(/Linkwise/);
          if (scheme === "dark") await expect(page.locator("html")).toHaveClass(/dark/);
          // Nothing compares the pictures: saved only when asked for, as the sweeps do (SWEEP_SCREENSHOTS=<dir>).
          if (process.env.SWEEP_SCREENSHOTS) {
            const name = path === "/" ? "home" : path.slice(1).replace(/\//g, "-");
            await page.screenshot({ path: `${process.env.SWEEP_SCREENSHOTS}/public-${name}-${viewport.name}-${scheme}.png`, fullPage: true });
          }
        }
      });
    });
  }
}

test("the landing page lists trending resources with views and categories, and filters them", async ({ page }) => {
  await page.goto("/");
  const items = page.getByTestId("landing-trending-item");
  await expect(items.first()).toBeVisible();
  expect(await items.count()).toBeLessThanOrEqual(9);
  await expect(items.first()).toContainText(/views/);
  await page.getByRole("button", { name: "Design", exact: true }).click();
  await expect(items.first()).toContainText("Design");
});

test("/trending pages forward and back, and a filter change returns to page 1", async ({ page }) => {
  await page.goto("/trending?time=year");
  const cards = page.getByTestId("trending-card");
  await expect(cards).toHaveCount(9);
  await expect(page.getByText(/Page 1 of \d+/)).toBeVisible();
  await expect(page.getByRole("button", { name: "Previous" })).toBeDisabled();
  await page.getByRole("button", { name: "Next" }).click();
  await expect(page.getByText(/Page 2 of \d+/)).toBeVisible();
  await expect(cards.first()).toContainText("10");
  await page.getByLabel("Category").selectOption("dotnet");
  await expect(page.getByText(/Page 1 of 2/)).toBeVisible();
  await page.getByRole("button", { name: "Next" }).click();
  await expect(page.getByRole("button", { name: "Next" })).toBeDisabled();
  await page.goto("/trending?time=year&category=dotnet&page=99");
  await expect(page.getByText("Page 2 of 2")).toBeVisible();
});

test("a Free user shares a link; signed out, its page shows the summary, tags and watermark", async ({ page, browser }) => {
  // Sign-up, a crawl, an enrichment and an axe run: over 30 s on a busy two-core machine.
  test.setTimeout(90_000);
  await signUp(page, `sharer-${Date.now()}@example.com`, "share-password");
  await page.goto("/dashboard");
  await page.getByLabel("Save a link").fill(pagesUrl("/react"));
  await page.getByRole("button", { name: "Save", exact: true }).click();
  const row = page.getByTestId("link-row").first();
  await expect(row).toHaveAttribute("data-status", "enriched", { timeout: 15_000 });
  await rowAction(row, "Share");
  await page.getByRole("navigation", { name: "Dashboard sections" }).getByRole("link", { name: "Shared links" }).click();
  const shared = page.getByTestId("shared-link").first();
  await expect(shared).toContainText("A gentle guide to React hooks");
  const shareUrl = await shared.getByRole("link").textContent();

  // A context of its own: axe-core needs one.
  const visitorContext = await browser.newContext();
  const visitor = await visitorContext.newPage();
  await visitor.goto(shareUrl!);
  await expect(visitor.getByRole("heading", { level: 1 })).toHaveText("A gentle guide to React hooks");
  await expect(visitor.getByRole("list", { name: "Tags" })).toContainText("#hook");
  await expect(visitor.getByRole("link", { name: /react$/ })).toHaveAttribute("rel", "noopener noreferrer");
  await expect(visitor.getByTestId("watermark")).toHaveText("Shared with Linkwise");
  // The watermark is small print that must stay readable (it was 2.56:1).
  await expectNoAxeViolations(visitor);
  await expect(visitor.getByRole("link", { name: /Try Linkwise free/ })).toBeVisible();
  expect(await visitor.locator('meta[property="og:title"]').getAttribute("content")).toBe("A gentle guide to React hooks");
  await visitorContext.close();
});

test("the cookie dialog saves choices, keeps essential on, and Cancel changes nothing", async ({ page }) => {
  await page.goto("/cookie-policy");
  await page.getByRole("button", { name: "Manage Cookie Preferences" }).click();
  const dialog = page.getByRole("dialog");
  await expect(dialog.getByText("Always Active")).toBeVisible();
  // Opt-in: nothing but the essential is on before the visitor chooses.
  await expect(dialog.getByRole("switch", { name: "Essential cookies" })).toBeChecked();
  for (const name of ["Analytics cookies", "Preferences cookies", "Marketing cookies"]) await expect(dialog.getByRole("switch", { name })).not.toBeChecked();
  await dialog.getByRole("switch", { name: "Marketing cookies" }).check();
  await dialog.getByRole("switch", { name: "Analytics cookies" }).uncheck();
  await dialog.getByRole("button", { name: "Save Preferences" }).click();
  await expect(dialog).toBeHidden();
  expect(JSON.parse((await page.evaluate(() => localStorage.getItem("cookiePreferences")))!)).toEqual({
    essential: true,
    analytics: false,
    preferences: false,
    marketing: true,
  });
  await page.getByRole("button", { name: "Manage Cookie Preferences" }).click();
  await dialog.getByRole("switch", { name: "Marketing cookies" }).uncheck();
  await dialog.getByRole("button", { name: "Cancel" }).click();
  expect(JSON.parse((await page.evaluate(() => localStorage.getItem("cookiePreferences")))!).marketing).toBe(true);
});

test("the help center filters answers as you type and by category; the contact form sends", async ({ page }) => {
  await page.goto("/help-center");
  await page.getByLabel("Search the help center").fill("watermark");
  await expect(page.getByTestId("help-results").locator("details")).toHaveCount(1);
  await page.getByLabel("Search the help center").fill("");
  await page.getByRole("button", { name: "Sharing", exact: true }).click();
  await expect(page.getByTestId("help-results").locator("details")).toHaveCount(2);

  await page.goto("/contact");
  await page.getByLabel("Name").fill("Grace");
  await page.getByLabel("Email").fill("grace@example.com");
  await page.getByLabel("Subject").selectOption("feature");
  await page.getByLabel("Message").fill("Please add dark mode to the moon.");
  await page.getByRole("button", { name: "Send Message" }).click();
  await expect(page.getByText("Message sent!")).toBeVisible();
});

test("the landing page shows only real figures, and its category chips are /trending's categories", async ({ page }) => {
  await page.goto("/");
  for (const invented of ["10,000+", "2,500+", "95%"]) await expect(page.getByText(invented), invented).toHaveCount(0);
  const stats = (await (await page.request.get("/api/stats")).json()) as { totalEnriched: number };
  // Below the threshold no figure is shown; above it, the real count rounded down.
  if (stats.totalEnriched < 100) await expect(page.getByText("links enriched")).toHaveCount(0);
  else await expect(page.getByTestId("landing-stats")).toContainText("links enriched");

  const chips = (await page.getByRole("group", { name: "Filter by category" }).getByRole("button").allTextContents()).map((chip) => (chip === "All" ? "All Categories" : chip));
  await page.goto("/trending");
  const options = await page.getByLabel("Category").locator("option").allTextContents();
  expect(chips).toEqual(options);
  expect(options).toContain(".NET");
  expect(options).toContain("Design");

  // No annual billing exists; the Best Value badge sits on the cheapest pack per credit.
  await page.goto("/pricing");
  await expect(page.getByText(/annual/i)).toHaveCount(0);
  const packs = page.locator("#packs");
  await expect(packs.getByText("Best Value")).toHaveCount(1);
  await expect(packs.getByRole("heading", { name: "Power Pack" }).locator("..")).toContainText("Best Value");
});

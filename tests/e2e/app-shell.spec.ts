import { expect, test } from "@playwright/test";
import { E2E_ADMIN, signIn, signUp } from "./helpers";
import { expectNoSidewaysScroll } from "./layout";

const PUBLIC_PAGES: Array<[string, RegExp]> = [
  ["/", /Save links/],
  ["/login", /Sign in/],
  ["/register", /Create your account/],
  ["/confirm-email", /Confirm your email/],
  ["/reset-password", /Invalid Reset Link/],
  ["/trending", /All Trending Resources/],
  ["/features", /Features/],
  ["/pricing", /Pricing/],
  ["/get-started", /Get Started/],
  ["/help-center", /Help Center/],
  ["/contact", /Contact/],
  ["/documentation", /Documentation/],
  ["/privacy-policy", /Privacy Policy/],
  ["/terms-of-service", /Terms of Service/],
  ["/cookie-policy", /Cookie Policy/],
];

test("the landing page shows the hero, stats, navigation and the three footer columns", async ({ page }) => {
  await page.goto("/");
  await expect(page.getByRole("heading", { level: 1 })).toContainText("Save links");
  const stats = page.getByRole("list", { name: "Statistics" });
  // Real counts, rounded down (the demo library alone is over the threshold); nothing invented.
  await expect(stats).toContainText(/\b\d[\d,]*\+ links enriched/);
  await expect(stats).not.toContainText("satisfaction");
  await expect(page.getByRole("link", { name: "Start Free Today" })).toHaveAttribute("href", "/register");
  await expect(page.getByRole("link", { name: "Sign In", exact: true })).toHaveAttribute("href", "/login");

  const nav = page.getByRole("navigation", { name: "Main" });
  await expect(nav.getByRole("link", { name: "Login" })).toBeVisible();
  await expect(nav.getByRole("link", { name: "Get Started" })).toHaveAttribute("href", "/register");

  const footer = page.locator("footer");
  for (const column of ["Product", "Support", "Legal"]) await expect(footer.getByRole("heading", { name: column })).toBeVisible();
  await expect(footer.getByRole("link", { name: "Cookie Policy" })).toHaveAttribute("href", "/cookie-policy");
});

test("every public route renders its heading", async ({ page }) => {
  for (const [path, heading] of PUBLIC_PAGES) {
    const response = await page.goto(path);
    expect(response?.status(), path).toBe(200);
    await expect(page.getByRole("heading", { level: 1 }), path).toContainText(heading);
  }
});

/** Every signed-in page (an admin sees them all): the app's header, one title, the header's width, no site footer. */
const APP_PAGES: Array<[string, string]> = [
  ["/dashboard", "Library"],
  ["/dashboard/deleted", "Recently deleted"],
  ["/settings", "Settings"],
  ["/settings/billing", "Billing"],
  ["/settings/integrations", "API & integrations"],
  ["/settings/feeds", "Feeds"],
  ["/bookmarklet", "Bookmarklet"],
  ["/upgrade", "Upgrade your plan"],
  ["/admin", "Admin"],
  ["/admin/jobs", "Jobs"],
  ["/admin/feature-toggles", "Feature toggles"],
];

test("every signed-in page wears the one application layout: the app header, one h1 in line with the logo, no marketing footer", async ({ page }) => {
  test.slow();
  await signIn(page, E2E_ADMIN);
  for (const [path, title] of APP_PAGES) {
    await page.goto(path);
    const header = page.getByTestId("app-header");
    const nav = header.getByRole("navigation", { name: "Main" });
    await expect(nav.getByRole("link", { name: "Dashboard", exact: true }), path).toBeVisible();
    await expect(nav.getByRole("link", { name: "Admin", exact: true }), path).toBeVisible();
    await expect(nav.getByRole("button", { name: /^Notifications/ }), path).toBeVisible();
    await expect(nav.getByRole("button", { name: E2E_ADMIN.email }), path).toBeVisible();
    await expect(page.getByRole("heading", { level: 1 }), path).toHaveText(title);
    await expect(page.locator("h1"), path).toHaveCount(1);
    await expect(page.getByRole("contentinfo"), path).toHaveCount(0);
    // The page starts where the logo does: one content width, not a centred hero. The dashboard's
    // first column is its library sidebar, with the title beside it over the list.
    const logo = (await nav.getByRole("link", { name: "Linkwise dashboard" }).boundingBox())!;
    const first = path === "/dashboard" ? page.getByRole("complementary", { name: "Library" }) : page.locator("h1");
    const start = (await first.boundingBox())!;
    expect(Math.abs(start.x - logo.x), path).toBeLessThanOrEqual(1);
  }
  // The account menu: the person's own pages and Log out; Escape closes it and gives the focus back.
  const account = page.getByRole("button", { name: E2E_ADMIN.email });
  await account.focus();
  await page.keyboard.press("Enter");
  const menu = page.locator("#account-menu");
  await expect(menu.getByRole("link", { name: "API & integrations" })).toBeVisible();
  await expect(menu.getByRole("button", { name: "Log out" })).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(menu).toHaveCount(0);
  await expect(account).toBeFocused();
  await expect(account).toHaveAttribute("aria-expanded", "false");
});

test("a shared link that does not exist answers 404 with the documented text", async ({ page }) => {
  const response = await page.goto("/share/00000000-0000-0000-0000-000000000000");
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("This link is not available.");
});

test("an unknown path lands on the home page", async ({ page }) => {
  await page.goto("/this/does/not/exist");
  await expect(page).toHaveURL("/");
  await expect(page.getByRole("heading", { level: 1 })).toContainText("Save links");
});

test("signed-in pages send a visitor to /login and remember the origin", async ({ page }) => {
  for (const path of ["/dashboard", "/upgrade?feature=quizGenerator", "/admin", "/admin/feature-toggles"]) {
    await page.goto(path);
    await expect(page).toHaveURL(`/login?redirectTo=${encodeURIComponent(path)}`);
  }
});

test.describe("theme", () => {
  test.use({ colorScheme: "dark" });

  test("follows the system preference, toggles, and the saved choice survives a reload", async ({ page }) => {
    await page.goto("/");
    await expect(page.locator("html")).toHaveClass(/dark/);
    await page.getByTestId("theme-toggle").first().click();
    await expect(page.locator("html")).not.toHaveClass(/dark/);
    expect(await page.evaluate(() => localStorage.getItem("theme"))).toBe("light");
    await page.reload();
    await expect(page.locator("html")).not.toHaveClass(/dark/);
  });

});

test.describe("theme on a light system", () => {
  test.use({ colorScheme: "light" });

  test("a saved dark theme is applied before the app's JavaScript runs, so light never flashes", async ({ page }) => {
    await page.addInitScript(() => localStorage.setItem("theme", "dark"));
    // Block every script bundle: only the inline boot script in <head> can set the class.
    await page.route("**/build/**/*.js", (route) => route.abort());
    await page.goto("/", { waitUntil: "domcontentloaded" });
    expect(await page.evaluate(() => document.documentElement.className)).toContain("dark");
    expect(await page.evaluate(() => document.documentElement.style.colorScheme)).toBe("dark");
  });
});

test("on a phone the menu button opens the navigation", async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 740 });
  await page.goto("/");
  await page.getByRole("button", { name: "Menu" }).click();
  await page.locator("#mobile-menu").getByRole("link", { name: "Pricing" }).click();
  await expect(page).toHaveURL("/pricing");
});

test("on a phone a signed-in person's menu offers what the desktop bar does: no Pricing", async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 740 });
  await signUp(page, `menu-${Date.now()}@example.com`, "secret-pass-123");
  await page.goto("/dashboard");
  // The app's header replaces the site's when the dashboard renders: press the button that stays.
  await expect(page.getByTestId("app-header")).toBeVisible();
  await page.getByRole("button", { name: "Menu" }).click();
  const menu = page.locator("#mobile-menu");
  await expect(menu.getByRole("link", { name: "Dashboard" })).toBeVisible();
  await expect(menu.getByRole("link", { name: "Highlights" })).toBeVisible();
  await expect(menu.getByRole("link", { name: "Review" })).toBeVisible();
  await expect(menu.getByRole("link", { name: "Trending" })).toBeVisible();
  await expect(menu.getByRole("link", { name: "Pricing" })).toHaveCount(0);
  // A tablet still has the menu: the sections and the account do not fit beside each other there.
  await page.setViewportSize({ width: 768, height: 1024 });
  await expect(page.getByRole("button", { name: "Menu" })).toBeVisible();
  await expectNoSidewaysScroll(page);
  await page.setViewportSize({ width: 1024, height: 768 });
  await expect(page.getByTestId("app-header").getByRole("link", { name: "Review" })).toBeVisible();
  await expectNoSidewaysScroll(page);
});

test("on a phone Escape closes the open menu and gives the focus back to its button", async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 740 });
  await page.goto("/");
  const menu = page.getByRole("button", { name: "Menu" });
  await menu.focus();
  await page.keyboard.press("Enter");
  await expect(menu).toHaveAttribute("aria-expanded", "true");
  await page.keyboard.press("Tab");
  await expect(page.locator("#mobile-menu").getByRole("link", { name: "Trending" })).toBeFocused();
  await page.keyboard.press("Escape");
  await expect(page.locator("#mobile-menu")).toHaveCount(0);
  await expect(menu).toHaveAttribute("aria-expanded", "false");
  await expect(menu).toBeFocused();
});

test("/api/status reports Postgres, Redis and the running worker", async ({ request }) => {
  await expect
    .poll(async () => (await (await request.get("/api/status")).json()).workers, { timeout: 15_000 })
    .toBeGreaterThanOrEqual(1);
  const response = await request.get("/api/status");
  expect(response.status()).toBe(200);
  expect(await response.json()).toMatchObject({ status: "ok", postgres: { ok: true }, redis: { ok: true } });
});

test("the confirm-email banner is part of the served page, and dismissing it lasts for the browser session", async ({ page, browser }) => {
  const email = `banner-${Date.now()}@example.com`;
  await signUp(page, email, "secret-pass-123");
  await page.goto("/dashboard");
  // In the server's HTML, not added after hydration (which pushed the whole page down).
  expect(await (await page.request.get("/dashboard")).text()).toContain("Please confirm your email address.");
  const banner = page.getByRole("region", { name: "Confirm your email" });
  await expect(banner).toContainText(email);
  await banner.getByRole("button", { name: "Dismiss" }).click();
  await expect(banner).toHaveCount(0);
  await page.reload();
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await expect(banner).toHaveCount(0);
  expect(await (await page.request.get("/dashboard")).text()).not.toContain("Please confirm your email address.");

  // Another browser session signed in to the same account sees it again.
  const other = await browser.newContext();
  const otherPage = await other.newPage();
  await signIn(otherPage, { email, password: "secret-pass-123" });
  await otherPage.goto("/dashboard");
  await expect(otherPage.getByRole("region", { name: "Confirm your email" })).toBeVisible();
  await other.close();
});

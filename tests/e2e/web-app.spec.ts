import { expect, test } from "@playwright/test";
import { expectNoAxeViolations } from "./axe";
import { pagesUrl, signUp } from "./helpers";

test("a link shared from a phone while signed out: sign in, and it is saved and enriched", async ({ page, context }) => {
  const email = `share-${Date.now()}@example.com`;
  await signUp(page, email, "share-password");
  await context.clearCookies();

  const shared = pagesUrl("/article");
  // What Android's share sheet opens: the manifest's share_target, the address inside the text.
  await page.goto(`/share-target?${new URLSearchParams({ title: "An article", text: `Worth reading: ${shared}` })}`);
  await expect(page).toHaveURL(/\/login\?redirectTo=/);
  await page.getByLabel("Email", { exact: true }).fill(email);
  await page.getByLabel("Password", { exact: true }).fill("share-password");
  await page.getByRole("button", { name: "Sign In" }).click();

  await expect(page).toHaveURL("/dashboard");
  await expect(page.getByRole("status").filter({ hasText: "Link saved" })).toBeVisible();
  const row = page.getByTestId("link-row").first();
  await expect(row).toHaveAttribute("data-url", shared);
  await expect(row).toHaveAttribute("data-status", "enriched", { timeout: 20_000 });
});

test("a share without an address lands on the dashboard with a message", async ({ page }) => {
  await signUp(page, `share-none-${Date.now()}@example.com`, "share-password");
  await page.goto("/share-target?text=just%20some%20words");
  await expect(page).toHaveURL("/dashboard");
  await expect(page.getByRole("alert").filter({ hasText: "no web address" })).toBeVisible();
});

test("another site sending a signed-in user to the share target gets a question, not a saved link", async ({ page, baseURL }) => {
  await signUp(page, `share-ask-${Date.now()}@example.com`, "share-password");
  const shared = pagesUrl("/article");
  // The fixture server is another origin: the browser marks the navigation Sec-Fetch-Site: same-site.
  await page.goto(pagesUrl("/article"));
  await page.evaluate((target) => (window.location.href = target), `${baseURL}/share-target?url=${encodeURIComponent(shared)}`);
  await expect(page.getByRole("heading", { name: "Save this link?" })).toBeVisible();
  await expect(page.getByText(shared)).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByRole("button", { name: "Save link" }).click();
  await expect(page).toHaveURL("/dashboard");
  await expect(page.getByRole("status").filter({ hasText: "Link saved" })).toBeVisible();
  await expect(page.getByTestId("link-row").first()).toHaveAttribute("data-url", shared);
});

test("the service worker registers and keeps build assets, never API answers or pages", async ({ page }) => {
  await signUp(page, `sw-${Date.now()}@example.com`, "sw-password");
  await page.goto("/dashboard");
  const scriptURL = await page.evaluate(async () => (await navigator.serviceWorker.ready).active?.scriptURL ?? "");
  expect(scriptURL).toMatch(/\/sw\.js\?v=.+/);
  // Controlled from now on: these requests pass through the worker.
  await page.reload();
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
  const status = await page.evaluate(async () => (await fetch("/api/links?limit=5")).status);
  expect(status).toBe(200);
  const cached = await page.evaluate(async () => {
    const urls: string[] = [];
    for (const name of await caches.keys()) for (const request of await (await caches.open(name)).keys()) urls.push(new URL(request.url).pathname);
    return urls;
  });
  expect(cached.some((path) => path.startsWith("/build/"))).toBe(true);
  expect(cached.filter((path) => !path.startsWith("/build/") && !path.startsWith("/icons/") && !["/favicon.svg", "/apple-touch-icon.png", "/manifest.webmanifest"].includes(path))).toEqual([]);
});

test("get-started tells how to install the app, and passes axe in both themes on a phone", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/get-started");
  await expect(page.getByRole("heading", { name: "Install on your phone" })).toBeVisible();
  await expect(page.getByText("Tap the Share button, then “Add to Home Screen”.")).toBeVisible();
  await expectNoAxeViolations(page);
  await page.addInitScript(() => window.localStorage.setItem("theme", "dark"));
  await page.reload();
  await expect(page.locator("html")).toHaveClass(/dark/);
  await expectNoAxeViolations(page);
});

import { expect, test, type Page } from "@playwright/test";
import { signUp } from "./helpers";

test.describe.configure({ timeout: 90_000 });

/**
 * Holds the page's JavaScript until `release` is called: the server's page is up and usable, as a
 * phone on a slow network shows it, while React has not hydrated it yet.
 */
async function holdScripts(page: Page): Promise<() => void> {
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/build\/.*\.js(\?|$)/, async (route) => {
    await held;
    await route.continue();
  });
  return release;
}

// What a person types, ticks or chooses before the page's JavaScript has run is theirs: React
// adopts it when it hydrates the page (app/lib/early-input.ts), and a later redraw keeps it.
test("a link pasted into Save before the page hydrated is the one saved", async ({ page }) => {
  const email = `early-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
  await signUp(page, email, "early-password");
  const release = await holdScripts(page);
  await page.goto("/dashboard", { waitUntil: "commit" });
  const field = page.getByLabel("Save a link");
  await field.fill("https://early.e2e.test/typed-before-hydration");
  release();
  await expect(page.locator("html[data-hydrated]")).toHaveCount(1);
  await expect(field).toHaveValue("https://early.e2e.test/typed-before-hydration");
  await page.getByRole("button", { name: "Save", exact: true }).click();
  await expect(page.locator('[data-testid="link-row"][data-url="https://early.e2e.test/typed-before-hydration"]')).toHaveCount(1);
  await expect(field).toHaveValue("");
});

test("a plan chosen and an address typed on the sign-up page before it hydrated stay chosen and typed", async ({ page }) => {
  const release = await holdScripts(page);
  await page.goto("/register", { waitUntil: "commit" });
  const email = page.getByLabel("Email");
  await email.fill("early-plan@example.com");
  const plans = page.locator('input[type="radio"][name="plan"]:not([disabled])');
  await expect(plans.nth(1)).toBeVisible();
  const chosen = await plans.nth(1).getAttribute("value");
  const before = await plans.evaluateAll((radios) => radios.findIndex((radio) => (radio as HTMLInputElement).checked));
  expect(before, "the server's default plan is another one").not.toBe(1);
  await plans.nth(1).check();
  release();
  await expect(page.locator("html[data-hydrated]")).toHaveCount(1);
  // A redraw after hydration (another field typed in) must not put the server's choice back.
  await page.getByLabel("Password", { exact: true }).fill("early-password");
  await expect(plans.nth(1)).toBeChecked();
  await expect(page.locator(`input[type="radio"][name="plan"][value="${chosen}"]`)).toBeChecked();
  await expect(email).toHaveValue("early-plan@example.com");
});

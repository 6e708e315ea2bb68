import { expect, test, type Page } from "@playwright/test";
import { expectNoAxeViolations } from "./axe";
import { spendAllowance, userIdOf, withDb } from "./db";
import { openRow, pagesUrl, rowAction, signUp, waitForHydration } from "./helpers";
import { sweepSubscriptionsNow } from "./sweep";

// Test mode (no STRIPE_SECRET_KEY): checkout is our own labelled page with Pay and Cancel, which
// completes through the same fulfilment code as a Stripe webhook.

const TEST_MODE = "Test mode — no card is charged";
/** After Pay: fulfilment, the redirect and the return page's sync (which gives up after 30 s). */
const FULFILLED = { timeout: 30_000 };

// Each test signs up and goes through one or two checkouts: more than 30 s on a busy machine.
test.describe.configure({ timeout: 60_000 });

/** Billing's one list of the plan's features (it was the dashboard sidebar's Feature Access). */
async function featureAccess(page: Page) {
  await page.goto("/settings/billing");
  return page.getByTestId("plan-features");
}

/** On the test checkout page: checks what is bought and pays. */
async function payTestCheckout(page: Page, total: string) {
  await expect(page).toHaveURL(/\/checkout\/test\//);
  await expect(page.getByText(TEST_MODE).first()).toBeVisible();
  await expect(page.getByTestId("checkout-total")).toContainText(total);
  // Pressed while React hydrates the page, the press could be neither a plain form post nor Remix's.
  const pay = page.getByRole("button", { name: `Pay ${total}` });
  await waitForHydration(pay);
  await pay.click();
}

async function subscribe(page: Page, plan: "Scout" | "Creator", from = "/upgrade") {
  await page.goto(from);
  await page.getByTestId(`plan-${plan.toLowerCase()}`).getByRole("button", { name: `Subscribe to ${plan}` }).click();
  await payTestCheckout(page, plan === "Scout" ? "€4.95" : "€12.95");
  await expect(page.getByTestId("checkout-result")).toContainText(`${plan} plan active`, FULFILLED);
}

/** No element wider than a 375 px phone: the page never scrolls sideways. */
async function expectNoSidewaysScroll(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}

/**
 * A small accessibility check (axe is not a dependency of this repo): one h1, every visible
 * control has an accessible name, every form field a label.
 */
async function expectLabelledControls(page: Page) {
  const problems = await page.evaluate(() => {
    const out: string[] = [];
    const visible = (el: Element) => (el as HTMLElement).offsetParent !== null || el.getClientRects().length > 0;
    if (document.querySelectorAll("h1").length !== 1) out.push(`${document.querySelectorAll("h1").length} h1 elements`);
    for (const el of document.querySelectorAll("button, a[href], [role=button], [role=switch]")) {
      if (!visible(el)) continue;
      const name = el.getAttribute("aria-label") || el.getAttribute("aria-labelledby") || el.textContent?.trim();
      if (!name) out.push(`unnamed ${el.tagName.toLowerCase()}: ${el.outerHTML.slice(0, 80)}`);
    }
    for (const el of document.querySelectorAll<HTMLInputElement>("input:not([type=hidden]), select, textarea")) {
      if (!visible(el)) continue;
      if (!(el.labels?.length || el.getAttribute("aria-label") || el.getAttribute("aria-labelledby"))) out.push(`unlabelled field: ${el.outerHTML.slice(0, 80)}`);
    }
    return out;
  });
  expect(problems).toEqual([]);
}

test("a Free user at the limit buys a Popular Pack from the dashboard modal and Retry of the limited link ends Enriched", async ({ page }) => {
  const email = `pack-${Date.now()}@example.com`;
  await signUp(page, email, "pack-password");
  await spendAllowance(email, 5);
  await page.goto("/dashboard");
  const meter = page.getByTestId("usage-meter");
  await expect(meter).toContainText("5 / 5");
  await expect(meter).toContainText("Quota exceeded");
  await expect(meter).toHaveAttribute("data-level", "red");
  await expect(page.getByTestId("pack-credits")).toHaveText("No pack credits");

  // Saved at the limit: kept, but not enriched.
  await page.getByLabel("Save a link").fill(pagesUrl("/article"));
  await page.getByRole("button", { name: "Save", exact: true }).click();
  const row = page.getByTestId("link-row").first();
  await expect(row.getByText("Failed")).toBeVisible({ timeout: 15_000 });
  await expect(row.getByTestId("link-error")).toContainText("Monthly enrichment limit reached");

  await page.getByTestId("usage-indicator").locator("button[aria-expanded]").click();
  await meter.getByRole("button", { name: "Buy Enrichment Pack" }).click();
  const modal = page.getByRole("dialog", { name: "Buy Enrichment Pack" });
  await expect(modal).toBeVisible();
  await expect(modal.getByRole("button", { name: /^Buy / })).toHaveCount(3);
  await expect(modal.getByRole("button", { name: /Buy Power Pack/ })).toContainText("Best Value");
  await expect(modal.getByRole("button", { name: /Buy Popular Pack/ })).not.toContainText("Best Value");
  // Keyboard: focus starts inside the modal; Escape closes it.
  await expect(modal.getByRole("button", { name: /Buy Starter Pack/ })).toBeFocused();
  // Open, the dialog passes axe too (each pack's name is the text it shows: label-content-name-mismatch).
  await expectNoAxeViolations(page);
  await page.keyboard.press("Escape");
  await expect(modal).toBeHidden();

  await page.getByTestId("usage-indicator").locator("button[aria-expanded]").click();
  await meter.getByRole("button", { name: "Buy Enrichment Pack" }).click();
  await modal.getByRole("button", { name: /Buy Popular Pack/ }).click();
  // The return page's sync calls wait until the processing state has been seen.
  let release!: () => void;
  const seen = new Promise<void>((resolve) => (release = resolve));
  await page.route("**/api/billing/checkouts/*/sync", async (route) => {
    await seen;
    await route.continue();
  });
  await payTestCheckout(page, "€4.99");

  // Back on the dashboard: the modal again, processing, then Purchase Successful, closing itself.
  await expect(page.getByRole("dialog", { name: "Processing your purchase…" })).toBeVisible(FULFILLED);
  release();
  const done = page.getByRole("dialog", { name: "Purchase Successful" });
  await expect(done).toBeVisible(FULFILLED);
  await expect(done).toContainText("20 credits added");
  await expect(page.getByTestId("pack-credits")).toContainText("20 pack credits left");
  // The allowance is used but 20 credits remain: not "Quota exceeded", not red.
  await expect(meter).toContainText("Monthly allowance used · 20 pack credits left");
  await expect(meter).not.toContainText("Quota exceeded");
  await expect(meter).toHaveAttribute("data-level", "yellow");
  await expect(done).toBeHidden();
  await expect(page).toHaveURL("/dashboard");

  await rowAction(row, "Retry");
  await expect(row).toHaveAttribute("data-status", "enriched", { timeout: 20_000 });
  await expect(page.getByTestId("pack-credits")).toContainText("19 pack credits left");
});

test("a test checkout is its owner's alone; cancelling it changes nothing and says so", async ({ page, browser }) => {
  await signUp(page, `cancel-${Date.now()}@example.com`, "pack-password");
  await page.goto("/dashboard");
  await page.getByTestId("usage-indicator").locator("button[aria-expanded]").click();
  await page.getByTestId("usage-meter").getByRole("button", { name: "Buy Enrichment Pack" }).click();
  await page.getByRole("dialog", { name: "Buy Enrichment Pack" }).getByRole("button", { name: /Buy Power Pack/ }).click();
  await expect(page).toHaveURL(/\/checkout\/test\//);
  await expect(page.getByTestId("test-checkout")).toContainText("Power Pack");

  const other = await (await browser.newContext()).newPage();
  await signUp(other, `other-${Date.now()}@example.com`, "other-password");
  await other.goto("/dashboard");
  const response = await other.goto(page.url());
  expect(response?.status()).toBe(404);
  await expect(other.getByRole("heading", { level: 1 })).toHaveText("Checkout not found");
  await expect(other.getByRole("button", { name: /^Pay/ })).toHaveCount(0);
  await other.context().close();

  await page.getByRole("button", { name: "Cancel", exact: true }).click();
  await expect(page.getByText("Purchase cancelled. Nothing was charged.")).toBeVisible(FULFILLED);
  await expect(page).toHaveURL("/dashboard");
  await expect(page.getByRole("dialog")).toHaveCount(0);
  await expect(page.getByTestId("pack-credits")).toHaveText("No pack credits");
});

test("a Free user upgrades to Creator from /upgrade?feature=quizGenerator and the quiz unlocks", async ({ page }) => {
  await signUp(page, `creator-${Date.now()}@example.com`, "upgrade-password");
  await page.goto("/dashboard");
  await expect((await featureAccess(page)).getByRole("link", { name: /Quiz generator \(locked/ })).toBeVisible();
  await page.goto("/upgrade?feature=quizGenerator");
  await expect(page.getByTestId("test-mode-banner")).toContainText(TEST_MODE);
  await expect(page.getByTestId("plan-free")).toContainText("Current plan");
  const creator = page.getByTestId("plan-creator");
  await expect(creator).toHaveAttribute("data-highlighted", "true");
  await expect(page.getByTestId("plan-scout")).toHaveAttribute("data-highlighted", "false");
  await expect(creator).toBeInViewport();

  await creator.getByRole("button", { name: "Subscribe to Creator" }).click();
  await payTestCheckout(page, "€12.95");
  await expect(page.getByTestId("checkout-result")).toContainText("Creator plan active", FULFILLED);
  await expect(page).toHaveURL("/upgrade");
  await expect(creator).toContainText("Current plan");
  await expect(creator.getByRole("link", { name: "Manage billing" })).toHaveAttribute("href", "/settings/billing");
  await expect(page.getByTestId("plan-scout").getByRole("button", { name: "Switch to Scout" })).toBeVisible();
  await expect(page.getByRole("navigation", { name: "Main" })).toContainText("Creator");

  const sidebar = await featureAccess(page);
  await expect(sidebar.getByRole("listitem").filter({ hasText: "Quiz generator" })).toContainText("✓");
  await expect(sidebar.getByRole("link", { name: /Quiz generator \(locked/ })).toHaveCount(0);
});

test("after an upgrade, a link saved on Free is enriched again with Scout's features from the upgrade screen, and says so", async ({ page }) => {
  await signUp(page, `earlier-${Date.now()}@example.com`, "upgrade-password");
  await page.goto("/dashboard");
  await page.getByLabel("Save a link").fill(pagesUrl(`/article?earlier=${Date.now()}`));
  await page.getByRole("button", { name: "Save", exact: true }).click();
  const row = page.getByTestId("link-row").first();
  await expect(row).toHaveAttribute("data-status", "enriched", { timeout: 15_000 });
  const panel = await openRow(row);
  await expect(panel.getByTestId("enriched-with")).toContainText("Enriched with Free plan features on");
  await expect(panel.getByTestId("link-details")).not.toContainText("CREATE INDEX");

  await subscribe(page, "Scout");
  const offer = page.getByTestId("earlier-links");
  await expect(offer).toContainText("1 link was enriched under a lesser plan, without tag suggestions, code snippets.");
  await offer.getByRole("button", { name: "Enrich my earlier links with my new plan" }).click();
  await expect(offer).toContainText("Done: 1 earlier link enriched with your Scout plan", FULFILLED);
  await expect(offer.getByRole("button")).toHaveCount(0);

  await page.goto("/dashboard");
  const again = page.getByTestId("link-row").first();
  const fresh = await openRow(again);
  await expect(fresh.getByTestId("enriched-with")).toContainText("Enriched with Scout plan features on");
  await expect(fresh.getByTestId("link-details")).toContainText("CREATE INDEX");
  // Nothing is behind any more: the billing page offers nothing.
  await page.goto("/settings/billing");
  await expect(page.getByTestId("billing-plan-name")).toHaveText("Scout");
  await expect(page.getByTestId("earlier-links")).toHaveCount(0);
});

test("cancelling from the billing page shows the end date, and once it passes the user is on Free", async ({ page }) => {
  const email = `cancel-plan-${Date.now()}@example.com`;
  await signUp(page, email, "cancel-password");
  await page.goto("/dashboard");
  await subscribe(page, "Scout");

  await page.getByRole("link", { name: "Billing and receipts" }).click();
  await expect(page).toHaveURL("/settings/billing");
  await expect(page.getByTestId("test-mode-banner")).toBeVisible();
  await expect(page.getByTestId("billing-plan-name")).toHaveText("Scout");
  await expect(page.getByTestId("plan-renews")).toContainText("Renews on");
  await expect(page.getByTestId("receipt")).toContainText("€4.95");

  await page.getByRole("button", { name: "Cancel plan" }).click();
  const confirm = page.getByRole("alertdialog", { name: "Cancel your plan?" });
  await expect(confirm.getByRole("button", { name: "Cancel", exact: true })).toBeFocused();
  await confirm.getByRole("button", { name: "Cancel plan" }).click();
  await expect(confirm).toBeHidden();

  const userId = await userIdOf(email);
  const periodEnd = await withDb(async (client) => {
    const { rows } = await client.query<{ current_period_end: Date }>("select current_period_end from subscriptions where user_id = $1", [userId]);
    return rows[0]!.current_period_end;
  });
  // In the browser's locale and zone (app/lib/datetime.ts).
  const endDate = await page.evaluate((iso) => new Intl.DateTimeFormat(undefined, { dateStyle: "long" }).format(new Date(iso)), periodEnd.toISOString());
  const ends = page.getByTestId("plan-ends");
  await expect(ends).toContainText(`Ends on ${endDate} — you'll be on Free after that`);
  await page.reload();
  await expect(ends).toContainText(`Ends on ${endDate}`);
  await expect(page.getByRole("button", { name: "Resume plan" })).toBeVisible();
  await expect(page.getByTestId("billing-plan-name")).toHaveText("Scout");

  // The paid period ends.
  await withDb((client) => client.query("update subscriptions set current_period_end = now() - interval '1 minute' where user_id = $1", [userId]));
  await sweepSubscriptionsNow();
  await page.reload();
  await expect(page.getByTestId("billing-plan-name")).toHaveText("Free");
  await expect(page.getByRole("navigation", { name: "Main" })).toContainText("Free");
  await page.goto("/dashboard");
  await expect(page.getByTestId("usage-meter")).toContainText("/ 5");
});

test.describe("on a phone", () => {
  test.use({ viewport: { width: 375, height: 812 } });

  test("/upgrade and /settings/billing fit a 375 px screen with labelled controls", async ({ page }) => {
    await signUp(page, `phone-${Date.now()}@example.com`, "phone-password");
    for (const path of ["/upgrade?pack=pack-50", "/settings/billing"]) {
      await page.goto(path);
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      await expectNoSidewaysScroll(page);
      await expectLabelledControls(page);
      await expectNoAxeViolations(page);
    }
  });
});

test("in the dark theme, /upgrade, the test checkout and /settings/billing pass axe's WCAG A and AA rules", async ({ page }) => {
  await page.addInitScript(() => window.localStorage.setItem("theme", "dark"));
  await signUp(page, `dark-${Date.now()}@example.com`, "dark-password");
  await page.goto("/upgrade");
  await expect(page.locator("html")).toHaveClass(/dark/);
  await expectNoAxeViolations(page);
  await page.getByTestId("pack-shop").getByRole("button", { name: /^Buy / }).click();
  await expect(page).toHaveURL(/\/checkout\/test\//);
  await expectNoAxeViolations(page);
  await page.goto("/settings/billing");
  await expectNoAxeViolations(page);
});

test("the packs on /upgrade: ?pack= preselects, the quantity stays between 1 and 100, the total follows", async ({ page }) => {
  await signUp(page, `packs-${Date.now()}@example.com`, "packs-password");
  await page.goto("/upgrade?pack=pack-50");
  const shop = page.getByTestId("pack-shop");
  await expect(shop.getByRole("radio", { name: /Power Pack/ })).toBeChecked();
  await expect(shop.getByTestId("pack-pack-50")).toContainText("Best Value");
  const quantity = shop.getByLabel("Quantity");
  await quantity.fill("3");
  await expect(shop.getByTestId("pack-total")).toContainText("Total €29.97");
  await quantity.fill("0");
  await expect(shop.getByRole("button", { name: /^Buy / })).toBeDisabled();
  await quantity.fill("101");
  await expect(shop.getByRole("button", { name: /^Buy / })).toBeDisabled();
  await quantity.fill("2");
  // Keyboard: arrow keys move between packs.
  await shop.getByRole("radio", { name: /Power Pack/ }).focus();
  await page.keyboard.press("ArrowLeft");
  await expect(shop.getByRole("radio", { name: /Popular Pack/ })).toBeChecked();
  await expect(shop.getByTestId("pack-total")).toContainText("Total €9.98");
  await expectLabelledControls(page);

  await shop.getByRole("button", { name: "Buy Popular Pack" }).click();
  await expect(page).toHaveURL(/\/checkout\/test\//);
  await expect(page.getByTestId("test-checkout")).toContainText("2");
  await payTestCheckout(page, "€9.98");
  await expect(page.getByTestId("checkout-result")).toContainText("Purchase Successful", FULFILLED);
  await expect(page.getByTestId("checkout-result")).toContainText("40 credits added");
  await expect(page.getByTestId("upgrade-credits")).toHaveText("40");

  await page.goto("/settings/billing");
  await expect(page.getByTestId("credits-balance")).toHaveText("40");
  await expect(page.getByTestId("credit-entry").first()).toContainText("+40");
  await expect(page.getByTestId("receipt").first()).toContainText("€9.98");
});

test("Pay works before the page's JavaScript has loaded (a plain form post from our own origin)", async ({ page, browser }) => {
  await signUp(page, `nojs-${Date.now()}@example.com`, "nojs-password");
  await page.goto("/dashboard");
  await page.getByTestId("usage-indicator").locator("button[aria-expanded]").click();
  await page.getByTestId("usage-meter").getByRole("button", { name: "Buy Enrichment Pack" }).click();
  await page.getByRole("dialog", { name: "Buy Enrichment Pack" }).getByRole("button", { name: /Buy Starter Pack/ }).click();
  await expect(page).toHaveURL(/\/checkout\/test\//);

  const noScript = await browser.newContext({ javaScriptEnabled: false, storageState: await page.context().storageState() });
  const plain = await noScript.newPage();
  await plain.goto(page.url());
  await plain.getByRole("button", { name: "Pay €2.99" }).click();
  await expect(plain).toHaveURL(/\/dashboard\?checkout=success&checkoutId=/);
  await noScript.close();

  await page.goto("/dashboard");
  await expect(page.getByTestId("pack-credits")).toContainText("10 pack credits left");
});

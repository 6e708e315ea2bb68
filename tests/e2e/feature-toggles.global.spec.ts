import { expect, test, type Browser, type Page } from "@playwright/test";
import { E2E_ADMIN, E2E_CREATOR, pagesUrl, signIn } from "./helpers";

// These specs switch features for every Creator, so they run after all other specs (the
// "instance-wide" project of playwright.config.ts) and put the defaults back at the end.

async function signedIn(browser: Browser, account: { email: string; password: string }): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await signIn(page, account);
  return page;
}

// A failed test must not leave the quiz switched off for the specs after it (the sales spec asks
// which plan unlocks the quiz): put the Creator's quiz back the way the admin's API does.
test.afterEach(async ({ browser, baseURL }, testInfo) => {
  if (testInfo.status === testInfo.expectedStatus) return;
  const admin = await signedIn(browser, E2E_ADMIN);
  const restored = await admin.request.put("/api/admin/feature-flags", { headers: { Origin: baseURL! }, data: { flags: { quizGenerator: { ProUser: true } } } });
  expect(restored.status()).toBe(200);
});

test("an admin switches the quiz off for Creator: a signed-in Creator is told it is switched off (not to upgrade), the plan cards drop it, and the API refuses, with no restart", async ({ browser, baseURL }) => {
  const creator = await signedIn(browser, E2E_CREATOR);
  await creator.goto("/dashboard");
  await creator.getByLabel("Save a link").fill(pagesUrl("/react"));
  await creator.getByRole("button", { name: "Save", exact: true }).click();
  await expect(creator.getByTestId("link-row").first()).toHaveAttribute("data-status", "enriched", { timeout: 15_000 });
  await creator.getByRole("navigation", { name: "Dashboard sections" }).getByRole("link", { name: "Enrichments" }).click();
  const card = creator.getByTestId("enrichment-card").filter({ hasText: "React hooks" }).first();
  const quizButton = card.getByRole("button", { name: "Quiz", exact: true });
  await expect(quizButton).toBeVisible();

  const admin = await signedIn(browser, E2E_ADMIN);
  await admin.goto("/admin/feature-toggles");
  const save = admin.getByRole("button", { name: "Save Changes" });
  const status = admin.locator("#save-status");
  await expect(save).toBeDisabled();
  await expect(admin.getByRole("heading", { name: "Content", level: 2 })).toBeVisible();
  const quizForCreator = admin.getByRole("switch", { name: "Quiz generator for Creator" });
  await expect(quizForCreator).toHaveAttribute("aria-checked", "true");
  // Keyboard: focus the switch and press Space.
  await quizForCreator.focus();
  await admin.keyboard.press("Space");
  await expect(quizForCreator).toHaveAttribute("aria-checked", "false");
  await expect(status).toHaveText("Unsaved changes");
  await save.click();
  await expect(status).toHaveText("Saved");
  await expect(status).toHaveText("All changes saved", { timeout: 5_000 });
  await expect(save).toBeDisabled();
  await expect(admin.getByTestId("feature-quizGenerator")).toContainText(E2E_ADMIN.email);
  // The browser keeps only a copy of the server's answer.
  const cached = JSON.parse((await admin.evaluate(() => localStorage.getItem("feature_flags"))) ?? "null");
  expect(cached.quizGenerator).toEqual({ LiteUser: false, ProUser: false });

  // The Creator's open page learns it on the next try: the server refuses, saying the operator
  // switched it off (Creator is the top plan: "upgrade" would be untrue), and the card settles.
  const switchedOff = "Quiz generator is switched off for now by the operator.";
  await quizButton.click();
  await expect(card.getByTestId("artifact-refusal")).toHaveText(switchedOff);
  await expect(card.getByText("Starting…")).toHaveCount(0);
  await expect(card.getByTestId("switched-off").filter({ hasText: "Quiz" })).toBeVisible();
  await expect(card.getByRole("link", { name: /Quiz \(locked/ })).toHaveCount(0);
  await expect(creator.getByText(/higher plan/)).toHaveCount(0);
  // Billing lists the plan's features: the quiz is there, marked switched off, not locked.
  await creator.goto("/settings/billing");
  const features = creator.getByTestId("billing-features");
  await expect(features.getByText("Quiz generator").first()).toBeVisible();
  await expect(features.getByRole("link", { name: /Quiz generator \(locked/ })).toHaveCount(0);
  await expect(features.locator('[title="' + switchedOff + '"]').first()).toBeAttached();
  // The plan's promises follow: Creator's card on /pricing no longer sells the quiz.
  await creator.goto("/pricing");
  await expect(creator.getByText("Rephrasing by difficulty").first()).toBeVisible();
  await expect(creator.getByText("Quiz generator", { exact: true })).toHaveCount(0);
  await creator.goto("/dashboard");
  const linkId = ((await (await creator.request.get("/api/links")).json()) as Array<{ id: string; url: string }>).find((l) => l.url === pagesUrl("/react"))!.id;
  const refused = await creator.request.post(`/api/links/${linkId}/quiz`, { headers: { Origin: baseURL! }, data: {} });
  expect(refused.status()).toBe(403);
  const refusal = await refused.json();
  expect(refusal).toEqual({ message: switchedOff });

  // Restore Defaults marks the table changed; saved, the Creator has the quiz again.
  await admin.getByRole("button", { name: "Restore Defaults" }).click();
  await expect(quizForCreator).toHaveAttribute("aria-checked", "true");
  await expect(save).toBeEnabled();
  await save.click();
  await expect(status).toHaveText("Saved");
  await creator.reload();
  await creator.getByRole("navigation", { name: "Dashboard sections" }).getByRole("link", { name: "Enrichments" }).click();
  await expect(card.getByRole("button", { name: "Quiz", exact: true })).toBeVisible();
  expect((await creator.request.post(`/api/links/${linkId}/quiz`, { headers: { Origin: baseURL! }, data: {} })).status()).toBeLessThan(300);
});

// The bar with Save Changes stays in view while the admin scrolls the toggles: below the sticky
// navigation bar, never under it (on a phone the bar sat behind it, its buttons out of reach).
for (const viewport of [{ width: 390, height: 844 }, { width: 1280, height: 800 }]) {
  test(`Save Changes stays reachable below the navigation bar while scrolling (${viewport.width} px)`, async ({ browser }) => {
    const admin = await signedIn(browser, E2E_ADMIN);
    await admin.setViewportSize(viewport);
    await admin.goto("/admin/feature-toggles");
    // A toggle far down the page, changed with the keyboard: nothing is saved.
    const toggle = admin.getByRole("switch", { name: "API access for Creator" });
    await toggle.focus();
    await admin.keyboard.press("Space");
    await expect(admin.locator("#save-status")).toHaveText("Unsaved changes");
    const save = admin.getByRole("button", { name: "Save Changes" });
    await expect(save).toBeEnabled();
    const nav = admin.getByRole("navigation", { name: "Main" });
    const navBottom = (await nav.boundingBox())!.y + (await nav.boundingBox())!.height;
    expect((await save.boundingBox())!.y).toBeGreaterThanOrEqual(navBottom);
    // Nothing covers it: a pointer lands on the button itself.
    expect(await save.evaluate((button) => {
      const box = button.getBoundingClientRect();
      return button.contains(document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2));
    })).toBe(true);
    await admin.context().close();
  });
}

test("keyboard: after Save Changes the focus is on the outcome, not lost to the page's start", async ({ browser }) => {
  const admin = await signedIn(browser, E2E_ADMIN);
  await admin.goto("/admin/feature-toggles");
  const toggle = admin.getByRole("switch", { name: "AI mini course for Scout" });
  const status = admin.locator("#save-status");
  const save = admin.getByRole("button", { name: "Save Changes" });
  const before = await toggle.getAttribute("aria-checked");
  // Switched and saved with the keyboard, then put back the same way.
  for (let round = 0; round < 2; round++) {
    await toggle.focus();
    await admin.keyboard.press("Space");
    await save.focus();
    await admin.keyboard.press("Enter");
    await expect(status).toHaveText("Saved");
    await expect(status).toBeFocused();
  }
  await expect(toggle).toHaveAttribute("aria-checked", before!);
  await admin.context().close();
});

test("a save that fails shows the server's message, then the page is idle again", async ({ browser }) => {
  const admin = await signedIn(browser, E2E_ADMIN);
  await admin.goto("/admin/feature-toggles");
  await admin.getByRole("switch", { name: "AI mini course for Scout" }).click();
  // Signed out elsewhere: the save reaches the server without a session.
  await admin.context().clearCookies();
  await admin.getByRole("button", { name: "Save Changes" }).click();
  const status = admin.locator("#save-status");
  await expect(status).toHaveText("Please sign in first (a session cookie or a bearer token is required).");
  await expect(status).toHaveText("Unsaved changes", { timeout: 6_000 });
  await expect(admin.getByRole("button", { name: "Save Changes" })).toBeEnabled();
});

import { expect, test, type Browser, type Page } from "@playwright/test";
import { E2E_ADMIN, signIn, signUp } from "./helpers";

// Switches sales to Coming Soon for the whole instance, so it runs after every other spec (the
// "instance-wide" project) and opens sales again at the end.

async function adminPage(browser: Browser): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await signIn(page, E2E_ADMIN);
  return page;
}

async function setSales(admin: Page, label: "Open" | "Coming Soon") {
  await admin.goto("/admin/feature-toggles");
  const panel = admin.getByTestId("sales-state-panel");
  // The panel reads the current state after hydration; choose only once it has.
  await expect(panel.getByTestId("sales-state-current")).toBeVisible();
  await panel.getByRole("radio", { name: new RegExp(`^${label}`) }).check();
  await panel.getByRole("button", { name: "Save sales state" }).click();
  await expect(panel.getByRole("status")).toHaveText("Saved");
  const current = panel.getByTestId("sales-state-current");
  await expect(current).toContainText(label);
  await expect(current).toContainText("set by an admin");
}

test("an admin puts sales in Coming Soon: plan cards and packs say so, Notify me signs up, checkout answers 409", async ({ browser, page }) => {
  // Two signed-in people and a dozen pages: well over the default 30 s on a busy machine (one full
  // run needed more than 90 s).
  test.setTimeout(180_000);
  const admin = await adminPage(browser);
  await admin.goto("/admin/feature-toggles");
  // Out of the box the e2e server takes the environment's default: open, in test mode.
  await expect(admin.getByTestId("sales-state-current")).toContainText("Open");
  try {
    await setSales(admin, "Coming Soon");

    // Sign-up offers no paid plan while sales are closed.
    const visitor = await (await browser.newContext()).newPage();
    await visitor.goto("/register?plan=scout");
    await expect(visitor.getByRole("radio", { name: /Scout/ })).toBeDisabled();
    await expect(visitor.getByRole("radio", { name: /Free/ })).toBeChecked();
    await expect(visitor.getByText("Scout is coming soon. Start with Free today; you can upgrade when it opens.")).toBeVisible();
    await visitor.context().close();

    await signUp(page, `soon-${Date.now()}@example.com`, "soon-password");
    await page.goto("/upgrade?feature=quizGenerator");
    const creator = page.getByTestId("plan-creator");
    await expect(creator).toHaveAttribute("data-highlighted", "true");
    await expect(creator).toContainText("Coming Soon");
    await expect(creator.getByRole("button", { name: /Subscribe/ })).toHaveCount(0);
    await expect(page.getByTestId("test-mode-banner")).toHaveCount(0);
    await expect(page.getByTestId("pack-shop")).toContainText("Coming Soon");
    await expect(page.getByTestId("pack-shop").getByRole("button", { name: /^Buy / })).toHaveCount(0);

    await creator.getByRole("button", { name: "Notify me when Creator opens" }).click();
    const dialog = page.getByRole("dialog", { name: "Get notified" });
    await dialog.getByRole("checkbox", { name: "Scout" }).uncheck();
    await dialog.getByRole("button", { name: "Notify me" }).click();
    await expect(page.getByText("Thanks! We'll notify you when Scout and Creator plans become available.")).toBeVisible();
    await expect(dialog).toBeHidden();

    // From the page, as the app's own client sends them (same origin, session cookie).
    const post = (path: string, body: unknown) =>
      page.evaluate(
        async ([path, body]) => (await fetch(path as string, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) })).status,
        [path, body] as const,
      );
    expect(await post("/api/checkout-session", { tierId: "creator", returnUrl: "/upgrade" })).toBe(409);
    expect(await post("/api/enrichment-packs/purchase", { packId: "pack-20" })).toBe(409);

    await page.goto("/pricing");
    await expect(page.getByText("Coming Soon").first()).toBeVisible();
    await page.goto("/");
    await expect(page.getByRole("heading", { name: "Scout and Creator are Coming Soon" })).toBeVisible();
  } finally {
    await setSales(admin, "Open");
  }
  await page.goto("/upgrade");
  await expect(page.getByTestId("plan-creator").getByRole("button", { name: "Subscribe to Creator" })).toBeVisible();
});

// Saved, Save sales state is disabled (nothing left to save), which drops a keyboard's focus to the
// page's start: the outcome takes it (decision 038).
test("keyboard: after Save sales state the focus is on the outcome, both ways", async ({ browser }) => {
  const admin = await adminPage(browser);
  await admin.goto("/admin/feature-toggles");
  const panel = admin.getByTestId("sales-state-panel");
  await expect(panel.getByTestId("sales-state-current")).toBeVisible();
  const status = panel.getByRole("status");
  const save = panel.getByRole("button", { name: "Save sales state" });
  try {
    for (const label of ["Coming Soon", "Open"]) {
      await panel.getByRole("radio", { name: new RegExp(`^${label}`) }).check();
      await save.focus();
      await admin.keyboard.press("Enter");
      await expect(status).toHaveText("Saved");
      await expect(panel.getByTestId("sales-state-current")).toContainText(label);
      await expect(save).toBeDisabled();
      await expect(status).toBeFocused();
    }
  } finally {
    // Open again, unless the last round already saved it (then Save is disabled).
    if (!(await panel.getByTestId("sales-state-current").innerText()).includes("Open")) await setSales(admin, "Open");
  }
  await admin.context().close();
});

import { expect, test, type Browser, type Page } from "@playwright/test";
import { E2E_ADMIN, signIn, signUp } from "./helpers";

async function adminOnUsersPanel(browser: Browser): Promise<Page> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signIn(page, E2E_ADMIN);
  await page.goto("/admin");
  return page;
}

/** Finds the account in the list by its email (a search looks through every role) and opens its actions. */
async function manage(admin: Page, email: string) {
  const panel = admin.getByTestId("users-panel");
  await panel.getByLabel("Search by email").fill(email);
  await expect(panel.getByTestId("role-search-hint")).toHaveText("Searching all roles. Clear the search to filter by role.");
  await expect(panel.getByLabel("Role")).toHaveValue("all");
  const row = panel.getByTestId("user-row").filter({ hasText: email });
  await expect(panel.getByTestId("user-row")).toHaveCount(1);
  await row.getByRole("button", { name: `Manage ${email}` }).click();
  return admin.getByRole("dialog", { name: email });
}

async function confirm(admin: Page, action: string) {
  const question = admin.getByRole("alertdialog");
  await expect(question).toBeVisible();
  await question.getByRole("button", { name: action }).click();
  await expect(question).toBeHidden();
}

test("the admin grants Scout to a Free user, who sees Scout's features in Billing after a reload", async ({ browser }) => {
  const email = `grant-${Date.now()}@example.com`;
  const user = await (await browser.newContext()).newPage();
  await signUp(user, email, "grant-password");
  await user.goto("/settings/billing");
  const plan = user.getByTestId("billing-plan-name");
  const access = user.getByTestId("plan-features");
  await expect(plan).toHaveText("Free");
  await expect(access.getByRole("link", { name: /Code snippets \(locked/ })).toBeVisible();

  const admin = await adminOnUsersPanel(browser);
  // Paid plans are listed by default, so the new Free account is not there yet.
  await expect(admin.getByTestId("users-panel").getByLabel("Role")).toHaveValue("paid");
  const dialog = await manage(admin, email);
  await dialog.getByLabel("Role").selectOption("LiteUser");
  await dialog.getByRole("button", { name: "Change role" }).click();
  // Cancelling changes nothing; confirming does.
  await admin.getByRole("alertdialog").getByRole("button", { name: "Cancel" }).click();
  await expect(admin.getByRole("alertdialog")).toBeHidden();
  await dialog.getByRole("button", { name: "Change role" }).click();
  await confirm(admin, "Change role");
  await expect(dialog).toContainText("Manual grant");
  // The outcome is told in the dialog that stays open (a toast would sit behind its backdrop).
  await expect(dialog.getByRole("status")).toHaveText(`${email} is now Scout.`);
  await expect(admin.getByTestId("user-row").filter({ hasText: email })).toContainText(/Scout\s*\(manual\)/);

  await user.reload();
  await expect(plan).toHaveText("Scout");
  await expect(access.getByRole("listitem").filter({ hasText: "Code snippets" })).toContainText("✓");
  await expect(access.getByRole("link", { name: /Code snippets \(locked/ })).toHaveCount(0);
});

test("deactivating a signed-in user ends their session", async ({ browser }) => {
  const email = `deactivate-${Date.now()}@example.com`;
  const user = await (await browser.newContext()).newPage();
  await signUp(user, email, "deactivate-password");
  await user.goto("/dashboard");

  const admin = await adminOnUsersPanel(browser);
  const dialog = await manage(admin, email);
  await dialog.getByRole("button", { name: "Deactivate" }).click();
  await expect(admin.getByRole("alertdialog")).toContainText("signed out everywhere");
  await confirm(admin, "Deactivate");
  await expect(dialog.getByRole("button", { name: "Reactivate" })).toBeVisible();
  await expect(admin.getByTestId("user-row").filter({ hasText: email })).toContainText("Deactivated");

  const me = await user.request.get("/api/auth/me");
  expect(me.status()).toBe(403);
  expect(await me.json()).toEqual({ message: "Account deactivated" });
  await user.reload();
  await expect(user).toHaveURL(/\/login\?redirectTo=%2Fdashboard$/);
});

// After a confirmed role change the Change role button is disabled (the role is already chosen),
// so the focus cannot go back to it: it stays in the user's dialog, never on the inert page.
test("keyboard: after a confirmed role change the focus stays inside the user's dialog", async ({ browser }) => {
  const email = `grant-keys-${Date.now()}@example.com`;
  const user = await (await browser.newContext()).newPage();
  await signUp(user, email, "grant-password");
  await user.goto("/dashboard");
  const admin = await adminOnUsersPanel(browser);
  const dialog = await manage(admin, email);
  await dialog.getByLabel("Role").selectOption({ label: "Scout" });
  await dialog.getByRole("button", { name: "Change role" }).focus();
  await admin.keyboard.press("Enter");
  const question = admin.getByRole("alertdialog");
  await question.getByRole("button", { name: "Change role" }).focus();
  await admin.keyboard.press("Enter");
  await expect(question).toBeHidden();
  await expect(dialog.getByRole("button", { name: "Change role" })).toBeDisabled();
  await expect.poll(() => dialog.evaluate((node) => node.contains(document.activeElement))).toBe(true);
});

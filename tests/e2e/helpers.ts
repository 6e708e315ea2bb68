import { expect, test, type Locator, type Page } from "@playwright/test";

/** Accounts tests/e2e/serve.ts seeds. */
export const E2E_ADMIN = { email: "admin@e2e.test", password: "e2e-admin-password" };
export const E2E_CREATOR = { email: "creator@e2e.test", password: "e2e-creator-password" };

/** A page on the fixture server tests/e2e/serve.ts runs (its port is chosen in playwright.config.ts). */
export const pagesUrl = (path: string) => `http://127.0.0.1:${process.env.E2E_PAGES_PORT}${path}`;

/**
 * Signs up through the register page and lands on the dashboard: what accounts.spec.ts tests. Every
 * other spec signs up and in with `signUp` and `signIn` below (a page load and a dashboard load
 * saved per test), then opens the page it is about.
 */
export async function registerThroughPage(page: Page, email: string, password: string) {
  await page.goto("/register");
  await page.getByLabel("Email", { exact: true }).fill(email);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByLabel("Confirm password", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Create Free Account" }).click();
  // A sign-up can take well over 10 s on a busy two-core machine.
  await expect(page).toHaveURL("/dashboard", { timeout: 45_000 });
}

/**
 * Signs up or in by posting the register or login form as its button does (the session cookie
 * lands in the page's context), without loading the form's page or the dashboard it leads to: for
 * tests about what comes after, which open the page they need. accounts.spec.ts signs up and in
 * through the pages themselves. A page load and a dashboard load cost a few CPU-seconds each.
 */
async function postForm(page: Page, path: "/register" | "/login", form: Record<string, string>) {
  // Our own page's Origin, as a browser sends it (a session cookie without one is refused).
  const origin = new URL(test.info().project.use.baseURL!).origin;
  // Connection: close leaves no idle socket in the context's pool: the server closes one after 5 s
  // idle, and a later page.request call that picked it up as it closed failed with ECONNRESET.
  const response = await page.request.post(path, { form, headers: { origin, connection: "close" }, maxRedirects: 0 });
  expect(response.status(), `${path}: ${await response.text()}`).toBe(302);
}

export const signUp = (page: Page, email: string, password: string) => postForm(page, "/register", { email, password, confirmPassword: password });

export const signIn = (page: Page, account: { email: string; password: string }) => postForm(page, "/login", account);

/**
 * Waits until React has hydrated the element: before that a key press on a form's button submits
 * the form the plain HTML way (a page load), which a busy machine leaves time for.
 */
export async function waitForHydration(locator: Locator) {
  await expect
    .poll(() => locator.evaluate((element) => Object.keys(element).some((key) => key.startsWith("__reactProps$"))), { message: "hydrated" })
    .toBe(true);
}

/** Picks an action from a dashboard row's ⋯ menu (Share, Retry, Enrich, Edit tags, Delete), by mouse. */
export async function rowAction(row: Locator, action: string) {
  await row.hover();
  await row.getByTestId("row-menu-button").click();
  await row.getByRole("menuitem", { name: action, exact: true }).click();
}

/** The actions a dashboard row's ⋯ menu offers, read by opening it (and closing it again with Escape). */
export async function rowActions(row: Locator): Promise<string[]> {
  await row.hover();
  await row.getByTestId("row-menu-button").click();
  const items = await row.getByRole("menuitem").allTextContents();
  await row.page().keyboard.press("Escape");
  return items;
}

/** Opens a dashboard row's detail (the side panel, or the page on a phone) from its title. */
export async function openRow(row: Locator): Promise<Locator> {
  await row.locator("[data-row-link]").click();
  const panel = row.page().getByTestId("link-panel");
  await expect(panel).toBeVisible();
  return panel;
}

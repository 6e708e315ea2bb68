import { expect, test, type Page } from "@playwright/test";
import { expectNoAxeViolations } from "./axe";
import { registerThroughPage, signUp, waitForHydration } from "./helpers";
import { DESKTOP, PHONE, expectNoSidewaysScroll, useTheme } from "./layout";

const password = "first-password";
const newPassword = "second-password";

/** The outbox is a plain page: reload it until the mail is there. */
async function openNewestMail(page: Page, to: string, subject: RegExp) {
  await expect(async () => {
    await page.goto("/dev/outbox");
    await expect(page.getByTestId("outbox-mail").filter({ hasText: to }).filter({ hasText: subject }).first()).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 20_000 });
  const mail = page.getByTestId("outbox-mail").filter({ hasText: to }).filter({ hasText: subject }).first();
  return mail.getByRole("link").first().getAttribute("href");
}

test("register, confirm from the outbox, log out, reset the password, log in again", async ({ page }) => {
  // Eleven page loads and four password hashes: a long journey, so three times the usual budget.
  test.slow();
  const email = `e2e-${Date.now()}@example.com`;

  await page.goto("/register");
  await expect(page.getByText("Basic URL gathering")).toBeVisible();
  // Sales are open: a paid plan can be chosen (the account starts on Free and goes on to pay).
  await expect(page.getByRole("radio", { name: /Scout/ })).toBeEnabled();
  await page.getByLabel("Email", { exact: true }).fill(email);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByLabel("Confirm password", { exact: true }).fill("something-else");
  await page.getByRole("button", { name: "Create Free Account" }).click();
  await expect(page.getByText("Passwords do not match")).toBeVisible();
  await page.getByLabel("Confirm password", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Create Free Account" }).click();

  await expect(page).toHaveURL("/dashboard");
  const nav = page.getByRole("navigation", { name: "Main" });
  await expect(nav.getByTestId("nav-email")).toHaveText(email);
  await expect(nav.getByText("Unconfirmed")).toBeVisible();
  await expect(page.getByRole("region", { name: "Confirm your email" })).toBeVisible();
  await expect(nav.getByTestId("unread-badge")).toHaveText("1");

  const confirmLink = await openNewestMail(page, email, /Confirm your email/);
  await page.goto(confirmLink!);
  await expect(page.getByText("Your email address is confirmed")).toBeVisible();
  await expect(page).toHaveURL("/dashboard", { timeout: 15_000 });
  await expect(nav.getByText("Unconfirmed")).toHaveCount(0);

  await nav.getByRole("button", { name: /Notifications/ }).click();
  await expect(page.getByText("Welcome to Linkwise!")).toBeVisible();
  await page.getByRole("button", { name: "Mark all as read" }).click();
  await expect(nav.getByTestId("unread-badge")).toHaveCount(0);

  await nav.getByRole("button", { name: email }).click();
  await nav.getByRole("button", { name: "Log out" }).click();
  await expect(page).toHaveURL("/");
  await expect(nav.getByRole("link", { name: "Login" })).toBeVisible();

  await page.goto("/login");
  await page.getByRole("button", { name: "Forgot your password?" }).click();
  await page.getByLabel("Email", { exact: true }).fill(email);
  await page.getByRole("button", { name: "Send Reset Link" }).click();
  await expect(page.getByText("If an account exists for that email")).toBeVisible();

  const resetLink = await openNewestMail(page, email, /Reset your/);
  await page.goto(resetLink!);
  await expect(page.getByLabel("Email", { exact: true })).toHaveValue(email);
  await page.getByLabel("New password", { exact: true }).fill(newPassword);
  await page.getByLabel("Confirm new password", { exact: true }).fill(newPassword);
  await page.getByRole("button", { name: "Reset Password" }).click();
  await expect(page.getByText("Your password has been reset")).toBeVisible();
  await expect(page).toHaveURL("/login", { timeout: 15_000 });

  await page.getByLabel("Email", { exact: true }).fill(email);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Sign In" }).click();
  await expect(page.getByRole("alert")).toHaveText("Invalid email or password");
  await page.getByLabel("Password", { exact: true }).fill(newPassword);
  await page.getByRole("button", { name: "Sign In" }).click();
  await expect(page).toHaveURL("/dashboard");
});

// Issue 38: with no SMTP_URL (as here) the mail is in the dev outbox, and the pages say so. With a
// mail server neither page names it (outbox.server.test.ts, confirm-banner.test.tsx).
test("without a mail server, sign-up and the page after it say the confirmation link is in the dev outbox", async ({ page }) => {
  const email = `outbox-${Date.now()}@example.com`;
  await useTheme(page, "dark");
  await page.setViewportSize(PHONE);
  await page.goto("/register");
  await expect(page.getByTestId("register-outbox-hint").getByRole("link", { name: "dev outbox" })).toHaveAttribute("href", "/dev/outbox");
  await expectNoSidewaysScroll(page);
  await expectNoAxeViolations(page, { colourOnly: true });

  await signUp(page, email, password);
  await page.goto("/dashboard");
  const banner = page.getByRole("region", { name: "Confirm your email" });
  await expect(banner).toContainText(`We sent a link to ${email}. No mail server is set up here, so it is in the dev outbox.`);
  await expectNoSidewaysScroll(page);
  await expectNoAxeViolations(page, { targets: true });
  await page.setViewportSize(DESKTOP);
  await page.evaluate(() => document.documentElement.classList.remove("dark"));
  await expectNoAxeViolations(page, { colourOnly: true });

  await banner.getByRole("link", { name: "dev outbox" }).click();
  await expect(page).toHaveURL("/dev/outbox");
  expect(await openNewestMail(page, email, /Confirm your email/)).toContain("/confirm-email");
});

test("choosing Scout at sign-up while sales are open starts on Free and goes on to pay for Scout", async ({ page }) => {
  await page.goto("/register?plan=scout");
  const plans = page.getByRole("group", { name: "Choose your plan" });
  await expect(plans.getByRole("radio", { name: /Scout/ })).toBeChecked();
  await expect(plans).toContainText("€4.95 a month");
  await expect(plans).not.toContainText("Soon");
  await expect(page.getByTestId("register-plan-note")).toHaveText("Your account starts on Free; you pay for Scout on the next page.");
  // Choosing another plan is React's state: wait until the page has hydrated.
  await waitForHydration(plans.getByRole("radio", { name: /Creator/ }));
  await plans.getByRole("radio", { name: /Creator/ }).check();
  await expect(page.getByTestId("register-plan-note")).toContainText("you pay for Creator on the next page");
  await plans.getByRole("radio", { name: /Scout/ }).check();
  await page.getByLabel("Email", { exact: true }).fill(`scout-${Date.now()}@example.com`);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByLabel("Confirm password", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Create account and continue to Scout" }).click();
  await expect(page).toHaveURL("/upgrade?plan=scout", { timeout: 45_000 });
  await expect(page.getByTestId("plan-scout")).toHaveAttribute("data-highlighted", "true");
  await expectNoAxeViolations(page, { colourOnly: true });
});

test("a FreeUser opening /admin lands on /dashboard; a visitor returns to the page after signing in", async ({ page }) => {
  const email = `free-${Date.now()}@example.com`;
  await page.goto("/dashboard");
  await expect(page).toHaveURL("/login?redirectTo=%2Fdashboard");

  await registerThroughPage(page, email, password);

  await page.goto("/admin");
  await expect(page).toHaveURL("/dashboard");
  await expect(page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Admin" })).toHaveCount(0);

  await page.goto("/login");
  await expect(page).toHaveURL("/dashboard");
});

test("the show/hide toggle reveals the password", async ({ page }) => {
  await page.goto("/login");
  const input = page.getByLabel("Password", { exact: true });
  await input.fill("visible?");
  await expect(input).toHaveAttribute("type", "password");
  await page.getByRole("button", { name: "Show password" }).click();
  await expect(input).toHaveAttribute("type", "text");
});

test("a reset link without its token shows the Invalid Reset Link screen", async ({ page }) => {
  await page.goto("/reset-password?email=someone@example.com");
  await expect(page.getByRole("heading", { name: "Invalid Reset Link" })).toBeVisible();
  await expect(page.getByText("Invalid reset link. Please request a new password reset.")).toBeVisible();
});

import { expect, test, type Page } from "@playwright/test";
import { registerThroughPage } from "./helpers";

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
  await expect(page.getByRole("radio", { name: /Scout/ })).toBeDisabled();
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

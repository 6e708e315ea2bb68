import { expect, test } from "@playwright/test";
import { E2E_CREATOR, pagesUrl, signIn } from "./helpers";

test("a Creator generates a quiz, answers it and sees the score", async ({ page }) => {
  await signIn(page, E2E_CREATOR);
  await page.goto("/dashboard");
  await expect(page.getByRole("heading", { level: 1, name: "Library" })).toBeVisible();

  await page.getByLabel("Save a link").fill(pagesUrl("/article"));
  await page.getByRole("button", { name: "Save", exact: true }).click();
  await expect(page.getByTestId("link-row").first()).toHaveAttribute("data-status", "enriched", { timeout: 15_000 });

  await page.getByRole("navigation", { name: "Dashboard sections" }).getByRole("link", { name: "Enrichments" }).click();
  const card = page.getByTestId("enrichment-card").first();
  await expect(card).toContainText("How Postgres Indexes Work");
  // Collapsed: the summary first; the code snippets behind Show details.
  await expect(card.getByTestId("link-details")).toHaveCount(0);
  await card.getByRole("button", { name: "Show details" }).click();
  await expect(card.getByTestId("link-details")).toContainText("CREATE INDEX");
  await card.getByRole("button", { name: "Quiz", exact: true }).click();

  const quiz = card.getByTestId("quiz");
  await expect(quiz).toBeVisible({ timeout: 15_000 });
  const questions = quiz.locator("fieldset");
  await expect(questions).toHaveCount(5);
  for (let i = 0; i < 5; i++) await questions.nth(i).getByRole("radio").first().check();
  await quiz.getByRole("button", { name: "Check answers" }).click();
  await expect(quiz.getByRole("status")).toHaveText(/You scored [0-5]\/5/);

  // The action whose result is shown reads as pressed; Rephrase too.
  await expect(card.getByRole("button", { name: "Quiz", exact: true })).toHaveAttribute("aria-pressed", "true");
  await expect(card.getByRole("button", { name: "Rephrase" })).toHaveAttribute("aria-pressed", "false");
  await card.getByRole("button", { name: "Rephrase" }).click();
  await expect(card.getByRole("button", { name: "Rephrase" })).toHaveAttribute("aria-pressed", "true");
  await expect(card.getByRole("button", { name: "Quiz", exact: true })).toHaveAttribute("aria-pressed", "false");
});

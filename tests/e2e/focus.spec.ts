import { expect, test } from "@playwright/test";
import { E2E_CREATOR, pagesUrl, registerThroughPage, signInThroughPage } from "./helpers";

// A button disabled while its request runs drops a keyboard's focus to the page's start (decision
// 017's amendment). Busy buttons are now aria-disabled instead: the focus stays on them, and a
// second press does nothing while the first runs.

test("keyboard: a failed sign-in leaves the focus on Sign In, and a second Enter while busy sends nothing more", async ({ page }) => {
  let posts = 0;
  page.on("request", (request) => {
    if (request.method() === "POST" && /^\/login(\.data)?$/.test(new URL(request.url()).pathname)) posts++;
  });
  await page.goto("/login");
  await page.getByLabel("Email", { exact: true }).fill(`nobody-${Date.now()}@example.com`);
  await page.getByLabel("Password", { exact: true }).fill("not-the-password");
  const button = page.getByRole("button", { name: "Sign In" });
  await button.focus();
  await page.keyboard.press("Enter");
  await page.keyboard.press("Enter");
  await expect(page.getByRole("alert")).toBeVisible();
  await expect(page.getByRole("button", { name: "Sign In" })).toBeFocused();
  expect(posts).toBe(1);
});

test("keyboard: Save preferences keeps the focus on its button", async ({ page }) => {
  await signInThroughPage(page, E2E_CREATOR);
  await page.getByRole("tab", { name: "Enrichments" }).click();
  const form = page.getByRole("form", { name: "Content preferences" });
  const button = form.getByRole("button", { name: "Save preferences" });
  await button.focus();
  await page.keyboard.press("Enter");
  await expect(page.getByText("Preferences saved. New enrichments will use them.")).toBeVisible();
  await expect(button).toBeFocused();
});

test("keyboard: Create token keeps the focus on its button", async ({ page }) => {
  await signInThroughPage(page, E2E_CREATOR);
  await page.goto("/settings/integrations");
  await page.getByLabel("Token name").fill(`focus-${Date.now()}`);
  const button = page.getByRole("button", { name: "Create token" });
  await button.focus();
  await page.keyboard.press("Enter");
  await expect(page.getByTestId("new-token")).toBeVisible();
  await expect(button).toBeFocused();
});

// Save notes is disabled once the notes are saved (nothing changed): a keyboard that pressed it
// goes back to the notes, not to the page's start.
test("keyboard: after Save notes the focus is back in the notes", async ({ page }) => {
  await registerThroughPage(page, `notes-keys-${Date.now()}@example.com`, "notes-password");
  const url = pagesUrl(`/article?notes=${Date.now()}`);
  await page.getByLabel("Save a link").fill(url);
  await page.getByRole("button", { name: "Save", exact: true }).click();
  const row = page.getByTestId("link-row").first();
  await expect(row.getByText("Enriched")).toBeVisible({ timeout: 30_000 });
  await row.getByRole("button", { name: /How Postgres Indexes Work/ }).first().click();
  const notes = row.getByLabel("Your notes");
  await notes.fill("Read the second half again.");
  await row.getByRole("button", { name: "Save notes" }).focus();
  await page.keyboard.press("Enter");
  await expect(page.getByText("Notes saved.")).toBeVisible();
  await expect(row.getByRole("button", { name: "Save notes" })).toBeDisabled();
  await expect(notes).toBeFocused();
});

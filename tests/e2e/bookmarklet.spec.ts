import { expect, test } from "@playwright/test";
import { expectNoAxeViolations } from "./axe";
import { withDb } from "./db";
import { pagesUrl, registerThroughPage } from "./helpers";

test("a Scout saves the page they are reading with the bookmarklet and sees it turn Enriched", async ({ page }) => {
  // Sign-up, two axe scans and an enrichment on a busy 2-core machine.
  test.setTimeout(180_000);
  const email = `bookmarklet-${Date.now()}@example.com`;
  await registerThroughPage(page, email, "bookmarklet-password");
  await page.goto("/bookmarklet");
  await expect(page.getByRole("link", { name: "Upgrade to unlock it" })).toHaveAttribute("href", "/upgrade?feature=bookmarkletSupport");
  await withDb((client) => client.query("update users set role = 'LiteUser' where email = $1", [email]));
  await page.reload();
  await expect(page.getByRole("link", { name: "Upgrade to unlock it" })).toHaveCount(0);
  await expectNoAxeViolations(page);
  const bookmarklet = await page.getByTestId("bookmarklet-link").getAttribute("href");
  expect(bookmarklet).toMatch(/^javascript:/);

  // On another site, "clicking the bookmark" runs its code in that page, as a browser does.
  await page.goto(pagesUrl("/react"));
  const popupOpened = page.waitForEvent("popup");
  await page.evaluate((code) => new Function(code)(), decodeURIComponent(bookmarklet!.slice("javascript:".length)));
  const popup = await popupOpened;
  await expect(popup.getByRole("heading", { name: "Save this page?" })).toBeVisible({ timeout: 15_000 });
  await expect(popup.getByText(pagesUrl("/react"), { exact: true })).toBeVisible();
  await expectNoAxeViolations(popup);
  await popup.getByRole("button", { name: "Save to Linkwise" }).click();
  await expect(popup.getByText("Saved to your library.")).toBeVisible({ timeout: 15_000 });
  await expect(popup.getByTestId("save-status")).toContainText("Enriched", { timeout: 30_000 });

  await page.goto("/dashboard");
  await expect(page.getByTestId("link-row").first()).toHaveAttribute("data-status", "enriched", { timeout: 15_000 });
});

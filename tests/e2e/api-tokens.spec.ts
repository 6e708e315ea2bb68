import { expect, test } from "@playwright/test";
import { expectNoAxeViolations } from "./axe";
import { E2E_CREATOR, signIn } from "./helpers";

test("a Creator creates a read-only API token, uses it, and revokes it", async ({ page, playwright, baseURL }) => {
  test.setTimeout(120_000);
  await signIn(page, E2E_CREATOR);
  await page.goto("/settings/integrations");
  const panel = page.getByTestId("api-tokens");
  await panel.getByLabel("Token name").fill(`e2e script ${Date.now()}`);
  await panel.getByRole("button", { name: "Create token" }).click();
  const secret = (await panel.getByTestId("new-token").textContent())!.trim();
  expect(secret).toMatch(/^lw_pat_/);
  await expectNoAxeViolations(page);

  const client = await playwright.request.newContext({ baseURL });
  const headers = { Authorization: `Bearer ${secret}` };
  const read = await client.get("/api/links", { headers });
  expect(read.status()).toBe(200);
  expect(read.headers()["ratelimit-policy"]).toMatch(/^"token";q=\d+;w=60$/);
  expect((await client.post("/api/links", { headers, data: { url: "https://example.com/" } })).status()).toBe(403);

  // The list shows the token's last use once the page is read again.
  await page.reload();
  const row = panel.getByRole("listitem").filter({ hasText: "e2e script" }).first();
  await expect(row).not.toContainText("last used Never");
  await row.getByRole("button", { name: /^Revoke/ }).click();
  await expect(panel.getByRole("listitem").filter({ hasText: "e2e script" })).toHaveCount(0);
  expect((await client.get("/api/links", { headers })).status()).toBe(401);
  await client.dispose();
});

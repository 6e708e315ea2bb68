import { expect, test } from "@playwright/test";
import { signUp } from "./helpers";

// Chrome reports a Content Security Policy violation as an issue (DevTools' Issues panel; Lighthouse
// counts it against best practices) even when nothing is logged to the console, e.g. a library
// probing whether eval is allowed. None of our pages may cause one.
test("pages load and hydrate without any Content Security Policy issue", async ({ page }) => {
  const cdp = await page.context().newCDPSession(page);
  const issues: string[] = [];
  cdp.on("Audits.issueAdded", ({ issue }) => {
    if (issue.code === "ContentSecurityPolicyIssue") issues.push(`${page.url()}: ${JSON.stringify(issue.details.contentSecurityPolicyIssueDetails)}`);
  });
  await cdp.send("Audits.enable");

  for (const path of ["/", "/trending", "/pricing", "/login"]) {
    await page.goto(path, { waitUntil: "networkidle" });
  }
  await signUp(page, `csp-${Date.now()}@example.com`, "secret-pass-123");
  await page.goto("/dashboard");
  await page.waitForLoadState("networkidle");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  expect(issues).toEqual([]);
});

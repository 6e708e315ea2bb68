import { expect, test } from "@playwright/test";
import { E2E_ADMIN, pagesUrl, signIn, signUp } from "./helpers";

test("an admin sees a failure appear live, fixes its cause, replays it, and it ends Enriched", async ({ page, browser }) => {
  const name = `page-${Date.now()}`;
  const url = pagesUrl(`/flaky/${name}`);
  const email = `jobs-${Date.now()}@example.com`;

  // The admin opens the console first, narrowed to the user about to fail.
  await signIn(page, E2E_ADMIN);
  await page.goto("/admin");
  await page.getByTestId("quick-jobs").getByRole("link").click();
  await expect(page).toHaveURL("/admin/jobs");
  await expect(page.getByRole("heading", { level: 1, name: "Jobs" })).toBeVisible();
  await expect(page.getByTestId("queue-card-enrich-link")).toBeVisible();
  await expect(page.getByTestId("worker-row").first()).toBeVisible();
  await page.getByLabel("User email").fill(email);
  await page.getByRole("button", { name: "Apply filter" }).click();
  await expect(page.getByTestId("failures-total")).toHaveText("0 matching");
  let reloaded = false;
  page.on("framenavigated", (frame) => {
    if (frame === page.mainFrame()) reloaded = true;
  });

  // A user saves a link whose page answers 404.
  const visitor = await browser.newContext();
  const user = await visitor.newPage();
  await signUp(user, email, "jobs-password");
  await user.goto("/dashboard");
  await user.getByLabel("Save a link").fill(url);
  await user.getByRole("button", { name: "Save", exact: true }).click();
  const linkRow = user.getByTestId("link-row").first();
  await expect(linkRow.getByText("Failed")).toBeVisible({ timeout: 15_000 });

  // It shows up in the console without a reload, under its reason.
  const failure = page.getByTestId("failure-row").filter({ hasText: url });
  await expect(failure).toBeVisible();
  await expect(failure).toContainText("The page answered 404 Not Found");
  const group = page.getByTestId("failure-group").filter({ hasText: "The page answered 404 Not Found" });
  await expect(group.getByTestId("failure-group-count")).toHaveText("1");

  // Its detail names the owner and the attempt's error. The answer is held back until the row has
  // shown that it is loading, so the feedback is seen before the dialog.
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route("**/api/admin/jobs/failures/*", async (route) => {
    await held;
    await route.continue();
  });
  await failure.getByRole("button", { name: url, exact: true }).click();
  await expect(failure.getByTestId("detail-loading")).toHaveText("Loading detail…");
  // Busy, not disabled: it keeps the focus while the detail loads (decision 038).
  const opening = failure.getByRole("button", { name: url, exact: true });
  await expect(opening).toHaveAttribute("aria-busy", "true");
  await expect(opening).not.toHaveAttribute("disabled");
  await expect(opening).toBeFocused();
  release();
  await expect(failure.getByTestId("detail-loading")).toBeHidden();
  await page.unroute("**/api/admin/jobs/failures/*");
  const detail = page.getByTestId("failure-detail");
  await expect(detail).toContainText(email);
  await expect(detail).toContainText("The page answered 404 Not Found");
  await detail.getByRole("button", { name: "Close" }).click();
  await expect(detail).toBeHidden();

  // The page is fixed; the admin replays every failure matching the filter.
  expect((await page.request.get(pagesUrl(`/recover/${name}`))).status()).toBe(204);
  await page.getByRole("button", { name: "Retry all matching" }).click();
  const confirm = page.getByRole("alertdialog");
  await expect(confirm).toContainText("1 failure matches");
  await confirm.getByRole("button", { name: "Retry all" }).click();
  await expect(page.getByTestId("failures-notice")).toHaveText("Queued 1 failure again.");

  // It leaves the console, and the user's link turns Enriched.
  await expect(page.getByTestId("failure-row")).toHaveCount(0, { timeout: 15_000 });
  await expect(linkRow).toHaveAttribute("data-status", "enriched", { timeout: 15_000 });
  await expect(linkRow).toContainText("How Postgres Indexes Work");
  expect(reloaded).toBe(false);
  await visitor.close();
});

// On a phone the list is far below the page's header: a row's Retry tells its outcome beside the
// list and moves the focus there, where the button that had it (now gone) leaves it on the body.
test("keyboard on a phone: Retry on one failure tells its outcome beside the list and keeps the focus", async ({ page, request }) => {
  const name = `row-${Date.now()}`;
  const email = `jobs-row-${Date.now()}@example.com`;
  const registered = await request.post("/api/auth/register", { data: { email, password: "jobs-password" } });
  expect(registered.status()).toBe(201);
  const { token } = (await registered.json()) as { token: string };
  const saved = await request.post("/api/links", { data: { url: pagesUrl(`/flaky/${name}`) }, headers: { Authorization: `Bearer ${token}` } });
  expect(saved.status()).toBe(201);

  await page.setViewportSize({ width: 375, height: 812 });
  await signIn(page, E2E_ADMIN);
  await page.goto("/admin/jobs");
  await page.getByLabel("User email").fill(email);
  await page.getByRole("button", { name: "Apply filter" }).click();
  const row = page.getByTestId("failure-row");
  await expect(row).toHaveCount(1, { timeout: 20_000 });
  expect((await page.request.get(pagesUrl(`/recover/${name}`))).status()).toBe(204);

  await row.getByRole("button", { name: /^Retry / }).focus();
  await page.keyboard.press("Enter");
  const told = page.getByRole("status").filter({ hasText: "Queued again." });
  await expect(told).toBeFocused();
  await expect(told).toBeInViewport();
  await expect(row).toHaveCount(0, { timeout: 15_000 });
});

test("the jobs console fits a phone screen", async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 812 });
  await signIn(page, E2E_ADMIN);
  await page.goto("/admin/jobs");
  await expect(page.getByTestId("queue-card-enrich-link")).toBeVisible();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
});

test("the raw queue browser opens from the console for an admin", async ({ page }) => {
  await signIn(page, E2E_ADMIN);
  await page.goto("/admin/jobs");
  await page.getByRole("link", { name: /Raw queue browser/ }).click();
  await expect(page).toHaveURL("/admin/queues");
  await expect(page.getByText("enrich-link").first()).toBeVisible();
  const queues = await page.request.get("/admin/queues/api/queues");
  expect(queues.status()).toBe(200);
  // Read-only: changes go through the audited console, never through the board.
  const origin = new URL(page.url()).origin;
  const pause = await page.request.put("/admin/queues/api/queues/enrich-link/pause", { headers: { Origin: origin } });
  expect(pause.status()).toBe(405);
  const stats = await (await page.request.get("/api/admin/jobs/stats")).json();
  expect(stats.queues.find((queue: { name: string }) => queue.name === "enrich-link").paused).toBe(false);
});

// bull-board is an app of its own, with no way back to ours but the browser's Back: its header
// menu (the last of its header buttons) leads back to the jobs console.
test("the raw queue browser leads back to the jobs console", async ({ page }) => {
  await signIn(page, E2E_ADMIN);
  await page.goto("/admin/queues");
  await expect(page.getByText("enrich-link").first()).toBeVisible();
  await page.locator("header li").last().getByRole("button").click();
  await page.getByRole("menuitem", { name: "Back to the jobs console" }).click();
  await expect(page).toHaveURL("/admin/jobs");
  await expect(page.getByRole("heading", { level: 1, name: "Jobs" })).toBeVisible();
});

// bull-board's page asked Google Fonts for its typeface: our CSP blocked it (a console error on
// every visit), and without the CSP the operator's address would reach a third party.
test("the raw queue browser loads nothing from another origin and trips no Content Security Policy", async ({ page }) => {
  await signIn(page, E2E_ADMIN);
  const origin = new URL(test.info().project.use.baseURL!).origin;
  const html = await (await page.request.get("/admin/queues")).text();
  expect(html).toContain("<title>Linkwise queues</title>");
  expect(html.match(/(?:href|src)\s*=\s*["']?(?:https?:)?\/\/[^"'\s>]*/gi) ?? []).toEqual([]);

  const cdp = await page.context().newCDPSession(page);
  const issues: string[] = [];
  cdp.on("Audits.issueAdded", ({ issue }) => {
    if (issue.code === "ContentSecurityPolicyIssue") issues.push(JSON.stringify(issue.details.contentSecurityPolicyIssueDetails));
  });
  await cdp.send("Audits.enable");
  const errors: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error") errors.push(message.text());
  });
  const elsewhere: string[] = [];
  page.on("request", (request) => {
    if (new URL(request.url()).origin !== origin) elsewhere.push(request.url());
  });
  await page.goto("/admin/queues", { waitUntil: "networkidle" });
  await expect(page.getByText("enrich-link").first()).toBeVisible();
  expect(elsewhere).toEqual([]);
  expect(issues).toEqual([]);
  expect(errors).toEqual([]);
});

test("the jobs console and the queue browser are for admins only", async ({ page }) => {
  expect((await page.request.get("/admin/queues/api/queues")).status()).toBe(401);
  await signUp(page, `jobs-free-${Date.now()}@example.com`, "jobs-password");
  await page.goto("/admin/jobs");
  await expect(page).toHaveURL("/dashboard");
  expect((await page.request.get("/admin/queues/api/queues")).status()).toBe(403);
  await page.goto("/admin/queues");
  await expect(page).toHaveURL("/dashboard");
});

test("an admin re-enriches a user's links: a dry run counts them, a confirmation queues them, the link stays Enriched", async ({ page, browser }) => {
  const email = `reenrich-${Date.now()}@example.com`;
  const visitor = await browser.newContext();
  const user = await visitor.newPage();
  await signUp(user, email, "jobs-password");
  await user.goto("/dashboard");
  await user.getByLabel("Save a link").fill(pagesUrl("/article"));
  await user.getByRole("button", { name: "Save", exact: true }).click();
  const linkRow = user.getByTestId("link-row").first();
  await expect(linkRow).toHaveAttribute("data-status", "enriched", { timeout: 15_000 });

  await signIn(page, E2E_ADMIN);
  await page.goto("/admin/jobs");
  const form = page.getByRole("form", { name: "Re-enrich links" });
  await form.getByLabel("Owner email").fill(email);
  // Nothing can be queued before a dry run has counted.
  await expect(form.getByRole("button", { name: "Re-enrich…" })).toBeDisabled();
  await form.getByRole("button", { name: "Count matching links" }).click();
  await expect(page.getByTestId("reenrich-status")).toHaveText("Dry run: 1 link matches.");

  await form.getByRole("button", { name: "Re-enrich…" }).click();
  const confirm = page.getByRole("alertdialog");
  await expect(confirm).toContainText("1 link will be enriched again at low priority");
  const answer = page.waitForResponse((response) => response.url().endsWith("/api/admin/jobs/reenrich") && response.request().postDataJSON()?.dryRun === undefined);
  await confirm.getByRole("button", { name: "Re-enrich", exact: true }).click();
  const result = await (await answer).json();
  expect(result).toMatchObject({ queued: 1, dryRun: false });
  await expect(page.getByTestId("reenrich-status")).toHaveText("1 link queued at low priority; they never delay what users add now.");
  await expect(confirm).toBeHidden();

  // The link keeps its enrichment while it waits for (and after) its new run.
  await user.reload();
  await expect(user.getByTestId("link-row").first()).toHaveAttribute("data-status", "enriched");
  await visitor.close();
});

test("the failure list pages with the API's cursor and goes back to the live newest page", async ({ page }) => {
  const failure = (id: string, path: string) => ({
    kind: "link",
    id,
    linkId: id,
    queue: "enrich-link",
    reason: "The page answered 404 Not Found",
    user: { id, email: "pager@example.com" },
    domain: "pager.example",
    url: `https://pager.example/${path}`,
    failedAt: new Date().toISOString(),
    job: "missing",
  });
  // Two pages of one failure each, answered by the browser's network layer: the page is what is tested.
  const cursors: string[] = [];
  await page.route("**/api/admin/jobs/failures?*", async (route) => {
    const cursor = new URL(route.request().url()).searchParams.get("cursor");
    cursors.push(cursor ?? "");
    const older = cursor === "older-page";
    await route.fulfill({
      json: {
        total: 2,
        groups: [],
        items: [older ? failure("00000000-0000-4000-8000-000000000002", "older") : failure("00000000-0000-4000-8000-000000000001", "newest")],
        nextCursor: older ? null : "older-page",
      },
    });
  });
  await signIn(page, E2E_ADMIN);
  await page.goto("/admin/jobs");
  const pager = page.getByRole("navigation", { name: "Failure pages" });
  await expect(pager.getByTestId("failure-range")).toHaveText("Showing 1–1 of 2 (live)");
  await expect(page.getByTestId("failure-row")).toContainText("https://pager.example/newest");
  await expect(pager.getByRole("button", { name: "Newest" })).toBeDisabled();

  await pager.getByRole("button", { name: "Older" }).click();
  await expect(page.getByTestId("failure-row")).toContainText("https://pager.example/older");
  await expect(pager.getByTestId("failure-range")).toHaveText("Showing 2–2 of 2");
  await expect(pager.getByRole("button", { name: "Older" })).toBeDisabled();
  // The shown page keeps being asked for, by its cursor.
  await expect.poll(() => cursors.filter((cursor) => cursor === "older-page").length).toBeGreaterThanOrEqual(2);

  await pager.getByRole("button", { name: "Newest" }).click();
  await expect(page.getByTestId("failure-row")).toContainText("https://pager.example/newest");
  await expect(pager.getByTestId("failure-range")).toHaveText("Showing 1–1 of 2 (live)");
});

test("a reason that matches nothing shows the reasons there are, and picking one filters by it", async ({ page }) => {
  const REASON = "The page answered 404 Not Found";
  const id = "00000000-0000-4000-8000-000000000003";
  const asked: string[] = [];
  // The server's matching is tested in tests/integration/job-replay.test.ts; here, what the page makes of its answer.
  await page.route("**/api/admin/jobs/failures?*", async (route) => {
    const reason = new URL(route.request().url()).searchParams.get("reason") ?? "";
    asked.push(reason);
    if (reason === "410") {
      await route.fulfill({ json: { total: 0, groups: [], items: [], nextCursor: null, otherReasons: [{ reason: REASON, count: 3 }] } });
      return;
    }
    const item = { kind: "link", id, linkId: id, queue: "enrich-link", reason: REASON, user: { id, email: "reasons@example.com" }, domain: "reasons.example", url: "https://reasons.example/gone", failedAt: new Date().toISOString(), job: "missing" };
    await route.fulfill({ json: { total: 1, groups: [{ reason: REASON, count: 1, links: 1, artifacts: 0, lastFailedAt: item.failedAt }], items: [item], nextCursor: null } });
  });
  await signIn(page, E2E_ADMIN);
  await page.goto("/admin/jobs");
  const filters = page.getByRole("form", { name: "Filter failures" });
  await filters.getByLabel("Reason").fill("410");
  await filters.getByRole("button", { name: "Apply filter" }).click();

  const other = page.getByTestId("other-reasons");
  await expect(other).toContainText("No failure’s reason contains “410” (in any case). These are the reasons there are; pick one:");
  await other.getByRole("list", { name: "Reasons there are" }).getByRole("button", { name: new RegExp(REASON) }).click();
  await expect(filters.getByLabel("Reason")).toHaveValue(REASON);
  await expect(page.getByTestId("failure-row")).toContainText("https://reasons.example/gone");
  expect(asked).toContain(REASON);
});

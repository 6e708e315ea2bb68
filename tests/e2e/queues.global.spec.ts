import { expect, test, type Page } from "@playwright/test";
import { E2E_ADMIN, pagesUrl, signIn, signUp } from "./helpers";

// Pausing enrich-link stops every user's enrichment on the instance, so this runs with the
// instance-wide specs (after every other spec, one at a time) and resumes the queue at the end
// whatever happens.

/** What enrich-link holds back: waiting and prioritized jobs (a link's job has a priority). */
async function enrichLinkPending(page: Page): Promise<number> {
  const stats = (await (await page.request.get("/api/admin/jobs/stats")).json()) as {
    queues: Array<{ name: string; paused: boolean; counts: { waiting: number; prioritized: number } }>;
  };
  const queue = stats.queues.find((one) => one.name === "enrich-link")!;
  return queue.counts.waiting + queue.counts.prioritized;
}

test("keyboard: an admin pauses enrich-link, a new link waits, Resume lets it finish; the focus stays on the button", async ({ page, browser }) => {
  test.setTimeout(150_000);
  await signIn(page, E2E_ADMIN);
  await page.goto("/admin/jobs");
  const card = page.getByTestId("queue-card-enrich-link");
  const state = page.getByTestId("queue-state-enrich-link");
  const notice = page.getByTestId("jobs-notice");
  await expect(state).toHaveText("Running");
  const visitor = await browser.newContext();
  try {
    const pause = card.getByRole("button", { name: "Pause enrich-link" });
    await pause.focus();
    await page.keyboard.press("Enter");
    await expect(notice).toHaveText("enrich-link is paused.");
    await expect(state).toHaveText("Paused");
    // The same button, now Resume, keeps the focus.
    const resume = card.getByRole("button", { name: "Resume enrich-link" });
    await expect(resume).toBeFocused();

    // A link saved meanwhile is queued but not taken: it stays Processing.
    const user = await visitor.newPage();
    await signUp(user, `paused-${Date.now()}@example.com`, "paused-password");
    await user.goto("/dashboard");
    await user.getByLabel("Save a link").fill(pagesUrl(`/article?paused=${Date.now()}`));
    await user.getByRole("button", { name: "Save", exact: true }).click();
    const row = user.getByTestId("link-row").first();
    await expect(row.getByText("Processing")).toBeVisible();
    await expect.poll(() => enrichLinkPending(page), { timeout: 15_000 }).toBeGreaterThanOrEqual(1);
    await expect(row.getByText("Processing")).toBeVisible();

    await expect(resume).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(notice).toHaveText("enrich-link is running again.");
    await expect(state).toHaveText("Running");
    await expect(card.getByRole("button", { name: "Pause enrich-link" })).toBeFocused();
    await expect(row).toHaveAttribute("data-status", "enriched", { timeout: 60_000 });
  } finally {
    // From the page, as the console sends it (same origin, session cookie).
    await page.evaluate(() => fetch("/api/admin/jobs/queues/enrich-link/resume", { method: "POST" }));
    await visitor.close();
  }
  const stats = (await (await page.request.get("/api/admin/jobs/stats")).json()) as { queues: Array<{ name: string; paused: boolean }> };
  expect(stats.queues.find((one) => one.name === "enrich-link")!.paused).toBe(false);
});

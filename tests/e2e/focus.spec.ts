import { expect, test, type Locator, type Page } from "@playwright/test";
import { seedLinks, withDb } from "./db";
import { E2E_ADMIN, E2E_CREATOR, pagesUrl, signIn, signUp, waitForHydration } from "./helpers";

// A button disabled while its request runs drops a keyboard's focus to the page's start (decision
// 038). Busy buttons are now aria-disabled instead: the focus stays on them, and a
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
  await signIn(page, E2E_CREATOR);
  await page.goto("/dashboard");
  await page.getByRole("navigation", { name: "Dashboard sections" }).getByRole("link", { name: "Enrichments" }).click();
  const form = page.getByRole("form", { name: "Content preferences" });
  const button = form.getByRole("button", { name: "Save preferences" });
  await button.focus();
  await page.keyboard.press("Enter");
  await expect(page.getByText("Preferences saved. New enrichments will use them.")).toBeVisible();
  await expect(button).toBeFocused();
});

test("keyboard: Create token keeps the focus on its button", async ({ page }) => {
  await signIn(page, E2E_CREATOR);
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
  await signUp(page, `notes-keys-${Date.now()}@example.com`, "notes-password");
  await page.goto("/dashboard");
  const url = pagesUrl(`/article?notes=${Date.now()}`);
  await page.getByLabel("Save a link").fill(url);
  await page.getByRole("button", { name: "Save", exact: true }).click();
  const row = page.getByTestId("link-row").first();
  await expect(row).toHaveAttribute("data-status", "enriched", { timeout: 30_000 });
  await row.getByRole("link", { name: /How Postgres Indexes Work/ }).first().click();
  const panel = page.getByTestId("link-panel");
  const notes = panel.getByLabel("Your notes");
  await notes.fill("Read the second half again.");
  await panel.getByRole("button", { name: "Save notes" }).focus();
  await page.keyboard.press("Enter");
  await expect(page.getByText("Notes saved.")).toBeVisible();
  await expect(panel.getByRole("button", { name: "Save notes" })).toBeDisabled();
  await expect(notes).toBeFocused();
});

// The second amendment's rule, in the places the first pass left `disabled` while busy: admin
// confirmations, the buy-pack modal, the bulk toolbar and a session's Sign out. Answers are made
// by the browser's network layer where the server's real answer would need a broken server or
// would change what other specs see.

const failureItem = {
  kind: "link",
  id: "00000000-0000-4000-8000-00000000f0c5",
  linkId: "00000000-0000-4000-8000-00000000f0c5",
  queue: "enrich-link",
  reason: "The page answered 404 Not Found",
  user: { id: "00000000-0000-4000-8000-00000000f0c5", email: "focus@example.com" },
  domain: "focus.example",
  url: "https://focus.example/page",
  failedAt: new Date().toISOString(),
  job: "missing",
};

/** The jobs console with one failure listed (or none once `cleared()` says so). */
async function jobsWithOneFailure(page: Page, cleared: () => boolean) {
  await page.route("**/api/admin/jobs/failures?*", (route) =>
    route.fulfill({ json: cleared() ? { total: 0, groups: [], items: [], nextCursor: null } : { total: 1, groups: [], items: [failureItem], nextCursor: null } }),
  );
  await signIn(page, E2E_ADMIN);
  await page.goto("/admin/jobs");
  await expect(page.getByTestId("failures-total")).toHaveText("1 matching");
}

test("keyboard: a refused Retry all keeps the focus on the confirmation's button", async ({ page }) => {
  await jobsWithOneFailure(page, () => false);
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route("**/api/admin/jobs/retry", async (route) => {
    await held;
    await route.fulfill({ status: 503, json: { message: "Redis is not answering." } });
  });
  await page.getByRole("button", { name: "Retry all matching" }).click();
  const confirm = page.getByRole("alertdialog");
  const button = confirm.getByRole("button", { name: "Retry all" });
  await button.focus();
  await page.keyboard.press("Enter");
  await expect(confirm.getByRole("button", { name: "Working…" })).toHaveAttribute("aria-busy", "true");
  await expect(confirm.getByRole("button", { name: "Working…" })).toBeFocused();
  release();
  await expect(confirm.getByRole("alert")).toHaveText("Redis is not answering.");
  await expect(button).toBeFocused();
});

test("keyboard: after Retry all the focus is on its outcome, and stays there as the list empties", async ({ page }) => {
  let retried = false;
  await jobsWithOneFailure(page, () => retried);
  await page.route("**/api/admin/jobs/retry", async (route) => {
    retried = true;
    await route.fulfill({ json: { matched: 1, queued: 1, skipped: { alreadyQueued: 0, noEnrichmentLeft: 0 }, more: false, dryRun: false } });
  });
  await page.getByRole("button", { name: "Retry all matching" }).click();
  await page.getByRole("alertdialog").getByRole("button", { name: "Retry all" }).focus();
  await page.keyboard.press("Enter");
  const told = page.getByTestId("failures-notice");
  await expect(told).toHaveText("Queued 1 failure again.");
  await expect(page.getByRole("alertdialog")).toBeHidden();
  await expect(page.getByTestId("failures-total")).toHaveText("0 matching");
  await expect(page.getByRole("button", { name: "Retry all matching" })).toBeDisabled();
  await expect(told).toBeFocused();
});

test("keyboard: after Re-enrich is confirmed the focus is on its outcome, not on the page's start", async ({ page }) => {
  await page.route("**/api/admin/jobs/reenrich", async (route) => {
    const dryRun = route.request().postDataJSON()?.dryRun === true;
    await route.fulfill({ json: { matched: 2, queued: dryRun ? 0 : 2, skipped: { alreadyQueued: 0, noEnrichmentLeft: 0 }, more: false, dryRun } });
  });
  await signIn(page, E2E_ADMIN);
  await page.goto("/admin/jobs");
  const form = page.getByRole("form", { name: "Re-enrich links" });
  await form.getByLabel("Engine").fill("local");
  await form.getByRole("button", { name: "Count matching links" }).click();
  await expect(page.getByTestId("reenrich-status")).toHaveText("Dry run: 2 links match.");
  await form.getByRole("button", { name: "Re-enrich…" }).click();
  await page.getByRole("alertdialog").getByRole("button", { name: "Re-enrich", exact: true }).focus();
  await page.keyboard.press("Enter");
  const told = page.getByTestId("reenrich-status");
  await expect(told).toHaveText("2 links queued at low priority; they never delay what users add now.");
  await expect(page.getByRole("alertdialog")).toBeHidden();
  await expect(told).toBeFocused();
});

test("keyboard: a pack whose checkout cannot start keeps the focus in the buy-pack modal", async ({ page }) => {
  await signUp(page, `pack-keys-${Date.now()}@example.com`, "pack-password");
  await page.goto("/dashboard");
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route("**/api/enrichment-packs/purchase", async (route) => {
    await held;
    await route.fulfill({ status: 502, json: { message: "The payment provider is not answering." } });
  });
  await page.getByTestId("usage-indicator").locator("button[aria-expanded]").click();
  await page.getByTestId("usage-meter").getByRole("button", { name: "Buy Enrichment Pack" }).click();
  const modal = page.getByRole("dialog", { name: "Buy Enrichment Pack" });
  const pack = modal.getByRole("button", { name: /Buy Popular Pack/ });
  await pack.focus();
  await page.keyboard.press("Enter");
  await expect(pack).toHaveAttribute("aria-busy", "true");
  await expect(pack).toBeFocused();
  // A second press while the first is out starts nothing more.
  await page.keyboard.press("Enter");
  release();
  await expect(modal.getByRole("alert")).toBeVisible();
  await expect(pack).toBeFocused();
  await expect(pack).not.toHaveAttribute("aria-busy", "true");
});

/** A new Creator account with `n` seeded links, on the dashboard. */
async function creatorWithLinks(page: Page, n: number) {
  const email = `bulk-keys-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
  await signUp(page, email, "bulk-password");
  await withDb((client) => client.query("update users set role = 'ProUser' where email = $1", [email]));
  await seedLinks(email, n);
  const resynced = page.waitForResponse((response) => /\/api\/links\?limit=/.test(response.url()));
  await page.goto("/dashboard");
  await resynced;
  await expect(page.getByTestId("link-row")).toHaveCount(n);
}

test("keyboard: a bulk action the server refuses keeps the focus on its button", async ({ page }) => {
  await creatorWithLinks(page, 2);
  let posts = 0;
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route("**/api/links/bulk", async (route) => {
    posts++;
    await held;
    await route.fulfill({ status: 429, json: { message: "Too many bulk actions at once." } });
  });
  await page.getByRole("checkbox", { name: "Select Seeded page 2" }).click();
  const toolbar = page.getByRole("region", { name: "Bulk actions" });
  const button = toolbar.getByRole("button", { name: "Re-enrich" });
  await button.focus();
  await page.keyboard.press("Enter");
  await expect(button).toHaveAttribute("aria-disabled", "true");
  // A second press while the first is out (held until now) starts nothing more.
  await page.keyboard.press("Enter");
  release();
  await expect(page.getByText("Too many bulk actions at once.")).toBeVisible();
  await expect(button).toBeFocused();
  expect(posts).toBe(1);
});

test("keyboard: after a bulk export's Download the focus is back on Export", async ({ page }) => {
  await creatorWithLinks(page, 2);
  await page.getByRole("checkbox", { name: "Select Seeded page 2" }).click();
  const toolbar = page.getByRole("region", { name: "Bulk actions" });
  const exportButton = toolbar.getByRole("button", { name: "Export" });
  await exportButton.focus();
  await page.keyboard.press("Enter");
  await expect(toolbar.getByRole("combobox", { name: "Format" })).toBeFocused();
  await toolbar.getByRole("button", { name: "Download" }).focus();
  const download = page.waitForEvent("download");
  await page.keyboard.press("Enter");
  await download;
  await expect(toolbar.getByRole("button", { name: "Download" })).toHaveCount(0);
  await expect(exportButton).toBeFocused();
});

test("keyboard: a session's Sign out keeps the focus when refused, and hands it to the outcome when the row goes", async ({ page, browser }) => {
  const email = `sessions-keys-${Date.now()}@example.com`;
  await signUp(page, email, "sessions-password");
  const other = await browser.newContext();
  await signIn(await other.newPage(), { email, password: "sessions-password" });
  await page.goto("/settings");
  const sessions = page.getByTestId("settings-sessions");
  await expect(sessions.getByTestId("session-row")).toHaveCount(2);
  const signOut = sessions.getByRole("button", { name: /^Sign out Chrome on \w+, last used / });

  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route("**/api/account/sessions/*", async (route) => {
    await held;
    await route.fulfill({ status: 503, json: { message: "The database is busy. Please try again." } });
  });
  await signOut.focus();
  await page.keyboard.press("Enter");
  await expect(signOut).toHaveAttribute("aria-busy", "true");
  release();
  await expect(sessions.getByRole("alert")).toHaveText("The database is busy. Please try again.");
  await expect(signOut).toBeFocused();

  await page.unroute("**/api/account/sessions/*");
  await page.keyboard.press("Enter");
  await expect(sessions.getByTestId("session-row")).toHaveCount(1);
  const told = sessions.getByRole("status");
  await expect(told).toHaveText(/^Signed out Chrome on \w+\.$/);
  await expect(told).toBeFocused();
  await other.close();
});

test("keyboard: Retry in a failure's detail keeps the focus when refused, and hands it to the outcome when it goes", async ({ page }) => {
  await jobsWithOneFailure(page, () => false);
  let retried = false;
  let refuse = true;
  const detail = () => ({
    kind: "link",
    id: failureItem.id,
    queue: "enrich-link",
    link: {
      id: failureItem.linkId,
      url: failureItem.url,
      status: retried ? "pending" : "failed",
      error: retried ? null : failureItem.reason,
      title: null,
      engine: null,
      createdAt: failureItem.failedAt,
      updatedAt: failureItem.failedAt,
      enrichedAt: null,
    },
    artifact: null,
    owner: { id: failureItem.user.id, email: failureItem.user.email, role: "FreeUser" },
    payload: { linkId: failureItem.linkId },
    job: null,
    jobMissing: "Removed from the queue after it failed.",
  });
  await page.route("**/api/admin/jobs/failures/*", (route) => route.fulfill({ json: detail() }));
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route("**/api/admin/jobs/failures/*/retry", async (route) => {
    await held;
    if (refuse) return route.fulfill({ status: 503, json: { message: "Redis is not answering." } });
    retried = true;
    await route.fulfill({ json: { id: failureItem.id, kind: "link", queue: "enrich-link", outcome: "queued" } });
  });
  await page.getByTestId("failure-row").getByRole("button", { name: failureItem.url, exact: true }).click();
  const dialog = page.getByTestId("failure-detail");
  const retry = dialog.getByRole("button", { name: "Retry", exact: true });
  await retry.focus();
  await page.keyboard.press("Enter");
  await expect(retry).toHaveAttribute("aria-busy", "true");
  release();
  await expect(dialog.getByRole("alert")).toHaveText("Redis is not answering.");
  await expect(retry).toBeFocused();

  refuse = false;
  await page.keyboard.press("Enter");
  const told = dialog.getByRole("status");
  await expect(told).toHaveText("Queued again.");
  await expect(retry).toHaveCount(0);
  await expect(told).toBeFocused();
});

// The last four the third amendment left `disabled` while busy (decision 038's fourth amendment).
// Each request is held by the browser's network layer until the busy state has been seen; a
// refusal is the server's own wherever one can be arranged (a plan changed, a checkout cancelled).

/** A gate for requests: each one `pass`es through it counted, and waits until `release()`. */
function gate() {
  let release = () => {};
  const open = new Promise<void>((resolve) => (release = resolve));
  let count = 0;
  return {
    release: () => release(),
    count: () => count,
    pass: async () => {
      count++;
      await open;
    },
  };
}

test("keyboard: a failure row's Retry is busy while it runs, and refused keeps the focus beside the server's message", async ({ page }) => {
  await jobsWithOneFailure(page, () => false);
  const retries = gate();
  await page.route("**/api/admin/jobs/failures/*/retry", async (route) => {
    await retries.pass();
    await route.fulfill({ status: 503, json: { message: "Redis is not answering." } });
  });
  const row = page.getByTestId("failure-row");
  const retry = row.getByRole("button", { name: `Retry ${failureItem.url}`, exact: true });
  await retry.focus();
  await page.keyboard.press("Enter");
  await expect(retry).toHaveAttribute("aria-busy", "true");
  await expect(retry).toBeFocused();
  // A second press while the first is out sends nothing more.
  await page.keyboard.press("Enter");
  retries.release();
  await expect(row.getByRole("alert")).toHaveText("Redis is not answering.");
  await expect(retry).not.toHaveAttribute("aria-busy", "true");
  await expect(retry).toBeFocused();
  expect(retries.count()).toBe(1);
});

test("keyboard: a Subscribe whose checkout cannot start is busy while it runs and keeps the focus", async ({ page }) => {
  await signUp(page, `subscribe-keys-${Date.now()}@example.com`, "subscribe-password");
  const starts = gate();
  await page.route("**/api/checkout-session", async (route) => {
    await starts.pass();
    await route.fulfill({ status: 502, json: { message: "The payment provider is not answering." } });
  });
  await page.goto("/upgrade");
  const plan = page.getByTestId("plan-creator");
  const subscribe = plan.getByRole("button", { name: "Subscribe to Creator" });
  await subscribe.focus();
  await page.keyboard.press("Enter");
  const starting = plan.getByRole("button", { name: "Starting checkout…" });
  await expect(starting).toHaveAttribute("aria-busy", "true");
  await expect(starting).toBeFocused();
  await page.keyboard.press("Enter");
  starts.release();
  await expect(page.getByRole("alert").filter({ hasText: "Failed to start checkout. Please try again." })).toBeVisible();
  await expect(subscribe).not.toHaveAttribute("aria-busy", "true");
  await expect(subscribe).toBeFocused();
  expect(starts.count()).toBe(1);
});

test("keyboard: Save to Linkwise on /save is busy while it saves; refused it keeps the focus, saved the outcome takes it", async ({ page }) => {
  const email = `save-keys-${Date.now()}@example.com`;
  await signUp(page, email, "save-password");
  const setRole = (role: string) => withDb((client) => client.query("update users set role = $1 where email = $2", [role, email]));
  await setRole("LiteUser");
  await page.goto(`/save?url=${encodeURIComponent(pagesUrl(`/article?save-keys=${Date.now()}`))}`);
  const button = page.getByRole("button", { name: "Save to Linkwise" });
  await expect(button).toBeVisible();
  // The plan changes between opening the page and pressing Save: the server refuses.
  await setRole("FreeUser");
  const saves = gate();
  await page.route(
    (address) => /^\/save(\.data)?$/.test(address.pathname),
    async (route) => {
      if (route.request().method() === "POST") await saves.pass();
      await route.continue();
    },
  );
  await button.focus();
  await page.keyboard.press("Enter");
  const saving = page.getByRole("button", { name: "Saving…" });
  await expect(saving).toHaveAttribute("aria-busy", "true");
  await expect(saving).toBeFocused();
  await page.keyboard.press("Enter");
  saves.release();
  await expect(page.getByRole("alert").filter({ hasText: "Bookmarklet: part of a higher plan. Upgrade to unlock it." })).toBeVisible();
  await expect(button).not.toHaveAttribute("aria-busy", "true");
  await expect(button).toBeFocused();
  expect(saves.count()).toBe(1);

  // With the plan back the same press saves: the button goes with its form, and the outcome takes
  // the focus.
  await setRole("LiteUser");
  await page.keyboard.press("Enter");
  const told = page.getByRole("status").filter({ hasText: "Saved to your library." });
  await expect(told).toBeFocused();
  expect(saves.count()).toBe(2);
});

test("keyboard: the test checkout's Pay and Cancel are busy while they run; a refused Pay keeps the focus beside the server's message", async ({ page }) => {
  await signUp(page, `checkout-keys-${Date.now()}@example.com`, "checkout-password");
  await page.goto("/upgrade");
  await page.getByTestId("plan-scout").getByRole("button", { name: "Subscribe to Scout" }).click();
  await expect(page).toHaveURL(/\/checkout\/test\//);
  const checkoutId = new URL(page.url()).pathname.split("/").at(-1)!;
  const pay = page.getByRole("button", { name: "Pay €4.95" });
  const cancel = page.getByRole("button", { name: "Cancel", exact: true });
  await expect(pay).toBeVisible();
  await waitForHydration(pay);
  // Cancelled elsewhere (another tab) after this page opened: the server will not take the payment.
  await withDb((client) => client.query("update checkouts set status = 'canceled' where id = $1", [checkoutId]));
  let answers = gate();
  await page.route(
    (address) => address.pathname.startsWith("/checkout/test/"),
    async (route) => {
      if (route.request().method() === "POST") await answers.pass();
      await route.continue();
    },
  );
  await pay.focus();
  await page.keyboard.press("Enter");
  const paying = page.getByRole("button", { name: "Paying…" });
  await expect(paying).toHaveAttribute("aria-busy", "true");
  await expect(paying).toBeFocused();
  await page.keyboard.press("Enter");
  answers.release();
  await expect(page.getByTestId("test-checkout").getByRole("alert")).toHaveText("This checkout was cancelled. Start a new one.");
  await expect(pay).not.toHaveAttribute("aria-busy", "true");
  await expect(pay).toBeFocused();
  expect(answers.count()).toBe(1);

  // Cancel, held the same way, is busy with the focus on it, and a second press sends nothing more.
  answers = gate();
  await cancel.focus();
  await page.keyboard.press("Enter");
  const cancelling = page.getByRole("button", { name: "Cancelling…" });
  await expect(cancelling).toHaveAttribute("aria-busy", "true");
  await expect(cancelling).toBeFocused();
  await page.keyboard.press("Enter");
  answers.release();
  // Back on the plans page (with or without a note of the cancelled checkout in the address).
  await expect(page).toHaveURL(/^[^?]*\/upgrade(\?|$)/);
  expect(answers.count()).toBe(1);
});

// The places still `disabled` while their own request runs (decision
// 038): the feature toggles' Save Changes, a failure's link while its detail
// loads, each failure row's Retry on its own, and the jobs console's and users list's page buttons.

test("keyboard: the feature toggles' Save Changes is busy while it saves, and refused keeps the focus beside the server's message", async ({ page }) => {
  await signIn(page, E2E_ADMIN);
  await page.goto("/admin/feature-toggles");
  const saves = gate();
  await page.route("**/api/admin/feature-flags", async (route) => {
    if (route.request().method() === "PUT") await saves.pass();
    await route.continue();
  });
  const toggle = page.getByRole("switch", { name: "AI mini course for Scout" });
  await toggle.focus();
  await page.keyboard.press("Space");
  // Signed out elsewhere: the server refuses the save (so nothing changes for other specs).
  await page.context().clearCookies();
  const save = page.getByRole("button", { name: "Save Changes" });
  await save.focus();
  await page.keyboard.press("Enter");
  const saving = page.getByRole("button", { name: "Saving..." });
  await expect(saving).toHaveAttribute("aria-busy", "true");
  await expect(saving).toBeFocused();
  // A second press while the first is out sends nothing more.
  await page.keyboard.press("Enter");
  saves.release();
  await expect(page.locator("#save-status")).toHaveText("Please sign in first (a session cookie or a bearer token is required).");
  await expect(save).not.toHaveAttribute("aria-busy", "true");
  await expect(save).toBeFocused();
  expect(saves.count()).toBe(1);
});

test("keyboard: a failure's link is busy while its detail loads, and gets the focus back when the detail closes", async ({ page }) => {
  await jobsWithOneFailure(page, () => false);
  const loads = gate();
  await page.route("**/api/admin/jobs/failures/*", async (route) => {
    await loads.pass();
    await route.fulfill({
      json: {
        kind: "link",
        id: failureItem.id,
        queue: "enrich-link",
        link: {
          id: failureItem.linkId,
          url: failureItem.url,
          status: "failed",
          error: failureItem.reason,
          title: null,
          engine: null,
          createdAt: failureItem.failedAt,
          updatedAt: failureItem.failedAt,
          enrichedAt: null,
        },
        artifact: null,
        owner: { id: failureItem.user.id, email: failureItem.user.email, role: "FreeUser" },
        payload: { linkId: failureItem.linkId },
        job: null,
        jobMissing: "Removed from the queue after it failed.",
      },
    });
  });
  const row = page.getByTestId("failure-row");
  const link = row.getByRole("button", { name: failureItem.url, exact: true });
  await link.focus();
  await page.keyboard.press("Enter");
  await expect(row.getByTestId("detail-loading")).toHaveText("Loading detail…");
  await expect(link).toHaveAttribute("aria-busy", "true");
  await expect(link).toBeFocused();
  await page.keyboard.press("Enter");
  loads.release();
  const dialog = page.getByTestId("failure-detail");
  await expect(dialog).toContainText(failureItem.user.email);
  await expect(dialog.getByRole("button", { name: "Close" })).toBeFocused();
  expect(loads.count()).toBe(1);
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  await expect(link).not.toHaveAttribute("aria-busy", "true");
  await expect(link).toBeFocused();
});

test("keyboard: each failure row's Retry is busy on its own; pressing a second row's leaves the first busy", async ({ page }) => {
  const second = { ...failureItem, id: "00000000-0000-4000-8000-00000000f0c6", linkId: "00000000-0000-4000-8000-00000000f0c6", url: "https://focus.example/second" };
  await page.route("**/api/admin/jobs/failures?*", (route) => route.fulfill({ json: { total: 2, groups: [], items: [failureItem, second], nextCursor: null } }));
  await signIn(page, E2E_ADMIN);
  await page.goto("/admin/jobs");
  await expect(page.getByTestId("failures-total")).toHaveText("2 matching");
  const retries = new Map([
    [failureItem.id, gate()],
    [second.id, gate()],
  ]);
  await page.route("**/api/admin/jobs/failures/*/retry", async (route) => {
    const id = decodeURIComponent(new URL(route.request().url()).pathname.split("/").at(-2)!);
    await retries.get(id)!.pass();
    await route.fulfill({ status: 503, json: { message: `Redis is not answering (${id === second.id ? "second" : "first"}).` } });
  });
  const rowA = page.getByTestId("failure-row").filter({ hasText: failureItem.url });
  const rowB = page.getByTestId("failure-row").filter({ hasText: second.url });
  const retryA = rowA.getByRole("button", { name: `Retry ${failureItem.url}`, exact: true });
  const retryB = rowB.getByRole("button", { name: `Retry ${second.url}`, exact: true });
  await retryA.focus();
  await page.keyboard.press("Enter");
  await expect(retryA).toHaveAttribute("aria-busy", "true");
  await retryB.focus();
  await page.keyboard.press("Enter");
  await expect(retryB).toHaveAttribute("aria-busy", "true");
  await expect(retryB).toBeFocused();
  // The first is still running: still busy, and a press on it sends nothing more.
  await expect(retryA).toHaveAttribute("aria-busy", "true");
  await retryA.focus();
  await page.keyboard.press("Enter");
  retries.get(failureItem.id)!.release();
  await expect(rowA.getByRole("alert")).toHaveText("Redis is not answering (first).");
  await expect(retryA).not.toHaveAttribute("aria-busy", "true");
  await expect(retryA).toBeFocused();
  await expect(retryB).toHaveAttribute("aria-busy", "true");
  retries.get(second.id)!.release();
  await expect(rowB.getByRole("alert")).toHaveText("Redis is not answering (second).");
  await expect(retryB).not.toHaveAttribute("aria-busy", "true");
  // Each row keeps its own refusal, and the focus stays where the keyboard left it.
  await expect(rowA.getByRole("alert")).toHaveText("Redis is not answering (first).");
  await expect(retryA).toBeFocused();
  expect(retries.get(failureItem.id)!.count()).toBe(1);
  expect(retries.get(second.id)!.count()).toBe(1);
});

type Gate = ReturnType<typeof gate>;

/**
 * Presses a page button with the keyboard while its page is held (`loading` checks the list says so),
 * checks it busy with the focus, presses again (which must do nothing: it would skip a page, or number
 * it wrong), then lets the page through.
 */
async function turnPageHeld(page: Page, button: Locator, loading: () => Promise<void>, release: () => void) {
  await button.focus();
  await page.keyboard.press("Enter");
  await loading();
  await expect(button).toHaveAttribute("aria-busy", "true");
  await expect(button).toBeFocused();
  await page.keyboard.press("Enter");
  release();
}

test("keyboard: the failure pager's buttons are busy while a page loads; then the focus stays on one still usable, else goes to the first row", async ({ page }) => {
  const item = (n: number) => ({ ...failureItem, id: `00000000-0000-4000-8000-00000000a00${n}`, linkId: `00000000-0000-4000-8000-00000000a00${n}`, url: `https://focus.example/page-${n}` });
  // Three pages of one failure each, by cursor ("" the newest); the page asked for next is held
  // until its busy button has been seen.
  const pages: Record<string, { items: ReturnType<typeof item>[]; nextCursor: string | null }> = {
    "": { items: [item(1)], nextCursor: "page-2" },
    "page-2": { items: [item(2)], nextCursor: "page-3" },
    "page-3": { items: [item(3)], nextCursor: null },
  };
  let held: { cursor: string; gate: Gate } | null = null;
  await page.route("**/api/admin/jobs/failures?*", async (route) => {
    const cursor = new URL(route.request().url()).searchParams.get("cursor") ?? "";
    if (held?.cursor === cursor) await held.gate.pass();
    await route.fulfill({ json: { total: 3, groups: [], ...pages[cursor] } });
  });
  await signIn(page, E2E_ADMIN);
  await page.goto("/admin/jobs");
  const pager = page.getByRole("navigation", { name: "Failure pages" });
  const range = pager.getByTestId("failure-range");
  await expect(range).toHaveText("Showing 1–1 of 3 (live)");
  const newest = pager.getByRole("button", { name: "Newest" });
  const newer = pager.getByRole("button", { name: "Newer" });
  const older = pager.getByRole("button", { name: "Older" });
  const firstLink = (n: number) => page.getByTestId("failure-row").first().getByRole("button", { name: `https://focus.example/page-${n}`, exact: true });

  const turn = async (button: typeof older, cursor: string) => {
    const hold = (held = { cursor, gate: gate() });
    await turnPageHeld(page, button, () => expect(range).toHaveText(/^Loading…/), () => hold.gate.release());
  };

  // Older to page 2: Older is still usable there, so it keeps the focus.
  await turn(older, "page-2");
  await expect(range).toHaveText("Showing 2–2 of 3");
  await expect(firstLink(2)).toBeVisible();
  await expect(older).not.toHaveAttribute("aria-busy", "true");
  await expect(older).toBeFocused();
  // Older to the last page: Older cannot be used there; the first row takes the focus.
  await turn(older, "page-3");
  await expect(range).toHaveText("Showing 3–3 of 3");
  await expect(older).toBeDisabled();
  await expect(firstLink(3)).toBeFocused();
  // Newer back to page 2: still usable, it keeps the focus.
  await turn(newer, "page-2");
  await expect(range).toHaveText("Showing 2–2 of 3");
  await expect(newer).not.toHaveAttribute("aria-busy", "true");
  await expect(newer).toBeFocused();
  // Newest: disabled on the newest page; the first row takes the focus.
  await turn(newest, "");
  await expect(range).toHaveText("Showing 1–1 of 3 (live)");
  await expect(newest).toBeDisabled();
  await expect(firstLink(1)).toBeFocused();
});

test("keyboard: the users list's Next and Previous are busy while a page loads; then the focus stays on one still usable, else goes to the first row", async ({ page }) => {
  const user = (n: number) => ({
    id: `00000000-0000-4000-8000-00000000b00${n}`,
    email: `pager-${n}@example.com`,
    role: "ProUser",
    active: true,
    emailConfirmed: true,
    status: "active",
    linksCount: n,
    enrichmentsThisMonth: 0,
    credits: 0,
    joinedAt: new Date().toISOString(),
    lastActiveAt: null,
    grant: null,
  });
  const pages: Record<string, { users: ReturnType<typeof user>[]; nextCursor: string | null }> = {
    "": { users: [user(1)], nextCursor: "users-2" },
    "users-2": { users: [user(2)], nextCursor: "users-3" },
    "users-3": { users: [user(3)], nextCursor: null },
  };
  let held: { cursor: string; gate: Gate } | null = null;
  await page.route("**/api/admin/users?*", async (route) => {
    const cursor = new URL(route.request().url()).searchParams.get("cursor") ?? "";
    if (held?.cursor === cursor) await held.gate.pass();
    await route.fulfill({ json: pages[cursor] });
  });
  await signIn(page, E2E_ADMIN);
  await page.goto("/admin");
  const panel = page.getByTestId("users-panel");
  const status = panel.getByRole("status").filter({ hasText: /users?/ });
  await expect(status).toHaveText("Page 1: 1 user.");
  const pager = panel.getByRole("navigation", { name: "User pages" });
  const next = pager.getByRole("button", { name: "Next" });
  const previous = pager.getByRole("button", { name: "Previous" });
  const manage = (n: number) => panel.getByRole("button", { name: `Manage pager-${n}@example.com` });

  const turn = async (button: typeof next, cursor: string) => {
    const hold = (held = { cursor, gate: gate() });
    await turnPageHeld(page, button, () => expect(status).toHaveText("Loading users…"), () => hold.gate.release());
  };

  // Next to page 2, which has a page after it: Next keeps the focus.
  await turn(next, "users-2");
  await expect(status).toHaveText("Page 2: 1 user.");
  await expect(manage(2)).toBeVisible();
  await expect(next).not.toHaveAttribute("aria-busy", "true");
  await expect(next).toBeFocused();
  // Next to the last page: Next cannot be used there; the first row takes the focus.
  await turn(next, "users-3");
  await expect(status).toHaveText("Page 3: 1 user.");
  await expect(next).toBeDisabled();
  await expect(manage(3)).toBeFocused();
  // Previous to page 2: still usable there, it keeps the focus.
  await turn(previous, "users-2");
  await expect(status).toHaveText("Page 2: 1 user.");
  await expect(previous).not.toHaveAttribute("aria-busy", "true");
  await expect(previous).toBeFocused();
});

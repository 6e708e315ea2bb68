import { randomBytes } from "node:crypto";
import { expect, test, type Page } from "@playwright/test";
import { expectNoAxeViolations } from "./axe";
import { seedLinks, userIdOf, withDb } from "./db";
import { E2E_ADMIN, openRow, pagesUrl, rowAction, signIn } from "./helpers";
import { DESKTOP, expectFitsPhones, expectNoSidewaysScroll, PHONE, PHONE_WIDTHS, THEMES, useTheme, type Theme } from "./layout";

/**
 * Every signed-in page and state (the dashboard's tabs, panels and menus, settings, upgrade, the
 * share target, the admin console) at two phone widths and a desktop, in both themes: nothing
 * sticks out sideways; at 390 and 1280 px axe-core finds nothing (its colour rules alone in the
 * dark theme: the themes differ only in colour, see expectNoAxeViolations), and at 390 px every
 * target is at least 24 px (in the same axe pass). Each state is reached once per theme on a phone (390 px,
 * narrowed to 360 px for the width check: expectFitsPhones) and once on a desktop. One test per
 * theme × device × account, so the two workers share the sweep.
 */

const PASSWORD = "sweep-password-123";
// One library per worker (beforeAll runs once in each): a Creator with ten enriched links, one
// with a very long title and address, quizzes and a course ready, a shared link, notifications.
let creator = "";
const LONG_TITLE = "Building resilient distributed systems: a practical field guide to retries, idempotency keys, backpressure and graceful degradation";
const LONG_URL = `https://docs.example-engineering-handbook.e2e.test/distributed-systems/reliability/${"very-long-path-segment-".repeat(6)}retries?utm_source=newsletter&utm_medium=email`;

const QUIZ = {
  questions: Array.from({ length: 5 }, (_, i) => ({
    question: `Which statement about retries is true (question ${i + 1})?`,
    options: ["Retries need idempotent operations", "Retries never overload a service", "Backoff makes things slower only", "Timeouts are optional"],
    answerIndex: 0,
    explanation: "A retried request may run twice, so the operation must be safe to repeat.",
  })),
};
const COURSE = {
  title: "Resilience in three lessons",
  lessons: ["Timeouts", "Retries with backoff", "Idempotency keys"].map((title) => ({
    title,
    objective: `Understand ${title.toLowerCase()}`,
    content: `${title} keep a distributed system healthy when one of its parts is slow or failing. `.repeat(3),
    checkQuestion: `When would you use ${title.toLowerCase()}?`,
  })),
};
const REPHRASE = { text: "When a service is slow, ask again later, wait a bit longer each time, and make sure doing a thing twice is harmless." };

test.beforeAll(async ({ request }) => {
  creator = `sweep-${randomBytes(4).toString("hex")}@e2e.test`;
  const registered = await request.post("/api/auth/register", { data: { email: creator, password: PASSWORD } });
  expect(registered.ok()).toBe(true);
  await withDb((client) => client.query("update users set role = 'ProUser', email_confirmed = true where email = $1", [creator]));
  await seedLinks(creator, 10);
  const userId = await userIdOf(creator);
  await withDb(async (client) => {
    const { rows } = await client.query<{ id: string }>(
      `insert into links (user_id, url, normalized_url, status, title, description, summary, category, tags, code_snippets, enrichment_engine, enriched_at, is_public, shared_at)
       values ($1, $2, $2, 'enriched', $3, $4, $5, 'programming', $6::text[], $7::jsonb, 'local/extractive-v1', now(), true, now()) returning id`,
      [
        userId,
        LONG_URL,
        LONG_TITLE,
        "Why timeouts, retries and idempotency belong together, with examples in Go and SQL.",
        "Distributed systems fail in parts. This guide shows how timeouts, retries with exponential backoff and idempotency keys keep a service answering when one of its dependencies is slow.",
        ["distributed-systems", "reliability", "retries", "idempotency"],
        JSON.stringify([{ language: "go", code: `func retry(ctx context.Context, attempts int, fn func() error) error {\n\tfor i := 0; i < attempts; i++ {\n\t\tif err := fn(); err == nil { return nil } // a deliberately long line that scrolls sideways inside its own block\n\t}\n\treturn errors.New("gave up")\n}` }]),
      ],
    );
    const linkId = rows[0]!.id;
    const idOf = async (n: number) =>
      (await client.query<{ id: string }>("select id from links where user_id = $1 and url = $2", [userId, `https://library.e2e.test/${n}`])).rows[0]!.id;
    // A quiz, a course and a rephrasing ready on three cards, so one look sees all three panels open.
    for (const [id, kind, variant, payload] of [
      [linkId, "quiz", "", QUIZ],
      [await idOf(9), "course", "", COURSE],
      [await idOf(8), "rephrase", "beginner", REPHRASE],
    ] as const) {
      await client.query("insert into link_artifacts (link_id, user_id, kind, variant, status, payload, engine) values ($1, $2, $3, $4, 'ready', $5, 'local/extractive-v1')", [
        id,
        userId,
        kind,
        variant,
        JSON.stringify(payload),
      ]);
    }
    await client.query(
      `insert into notifications (user_id, type, title, body, link) values
         ($1, 'enrichment', 'Your link was enriched', 'Building resilient distributed systems is ready to read.', '/dashboard'),
         ($1, 'billing', 'Welcome to Creator', 'Quizzes, courses and exports are now unlocked on every link you save.', null)`,
      [userId],
    );
  });
});

interface Device {
  width: typeof PHONE.width | typeof DESKTOP.width;
  theme: Theme;
}

/**
 * The checks for a device: the layout at its width or, on the phone, at every phone width; axe
 * (with target sizes on the phone) in full in the first theme, its colour rules in the other.
 */
async function check(page: Page, { width, theme }: Device, state: string) {
  await test.step(state, async () => {
    const colourOnly = theme !== THEMES[0];
    if (width === DESKTOP.width) {
      await expectNoSidewaysScroll(page);
      await expectNoAxeViolations(page, { colourOnly });
    } else {
      await expectNoAxeViolations(page, { targets: true, colourOnly });
      await expectFitsPhones(page);
    }
  });
}

async function visit(page: Page, path: string, device: Device, ready: (page: Page) => Promise<void> = async (p) => void (await expect(p.locator("h1").first()).toBeVisible())) {
  await page.goto(path);
  await ready(page);
  await check(page, device, path);
}

/** Tabbing through the dashboard: every control that takes focus shows a ring or an outline. */
async function expectVisibleFocus(page: Page) {
  await page.locator("body").click({ position: { x: 1, y: 1 } });
  const unmarked: string[] = [];
  for (let i = 0; i < 25; i++) {
    await page.keyboard.press("Tab");
    const found = await page.evaluate(() => {
      const el = document.activeElement as HTMLElement | null;
      if (!el || el === document.body) return null;
      const style = getComputedStyle(el);
      const ring = style.boxShadow !== "none" || (style.outlineStyle !== "none" && parseFloat(style.outlineWidth) > 0);
      return ring ? null : el.outerHTML.slice(0, 120);
    });
    if (found) unmarked.push(found);
  }
  expect(unmarked, "controls without a visible focus ring").toEqual([]);
}

async function creatorPages(page: Page, device: Device) {
  await signIn(page, { email: creator, password: PASSWORD });
  await page.goto("/dashboard");
  const rows = page.getByTestId("link-row");
  await expect(rows).toHaveCount(11);
  // The long title gets its text column's whole width (status and tags go below it), beside only the ⋯ button.
  const longTitle = rows.first().getByRole("link", { name: LONG_TITLE, exact: true });
  const titleWidth = await longTitle.evaluate((el) => el.getBoundingClientRect().width);
  const columnWidth = await longTitle.evaluate((el) => el.parentElement!.getBoundingClientRect().width);
  const rowWidth = await rows.first().evaluate((el) => el.getBoundingClientRect().width);
  expect(titleWidth, "the title's share of its column").toBeGreaterThanOrEqual(columnWidth - 1);
  expect(titleWidth, "the title's share of the row").toBeGreaterThan(rowWidth * 0.55);
  await check(page, device, "saved links");
  await test.step("focus rings", () => expectVisibleFocus(page));

  // The library's sidebar (status filters with counts, saved searches, tags): beside the list on a
  // desktop, a drawer on a phone opened by a button (the plan's features and usage are in Billing).
  const library = device.width === DESKTOP.width ? page.getByRole("complementary", { name: "Library" }) : page.getByRole("dialog", { name: "Library" });
  if (device.width !== DESKTOP.width) {
    await expect(page.getByRole("complementary", { name: "Library" })).toBeHidden();
    const toggle = page.getByRole("button", { name: "Tags, filters and saved searches" });
    await toggle.focus();
    await page.keyboard.press("Enter");
    await expect(toggle).toHaveAttribute("aria-expanded", "true");
  }
  await expect(library).toBeVisible();
  await expect(library.getByRole("heading", { name: "Status" })).toBeVisible();
  await expect(library.getByRole("heading", { name: "Tags" })).toBeVisible();
  await check(page, device, "library sidebar");
  if (device.width !== DESKTOP.width) {
    await page.keyboard.press("Escape");
    await expect(library).toBeHidden();
  }

  // Share from the row's ⋯ menu (the copied-link notice), then the link's details opened.
  await rowAction(rows.first(), "Share");
  await expect(page.getByText(/Public link copied/)).toBeVisible();
  const details = await openRow(rows.first());
  await expect(details.getByTestId("link-details")).toBeVisible();
  await check(page, device, "plan, details and share notice");
  await details.getByRole("button", { name: "Back to links (Escape)" }).click();
  await expect(details).toHaveCount(0);

  await page.getByRole("button", { name: /^Notifications/ }).click();
  await expect(page.getByText("Welcome to Creator")).toBeVisible();
  await check(page, device, "notifications open");
  await page.keyboard.press("Escape");
  await expect(page.getByText("Welcome to Creator")).toBeHidden();

  // Enrichments: a card's details, and the quiz, course and rephrasing panels open on three cards.
  await openSection(page, device, "Enrichments");
  const card = (title: string) => page.getByTestId("enrichment-card").filter({ hasText: title });
  await card(LONG_TITLE).getByRole("button", { name: "Show details" }).click();
  await expect(card(LONG_TITLE).getByTestId("link-details")).toContainText("gave up");
  await card(LONG_TITLE).getByRole("button", { name: "Quiz", exact: true }).click();
  await expect(card(LONG_TITLE).getByRole("button", { name: "Check answers" })).toBeVisible();
  await card("Seeded page 9").getByRole("button", { name: "Mini-course", exact: true }).click();
  await expect(card("Seeded page 9").getByText(COURSE.title)).toBeVisible();
  await card("Seeded page 8").getByLabel("Difficulty").selectOption("beginner");
  await card("Seeded page 8").getByRole("button", { name: "Rephrase", exact: true }).click();
  await expect(card("Seeded page 8").getByText(/ask again later/)).toBeVisible();
  await check(page, device, "enrichments with details, quiz, course and rephrasing open");

  await openSection(page, device, "Shared links");
  const shared = page.getByTestId("shared-link");
  await expect(shared).toHaveCount(1);
  // The whole title is readable within the screen (it wraps rather than being cut to "Bu…").
  const title = shared.getByText(LONG_TITLE);
  await expect(title).toBeVisible();
  expect(await title.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
  await check(page, device, "share tab");

}

/** A dashboard section from the sidebar, in the drawer on a phone. */
async function openSection(page: Page, device: Device, name: string) {
  if (device.width !== DESKTOP.width) await page.getByRole("button", { name: "Tags, filters and saved searches" }).click();
  await page.getByRole("navigation", { name: "Dashboard sections" }).getByRole("link", { name }).click();
}

async function accountPages(page: Page, device: Device) {
  await signIn(page, { email: creator, password: PASSWORD });
  await visit(page, "/settings", device);
  await visit(page, "/settings/email", device);
  await visit(page, "/settings/billing", device);
  await visit(page, "/settings/integrations/extension", device);
  await visit(page, "/upgrade?feature=quiz", device);
  await visit(page, "/highlights", device);
  await visit(page, "/review", device);
  await visit(page, "/dashboard/deleted", device);
  // Another site's link to the share target gets a page that asks first.
  await page.goto(pagesUrl("/article"));
  const baseURL = test.info().project.use.baseURL!;
  await page.evaluate((target) => (window.location.href = target), `${baseURL}/share-target?url=${encodeURIComponent(LONG_URL)}`);
  await expect(page.getByRole("heading", { name: "Save this link?" })).toBeVisible();
  await check(page, device, "/share-target");
}

async function adminPages(page: Page, device: Device) {
  await signIn(page, E2E_ADMIN);
  await visit(page, "/admin", device, async (p) => void (await expect(p.getByRole("heading", { level: 1 })).toBeVisible()));
  await visit(page, "/admin/feature-toggles", device, async (p) => void (await expect(p.getByRole("switch").first()).toBeVisible()));
  await visit(page, "/admin/jobs", device, async (p) => void (await expect(p.getByRole("heading", { level: 1 })).toBeVisible()));
}

// The tests share nothing but the seeded library, so the two workers split them.
test.describe.configure({ mode: "parallel" });

for (const theme of THEMES) {
  for (const { width, height } of [PHONE, DESKTOP]) {
    test.describe(`${theme} theme at ${width === DESKTOP.width ? `${width} px` : `${PHONE_WIDTHS.join(" and ")} px`}`, () => {
      test.use({ viewport: { width, height } });
      test.beforeEach(async ({ page }) => useTheme(page, theme));

      // Generous: each look runs axe-core, which takes seconds on a busy two-core machine.
      test("a Creator's dashboard: tabs, plan, menus and result panels", async ({ page }) => {
        test.setTimeout(240_000);
        await creatorPages(page, { width, theme });
      });

      test("a Creator's settings, highlights, review, recently deleted, upgrade page and share target", async ({ page }) => {
        test.setTimeout(180_000);
        await accountPages(page, { width, theme });
      });

      test("the admin console", async ({ page }) => {
        test.setTimeout(180_000);
        await adminPages(page, { width, theme });
      });
    });
  }
}

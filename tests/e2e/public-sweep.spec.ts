import { expect, test, type Locator, type Page } from "@playwright/test";
import { expectNoAxeViolations } from "./axe";
import { withDb } from "./db";
import { signUp } from "./helpers";
import { DESKTOP, PHONE, PHONE_WIDTHS, THEMES, expectFitsPhones, expectHeadingsInOrder, expectNoSidewaysScroll, useTheme } from "./layout";

/**
 * Every public and signed-out page, in both themes, at two phone widths and a desktop: nothing
 * wider than the window, no axe-core WCAG 2.0/2.1 A+AA violation (390 px and desktop; its colour
 * rules alone in the dark theme: the themes differ only in colour, see expectNoAxeViolations), touch
 * targets of 24 px or more (390 px, in the same axe pass), headings in order (desktop). Each state
 * is loaded once per theme on a phone (390 px, then narrowed to 360 px for the width check:
 * expectFitsPhones) and once on a desktop. One test per theme, device and group, so both workers
 * share the sweep. SWEEP_SCREENSHOTS=<dir> also saves a full-page screenshot of each state at each
 * width, for a person to look at.
 */

// Twelve independent sweeps and two focus checks: both workers take a share.
test.describe.configure({ mode: "parallel" });

// A shared link whose address and title have no place to break: on a phone they must wrap, not
// widen the page (the trending cards were 446 px wide). Inserted once, shared by a demo user.
const LONG_URL = `https://docs.example.org/guides/${"very-long-path-segment-without-any-breaks-".repeat(4)}end?utm_source=newsletter&utm_campaign=${"x".repeat(60)}`;
const LONG_TITLE = "Understanding_the_internals_of_PostgreSQL_multiversion_concurrency_control_and_vacuum";
let sharedId = "";

test.beforeAll(async () => {
  sharedId = await withDb(async (client) => {
    const found = await client.query<{ id: string }>("select id from links where normalized_url = $1", [LONG_URL]);
    if (found.rows[0]) return found.rows[0].id;
    const inserted = await client.query<{ id: string }>(
      `insert into links (user_id, url, normalized_url, status, title, description, summary, tags, category, enrichment_engine, enriched_at, is_public, shared_at, is_demo)
       select id, $1, $1, 'enriched', $2, $3, $4, $5, 'database', 'local/extractive-v1', now(), true, now(), true
       from users where email = 'ada@demo.linkwise.local'
       on conflict do nothing returning id`,
      [LONG_URL, LONG_TITLE, "How PostgreSQL keeps old row versions around, and when vacuum removes them.", "Every update writes a new row version; vacuum reclaims the old ones once no transaction can see them.", ["postgresql", "mvcc", "vacuum"]],
    );
    const id = inserted.rows[0]?.id ?? (await client.query<{ id: string }>("select id from links where normalized_url = $1", [LONG_URL])).rows[0]!.id;
    // Enough views this week to be first on /trending.
    await client.query("insert into share_views (link_id, visitor, day) select $1, 'sweep-' || g, current_date from generate_series(1, 5000) g on conflict do nothing", [id]);
    return id;
  });
});

type Visit = { name: string; path: () => string; then?: (page: Page) => Promise<unknown>; status?: number };

const MARKETING: Visit[] = [
  { name: "home", path: () => "/", then: (page) => expect(page.getByTestId("landing-trending-item").first()).toBeVisible() },
  { name: "features", path: () => "/features" },
  { name: "pricing", path: () => "/pricing" },
  { name: "get-started", path: () => "/get-started" },
  {
    name: "help-center-search",
    path: () => "/help-center",
    then: async (page) => {
      await page.getByLabel("Search the help center").fill("export pdf");
      await page.getByTestId("help-results").locator("summary").first().click();
      await expect(page.getByTestId("help-results").locator("details[open]")).toHaveCount(1);
    },
  },
  { name: "contact", path: () => "/contact" },
  { name: "documentation", path: () => "/documentation" },
];

const LEGAL_AND_COMMUNITY: Visit[] = [
  { name: "privacy-policy", path: () => "/privacy-policy" },
  { name: "terms-of-service", path: () => "/terms-of-service" },
  {
    name: "cookie-policy-dialog",
    path: () => "/cookie-policy",
    then: async (page) => {
      await page.getByRole("button", { name: "Manage Cookie Preferences" }).click();
      await expect(page.getByRole("dialog")).toBeVisible();
    },
  },
  { name: "trending", path: () => "/trending", then: (page) => expect(page.getByTestId("trending-card").first()).toContainText(LONG_TITLE) },
  { name: "share", path: () => `/share/${sharedId}`, then: (page) => expect(page.getByRole("heading", { level: 1 })).toHaveText(LONG_TITLE) },
  { name: "share-gone", path: () => "/share/00000000-0000-0000-0000-000000000000", status: 404 },
  { name: "not-found", path: () => "/assets/missing.js", status: 404 },
  { name: "dev-outbox", path: () => "/dev/outbox" },
];

const ACCOUNT: Visit[] = [
  { name: "login", path: () => "/login" },
  {
    name: "login-forgot",
    path: () => "/login",
    then: async (page) => {
      await page.getByRole("button", { name: "Forgot your password?" }).click();
      await expect(page.getByRole("button", { name: "Send Reset Link" })).toBeVisible();
    },
  },
  { name: "register", path: () => "/register" },
  { name: "reset-password-invalid", path: () => "/reset-password" },
  { name: "reset-password-token", path: () => "/reset-password?email=someone%40example.com&token=abc", then: (page) => expect(page.getByLabel("New password", { exact: true })).toBeVisible() },
  { name: "confirm-email", path: () => "/confirm-email?userId=00000000-0000-0000-0000-000000000000&token=abc", then: (page) => expect(page.getByRole("alert")).toBeVisible() },
];

/**
 * Loads one page state and runs every check on it; a failure is collected rather than thrown, so
 * one run lists every page and every check that fails.
 */
async function check(page: Page, visit: Visit, width: number, theme: string, failures: string[]) {
  const attempt = async (what: string, run: () => Promise<unknown>) => {
    try {
      await run();
      return true;
    } catch (error) {
      failures.push(`${visit.name}, ${what}: ${error instanceof Error ? error.message : String(error)}`);
      return false;
    }
  };
  const loaded = await attempt("load", async () => {
    const response = await page.goto(visit.path());
    expect(response?.status(), visit.name).toBe(visit.status ?? 200);
    await expect(page.getByRole("heading", { level: 1 }), visit.name).toHaveCount(1);
    if (theme === "dark") await expect(page.locator("html")).toHaveClass(/dark/);
    await visit.then?.(page);
  });
  if (!loaded) return;
  // The full rule set in the first theme; in the other, the rules a theme can change (colour).
  const colourOnly = theme !== THEMES[0];
  if (width === DESKTOP.width) {
    await screenshot(page, visit, width, theme);
    await attempt("width", () => expectNoSidewaysScroll(page));
    await attempt("axe", () => expectNoAxeViolations(page, { colourOnly }));
    await attempt("headings", () => expectHeadingsInOrder(page));
    return;
  }
  await attempt("axe and targets", () => expectNoAxeViolations(page, { targets: true, colourOnly }));
  await attempt("width", () => expectFitsPhones(page));
  if (process.env.SWEEP_SCREENSHOTS) {
    for (const phone of PHONE_WIDTHS) {
      await page.setViewportSize({ width: phone, height: PHONE.height });
      await screenshot(page, visit, phone, theme);
    }
    await page.setViewportSize(PHONE);
  }
}

async function screenshot(page: Page, visit: Visit, width: number, theme: string) {
  if (process.env.SWEEP_SCREENSHOTS) await page.screenshot({ path: `${process.env.SWEEP_SCREENSHOTS}/${visit.name}-${width}-${theme}.png`, fullPage: true });
}

const openMenu = async (page: Page) => {
  await page.getByRole("button", { name: "Menu" }).click();
  await expect(page.locator("#mobile-menu")).toBeVisible();
};

// Each group is one test per theme and width, short enough for a busy machine.
const GROUPS: Array<[string, (page: Page, width: number, theme: string, failures: string[]) => Promise<void>]> = [
  ["marketing pages", async (page, width, theme, failures) => {
    for (const visit of MARKETING) await check(page, visit, width, theme, failures);
  }],
  ["legal, trending, shared and missing pages", async (page, width, theme, failures) => {
    for (const visit of LEGAL_AND_COMMUNITY) await check(page, visit, width, theme, failures);
  }],
  ["account pages, signed out and in", async (page, width, theme, failures) => {
    for (const visit of ACCOUNT) await check(page, visit, width, theme, failures);
    if (width < DESKTOP.width) await check(page, { name: "menu-signed-out", path: () => "/", then: openMenu }, width, theme, failures);
    // The landing page and a shared link as a signed-in (and not yet confirmed) visitor sees them.
    await signUp(page, `sweep-${theme}-${width}-${Date.now()}@example.com`, "sweep-password");
    await check(page, { name: "home-signed-in", path: () => "/" }, width, theme, failures);
    await check(page, { name: "share-signed-in", path: () => `/share/${sharedId}` }, width, theme, failures);
    if (width < DESKTOP.width) await check(page, { name: "menu-signed-in", path: () => "/", then: openMenu }, width, theme, failures);
  }],
];

for (const theme of THEMES) {
  for (const { width, height } of [PHONE, DESKTOP]) {
    test.describe(`${theme}, ${width === DESKTOP.width ? `${width} px` : `phones (${PHONE_WIDTHS.join(" and ")} px)`}`, () => {
      test.use({ viewport: { width, height } });
      test.beforeEach(({ page }) => useTheme(page, theme));

      for (const [name, run] of GROUPS) {
        test(`${name} fit, pass axe and have big enough targets`, async ({ page }) => {
          test.setTimeout(180_000);
          const failures: string[] = [];
          await run(page, width, theme, failures);
          expect(failures, failures.join("\n\n")).toEqual([]);
        });
      }
    });
  }
}

/** WCAG's contrast ratio of two sRGB colours. */
function contrast(a: number[], b: number[]) {
  const lum = ([r, g, b]: number[]) =>
    [r!, g!, b!].map((c) => (c / 255 <= 0.03928 ? c / 255 / 12.92 : ((c / 255 + 0.055) / 1.055) ** 2.4)).reduce((sum, c, i) => sum + c * [0.2126, 0.7152, 0.0722][i]!, 0);
  const [hi, lo] = [lum(a), lum(b)].sort((x, y) => y - x);
  return (hi! + 0.05) / (lo! + 0.05);
}

/**
 * The focused element's ring (an outline, or the widest box-shadow ring) and what it sits on: the
 * first opaque background behind the element, or the ring offset's colour when there is one.
 */
async function focusRing(control: Locator) {
  return control.evaluate((el) => {
    const rgba = (text: string) => (text.match(/[\d.]+/g) ?? []).map(Number);
    const style = getComputedStyle(el);
    let behind = [255, 255, 255];
    for (let node = el.parentElement; node; node = node.parentElement) {
      const bg = rgba(getComputedStyle(node).backgroundColor);
      if (bg.length === 3 || (bg.length === 4 && bg[3]! > 0.9)) {
        behind = bg.slice(0, 3);
        break;
      }
    }
    if (style.outlineStyle !== "none" && parseFloat(style.outlineWidth) >= 2) return { ring: rgba(style.outlineColor), width: parseFloat(style.outlineWidth), behind };
    // "rgb(r, g, b) 0px 0px 0px 2px, rgb(r, g, b) 0px 0px 0px 4px, …": the offset then the ring.
    const shadows = [...style.boxShadow.matchAll(/(rgba?\([^)]*\))\s+(-?[\d.]+)px\s+(-?[\d.]+)px\s+(-?[\d.]+)px\s+(-?[\d.]+)px/g)].map((m) => ({ colour: rgba(m[1]!), spread: Number(m[5]) }));
    const visible = shadows.filter((s) => s.spread > 0 && (s.colour[3] ?? 1) > 0);
    if (visible.length === 0) return { ring: null, width: 0, behind };
    const ring = visible.reduce((a, b) => (b.spread > a.spread ? b : a));
    const offset = visible.filter((s) => s.spread < ring.spread).reduce<(typeof visible)[number] | null>((a, b) => (!a || b.spread > a.spread ? b : a), null);
    return { ring: ring.colour, width: ring.spread - (offset?.spread ?? 0), behind: offset ? offset.colour.slice(0, 3) : behind };
  });
}

for (const theme of THEMES) {
  test(`keyboard focus shows a ring with real contrast in the ${theme} theme`, async ({ page }) => {
    await useTheme(page, theme);
    await page.setViewportSize({ width: 390, height: 800 });
    const controls: Array<[string, (page: Page) => Locator]> = [
      ["/login", (p) => p.getByLabel("Email")],
      ["/login", (p) => p.getByRole("button", { name: "Sign In" })],
      ["/login", (p) => p.getByRole("link", { name: "Create an account" })],
      ["/help-center", (p) => p.getByLabel("Search the help center")],
      ["/contact", (p) => p.getByLabel("Subject")],
      ["/trending", (p) => p.getByLabel("Category")],
      ["/", (p) => p.getByRole("button", { name: "Menu" })],
      ["/", (p) => p.getByRole("contentinfo").getByRole("link", { name: "Privacy Policy" })],
    ];
    for (const [path, find] of controls) {
      if (new URL(page.url(), "http://x").pathname !== path || page.url() === "about:blank") await page.goto(path);
      const control = find(page);
      await control.scrollIntoViewIfNeeded();
      // Reach it by keyboard: focus what comes before it, then Tab, so :focus-visible applies.
      await control.evaluate((el) => {
        const all = [...document.querySelectorAll<HTMLElement>("a[href], button, input, select, textarea, [tabindex]")].filter((e) => e.tabIndex >= 0 && !(e as HTMLButtonElement).disabled && e.offsetParent !== null);
        const before = all[all.indexOf(el as HTMLElement) - 1];
        if (before) before.focus();
        else document.body.focus();
      });
      await page.keyboard.press("Tab");
      await expect(control, `${path}: tabbing reaches it`).toBeFocused();
      const { ring, width, behind } = await focusRing(control);
      const name = `${path} ${await control.evaluate((el) => el.outerHTML.slice(0, 80))}`;
      expect(ring, `${name}: no focus ring`).not.toBeNull();
      expect(width, `${name}: ring width`).toBeGreaterThanOrEqual(2);
      expect(ring![3] ?? 1, `${name}: ring is see-through`).toBeGreaterThan(0.9);
      expect(contrast(ring!.slice(0, 3), behind), `${name}: ring rgb(${ring}) on rgb(${behind})`).toBeGreaterThanOrEqual(3);
    }
  });
}

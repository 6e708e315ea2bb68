import { expect, test, type Locator, type Page } from "@playwright/test";
import { E2E_ADMIN, E2E_CREATOR, signIn, signUp } from "./helpers";

// Dates were written three ways (the bell in the browser's default, the users list in the server's
// zone, the jobs console in UTC). Every screen now shows the person's own locale and zone, with the
// exact UTC instant in the <time>'s title. Kathmandu (UTC+5:45) cannot pass for UTC or for the
// server's zone, and German dates cannot pass for English ones.
const LOCALE = "de-DE";
const ZONE = "Asia/Kathmandu";
test.use({ locale: LOCALE, timezoneId: ZONE });

const STYLES: Intl.DateTimeFormatOptions[] = [{ dateStyle: "medium" }, { dateStyle: "long" }, { dateStyle: "medium", timeStyle: "short" }, { dateStyle: "medium", timeStyle: "medium" }, { timeStyle: "medium" }];
const local = (iso: string) => STYLES.map((style) => new Intl.DateTimeFormat(LOCALE, { ...style, timeZone: ZONE }).format(new Date(iso)));
const utc = (iso: string) => `${new Date(iso).toISOString().slice(0, 10)} ${new Date(iso).toISOString().slice(11, 19)} UTC`;

/** Every date in scope is a <time> in the person's locale and zone, its title the UTC instant. */
async function expectLocalTimes(scope: Locator, atLeast: number) {
  const times = scope.locator("time[datetime]");
  await expect(times.nth(atLeast - 1)).toBeAttached();
  for (const time of await times.all()) {
    // The instant and its text read together: a live stamp (a worker's last beat) moves between two reads.
    const read = () => time.evaluate((el) => ({ iso: el.getAttribute("datetime")!, text: (el as HTMLElement).innerText.trim(), title: el.getAttribute("title") }));
    let last = await read();
    await expect
      .poll(
        async () => {
          last = await read();
          return local(last.iso).includes(last.text) && last.title === utc(last.iso);
        },
        { message: `a <time> shown as "${last.text}" (${last.iso}, title ${last.title})` },
      )
      .toBe(true);
  }
}

function hydrationErrors(page: Page) {
  const errors: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error" && /hydrat|did not match|#418|#423|#425/i.test(message.text())) errors.push(message.text());
  });
  page.on("pageerror", (error) => {
    if (/hydrat|did not match|#418|#423|#425/i.test(error.message)) errors.push(error.message);
  });
  return errors;
}

test("the bell and the settings show dates in the person's locale and time zone", async ({ page }) => {
  const errors = hydrationErrors(page);
  await signUp(page, `dates-${Date.now()}@example.com`, "dates-password");
  await page.goto("/dashboard");
  const nav = page.getByRole("navigation", { name: "Main" });
  await nav.getByRole("button", { name: /Notifications/ }).click();
  await expect(page.getByText("Welcome to Linkwise!")).toBeVisible();
  await expectLocalTimes(nav, 1);

  await page.goto("/settings");
  await expectLocalTimes(page.getByTestId("settings-sessions"), 1);
  expect(errors).toEqual([]);
});

test("the admin's users list, activity and jobs console use the same local dates, UTC in the title", async ({ page }) => {
  const errors = hydrationErrors(page);
  await signIn(page, E2E_ADMIN);

  await page.goto("/admin");
  // The list shows Scout and Creator users (the spec's admin screen).
  const row = page.getByTestId("user-row").filter({ hasText: E2E_CREATOR.email });
  // Joined (Last active too, unless it reads Never).
  await expectLocalTimes(row, 1);
  // The "as of" line and the users list (the activity feed's entries too, when there are any).
  await expectLocalTimes(page.locator("main"), 2);

  await page.goto("/admin/jobs");
  await expect(page.getByTestId("worker-row").first()).toBeVisible();
  // The "as of" stamp and each worker's start and last beat.
  await expectLocalTimes(page.locator("main"), 3);
  expect(errors).toEqual([]);
});

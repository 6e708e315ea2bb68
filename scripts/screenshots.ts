/**
 * `npm run screenshots`: the dashboard of a Creator with a library of SCREENSHOTS_LINKS (10,000)
 * links, at a phone's width (390 px) and a desktop's (1280 px), in the light and the dark theme,
 * saved as docs/screenshots/dashboard-{phone,desktop}-{light,dark}.png (the window, not the whole
 * page, so each stays small). The library is loaded through the database as the bench's is
 * (scripts/lib/showcase-library.ts), not through the API. Starts the built app (rebuilding it when
 * stale) on a throwaway database and Redis prefix, as `npm run bench` does, and removes them afterwards.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { mkdirSync, statSync } from "node:fs";
import { setTimeout as sleep } from "node:timers/promises";
import { chromium } from "@playwright/test";
import { Redis } from "ioredis";
import { createDb } from "../app/server/platform/db.server";
import { createTestDatabase, dropTestDatabase, uniqueName } from "../tests/helpers/test-database";
import { buildIfStale } from "./lib/build-state";
import { freePort } from "./lib/free-port";
import { SHOWCASE_PAGES, seedShowcaseLibrary } from "./lib/showcase-library";

const OUT = "docs/screenshots";
const ACCOUNT = { email: "maya@example.com", password: "screenshots-password" };
const LINKS = Number(process.env.SCREENSHOTS_LINKS ?? 10_000);
const redisUrl = process.env.TEST_REDIS_URL ?? "redis://127.0.0.1:6379";

buildIfStale(process.cwd(), (line) => console.log(`screenshots: ${line}`));
const database = await createTestDatabase("screenshots");
const prefix = uniqueName("screenshots");
const port = await freePort();
const base = `http://127.0.0.1:${port}`;
const db = createDb(database.url, 2);
let web: ChildProcess | undefined;

async function seed() {
  const started = performance.now();
  await seedShowcaseLibrary(db, { ...ACCOUNT, links: LINKS });
  console.log(`screenshots: loaded a library of ${LINKS} links in ${((performance.now() - started) / 1000).toFixed(1)} s`);
}

async function cleanup() {
  if (web && web.exitCode === null) {
    const exited = new Promise((resolve) => web!.once("exit", resolve));
    web.kill("SIGTERM");
    await exited;
  }
  await db.destroy();
  await dropTestDatabase(database.name);
  const redis = new Redis(redisUrl);
  const keys = await redis.keys(`${prefix}:*`);
  if (keys.length) await redis.del(...keys);
  redis.disconnect();
}

try {
  await seed();
  web = spawn(process.execPath, ["scripts/run.js", "web"], {
    env: {
      ...process.env,
      NODE_ENV: "production",
      LOG_LEVEL: "warn",
      PORT: String(port),
      DATABASE_URL: database.url,
      REDIS_URL: redisUrl,
      REDIS_PREFIX: prefix,
      SESSION_SECRET: "screenshots-session-secret-0123456789abcdef",
    },
    stdio: ["ignore", "ignore", "inherit"],
  });
  // Up to two minutes: on a shared, loaded machine the server's start alone has taken over 30 s.
  for (let i = 0; ; i++) {
    if (await fetch(`${base}/api/status`).then(() => true, () => false)) break;
    if (i > 1200 || web.exitCode !== null) throw new Error("the web server did not start");
    await sleep(100);
  }
  mkdirSync(OUT, { recursive: true });
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium", args: ["--no-sandbox", "--disable-gpu"] });
  try {
    for (const [form, viewport] of [
      ["phone", { width: 390, height: 844 }],
      ["desktop", { width: 1280, height: 900 }],
    ] as const) {
      for (const theme of ["light", "dark"] as const) {
        const context = await browser.newContext({ viewport, deviceScaleFactor: 1, colorScheme: theme, baseURL: base });
        // The theme the header's toggle would store.
        await context.addInitScript((value) => localStorage.setItem("theme", value), theme);
        // Minutes, not seconds, on a loaded machine: signing in, then the first render of a 10,000-link library.
        context.setDefaultTimeout(180_000);
        const page = await context.newPage();
        await page.goto("/login");
        await page.getByLabel("Email", { exact: true }).fill(ACCOUNT.email);
        await page.getByLabel("Password", { exact: true }).fill(ACCOUNT.password);
        await page.getByRole("button", { name: "Sign In" }).click();
        await page.waitForURL("**/dashboard");
        await page.getByTestId("link-row").nth(SHOWCASE_PAGES.length - 1).waitFor();
        // The sidebar's tags (a desktop's; a phone's sidebar is a closed drawer) come after the page.
        await page.getByText("Loading tags…").waitFor({ state: "detached" });
        await page.evaluate(() => document.fonts.ready);
        const file = `${OUT}/dashboard-${form}-${theme}.png`;
        await page.screenshot({ path: file });
        console.log(`${file} ${Math.round(statSync(file).size / 1024)} KB`);
        await context.close();
      }
    }
  } finally {
    await browser.close();
  }
} finally {
  await cleanup();
}

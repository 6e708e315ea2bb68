import { randomBytes } from "node:crypto";
import { existsSync } from "node:fs";
import { defineConfig, devices } from "@playwright/test";
import { freePortsSync } from "./scripts/lib/free-port";

// The built app with a real worker, on a database and Redis prefix of its own (tests/e2e/serve.ts),
// on free ports (or E2E_PORT / E2E_PAGES_PORT) so runs never collide with other programs. Chosen
// once, in the runner: its worker processes inherit them through the environment.
if (!process.env.E2E_PORT || !process.env.E2E_PAGES_PORT) {
  const [webPort, pagesPort] = freePortsSync(2);
  process.env.E2E_PORT ||= String(webPort);
  process.env.E2E_PAGES_PORT ||= String(pagesPort);
}
// The database's name and Redis prefix too, so a spec can arrange what no page can (a month's
// usage, a paid period that has ended) on the very data the server uses (tests/e2e/db.ts).
process.env.E2E_DATABASE_NAME ||= `linkwise_e2e_${process.pid}_${randomBytes(3).toString("hex")}`;
process.env.E2E_REDIS_PREFIX ||= `linkwise_e2e_${process.pid}_${randomBytes(3).toString("hex")}`;
const port = Number(process.env.E2E_PORT);
const baseURL = `http://127.0.0.1:${port}`;

function testBrowser(): string {
  if (process.env.E2E_CHROMIUM_PATH) return process.env.E2E_CHROMIUM_PATH;
  // The binary itself, not the /usr/bin wrapper script that stays between Playwright and it.
  if (existsSync("/usr/lib/chromium/chromium-headless-shell")) return "/usr/lib/chromium/chromium-headless-shell";
  return process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
}

export default defineConfig({
  testDir: "tests/e2e",
  outputDir: "test-results",
  workers: 2,
  retries: 0,
  forbidOnly: true,
  // Journeys sign up, save and wait for the worker: on a loaded two-core machine one can need a minute.
  timeout: 60_000,
  // A shared two-core machine: states can take longer than Playwright's 5 s default to show.
  expect: { timeout: 10_000 },
  reporter: [["list"], ["json", { outputFile: process.env.E2E_REPORT ?? "tests/.artifacts/e2e.json" }]],
  use: {
    ...devices["Desktop Chrome"],
    baseURL,
    // A failed test keeps its trace (actions, DOM snapshots, network); without the screencast,
    // whose frames every test paid for, passed or not, on a machine whose CPU is the limit.
    trace: { mode: "retain-on-failure", screenshots: false },
    // Spinners that spin for minutes cost the browser frames on a machine the suite shares;
    // the pages honour the setting (app/tailwind.css), and what a test checks does not move.
    reducedMotion: "reduce",
    launchOptions: {
      // Debian's Chromium: no browser download on these machines. Its headless shell when installed
      // (.ci/run installs it): the same engine without the full browser's compositor and GPU
      // process, which took 40% of the tier's CPU (docs/testing.md).
      executablePath: testBrowser(),
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-quic",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
      ],
    },
  },
  projects: [
    { name: "app", testIgnore: /\.global\.spec\.ts$/ },
    // Specs that change what the whole instance does (feature flags, the sales state) run after
    // every other spec has finished, and one at a time: the flags spec switching the quiz off must
    // not run while the sales spec asks which plan unlocks the quiz.
    { name: "instance-wide", testMatch: /\.global\.spec\.ts$/, dependencies: ["app"], workers: 1 },
  ],
  webServer: {
    command: "node --import tsx tests/e2e/serve.ts",
    url: `${baseURL}/api/status`,
    env: {
      E2E_PORT: String(port),
      E2E_PAGES_PORT: process.env.E2E_PAGES_PORT!,
      E2E_DATABASE_NAME: process.env.E2E_DATABASE_NAME,
      E2E_REDIS_PREFIX: process.env.E2E_REDIS_PREFIX,
    },
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: process.env.E2E_VERBOSE ? "pipe" : "ignore",
    gracefulShutdown: { signal: "SIGTERM", timeout: 30_000 },
  },
});

/**
 * `npm run screenshots`: the dashboard of a Creator with ten enriched links, at a phone's width
 * (390 px) and a desktop's (1280 px), in the light and the dark theme, saved as
 * docs/screenshots/dashboard-{phone,desktop}-{light,dark}.png (the window, not the whole page,
 * so each stays small). Starts the built app (rebuilding it when stale) on a throwaway database
 * and Redis prefix, as `npm run bench` does, and removes them afterwards.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { mkdirSync, statSync } from "node:fs";
import { setTimeout as sleep } from "node:timers/promises";
import { chromium } from "@playwright/test";
import { Redis } from "ioredis";
import { hashPassword } from "../app/server/accounts/password.server";
import { createDb } from "../app/server/platform/db.server";
import { markArtifactReady, upsertPendingArtifact } from "../app/server/repos/artifacts.server";
import { insertLink } from "../app/server/repos/links.server";
import { insertUser } from "../app/server/repos/users.server";
import { createTestDatabase, dropTestDatabase, uniqueName } from "../tests/helpers/test-database";
import { buildIfStale } from "./lib/build-state";
import { freePort } from "./lib/free-port";

const OUT = "docs/screenshots";
const ACCOUNT = { email: "maya@example.com", password: "screenshots-password" };
const redisUrl = process.env.TEST_REDIS_URL ?? "redis://127.0.0.1:6379";

/** A library as a reader would have it: title, site, category, tags, summary (newest last). */
const LIBRARY: Array<[title: string, host: string, category: string, tags: string[], summary: string]> = [
  ["How Postgres Indexes Work", "use-the-index-luke.com", "programming", ["postgres", "indexes", "performance"], "B-tree indexes keep keys sorted so lookups, ranges and ORDER BY avoid full scans. Composite indexes serve queries on their leading columns; covering indexes answer from the index alone."],
  ["A Complete Guide to CSS Grid", "css-tricks.com", "web", ["css", "grid", "layout"], "Grid lays out rows and columns at once: define tracks on the container, place items by line or area, and let auto-fit with minmax() make responsive galleries without media queries."],
  ["Designing Data-Intensive Applications: Replication", "dataintensive.net", "programming", ["replication", "distributed-systems"], "Leaders, followers and leaderless replication trade consistency for availability in different ways; replication lag explains most of the surprises users see."],
  ["The Twelve-Factor App", "12factor.net", "devtools", ["deployment", "configuration"], "Config in the environment, stateless processes, logs as event streams: twelve rules that make a web service easy to deploy, scale and move between clouds."],
  ["Prompt Engineering Patterns That Actually Work", "simonwillison.net", "ai", ["llm", "prompts"], "Give the model examples, ask for structured output, and check the answer with code. Most failures come from vague instructions, not from the model."],
  ["Refactoring UI: Hierarchy Is Everything", "refactoringui.com", "design", ["design", "typography", "ui"], "Not every element is equally important: use weight, colour and size to de-emphasise secondary content instead of making the primary content louder."],
  ["Getting Things Done in a Noisy Inbox", "zenhabits.net", "productivity", ["email", "focus"], "Process the inbox to zero twice a day: delete, delegate, defer or do. Anything under two minutes gets done at once."],
  ["Understanding React Hooks", "react.dev", "web", ["react", "hooks", "javascript"], "Hooks let function components keep state and run effects. Call them at the top level, list every dependency, and move shared logic into custom hooks."],
  ["Positioning: How to Stand Out in a Crowded Market", "aprildunford.com", "marketing", ["positioning", "strategy"], "Start from your best customers and the alternatives they would use without you; your unique attributes and the value they enable define the market you win in."],
  ["Attention Is All You Need, Explained", "jalammar.github.io", "ai", ["transformers", "machine-learning", "nlp"], "Self-attention lets every token look at every other token in one step. Stacked with feed-forward layers and positional encodings, it replaced recurrence in modern language models."],
];

const QUIZ = {
  questions: Array.from({ length: 5 }, (_, i) => ({
    question: `Question ${i + 1}: what does a B-tree index keep sorted?`,
    options: ["The keys", "The table", "The log", "Nothing"],
    answerIndex: 0,
    explanation: "Sorted keys make lookups and ranges fast.",
  })),
};

buildIfStale(process.cwd(), (line) => console.log(`screenshots: ${line}`));
const database = await createTestDatabase("screenshots");
const prefix = uniqueName("screenshots");
const port = await freePort();
const base = `http://127.0.0.1:${port}`;
const db = createDb(database.url, 2);
let web: ChildProcess | undefined;

async function seed() {
  const user = await insertUser(db, { email: ACCOUNT.email, password_hash: await hashPassword(ACCOUNT.password), role: "ProUser", email_confirmed: true });
  for (const [index, [title, host, category, tags, summary]] of LIBRARY.entries()) {
    const url = `https://${host}/${title.toLowerCase().replace(/[^a-z0-9]+/g, "-").replace(/^-|-$/g, "")}`;
    const at = new Date(Date.now() - (LIBRARY.length - index) * 3_600_000);
    const link = await insertLink(db, {
      user_id: user.id,
      url,
      normalized_url: url,
      status: "enriched",
      title,
      description: /^[^.]*\./.exec(summary)?.[0] ?? summary,
      favicon: null,
      summary,
      tags,
      category,
      reading_minutes: 4 + index,
      enrichment_engine: "local/extractive-v1",
      enriched_at: at,
      saved_at: at,
      created_at: at,
      updated_at: at,
    });
    if (index === 0) {
      const quiz = await upsertPendingArtifact(db, { linkId: link.id, userId: user.id, kind: "quiz", variant: "" });
      await markArtifactReady(db, quiz.id, { payload: QUIZ, engine: "local/extractive-v1" });
    }
  }
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
  web = spawn(process.execPath, ["--import", "tsx", "scripts/web.ts"], {
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
  for (let i = 0; ; i++) {
    if (await fetch(`${base}/api/status`).then(() => true, () => false)) break;
    if (i > 300 || web.exitCode !== null) throw new Error("the web server did not start");
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
        const page = await context.newPage();
        await page.goto("/login");
        await page.getByLabel("Email", { exact: true }).fill(ACCOUNT.email);
        await page.getByLabel("Password", { exact: true }).fill(ACCOUNT.password);
        await page.getByRole("button", { name: "Sign In" }).click();
        await page.waitForURL("**/dashboard", { timeout: 30_000 });
        await page.getByTestId("link-row").nth(LIBRARY.length - 1).waitFor();
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

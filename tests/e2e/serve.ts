/**
 * What Playwright starts: a fresh migrated database, the built web server and one
 * worker, on a Redis key prefix of their own. SIGTERM stops them and drops the data.
 */
import { readFileSync } from "node:fs";
import { createServer } from "node:http";
import { setTimeout as sleep } from "node:timers/promises";
import { Redis } from "ioredis";
import { startChild, stopChildren, type Supervised } from "../../scripts/lib/supervisor";
import { createDb } from "../../app/server/platform/db.server";
import { hashPassword } from "../../app/server/accounts/password.server";
import { seedDemoCommunity } from "../../app/server/seed/demo-seed.server";
import { seedAdminIfEmpty } from "../../app/server/seed/seed.server";
import { createTestDatabase, dropTestDatabase, uniqueName } from "../helpers/test-database";
import { E2E_ADMIN, E2E_CREATOR } from "./helpers";

// Ports come from playwright.config.ts, which picks free ones.
const port = process.env.E2E_PORT;
const pagesPort = process.env.E2E_PAGES_PORT;
if (!port || !pagesPort) throw new Error("E2E_PORT and E2E_PAGES_PORT must be set (playwright.config.ts sets them).");
// Like the web server and worker below: the seeded passwords get the cheaper test hash too.
process.env.NODE_ENV = "test";
const redisUrl = process.env.TEST_REDIS_URL ?? "redis://127.0.0.1:6379";
const database = await createTestDatabase("e2e", process.env.E2E_DATABASE_NAME ? { name: process.env.E2E_DATABASE_NAME } : {});
const prefix = process.env.E2E_REDIS_PREFIX ?? uniqueName("e2e");

const db = createDb(database.url, 1);
await seedAdminIfEmpty(db, E2E_ADMIN);
// A Creator (ProUser), as a completed checkout would leave one.
await db
  .insertInto("users")
  .values({ email: E2E_CREATOR.email, password_hash: await hashPassword(E2E_CREATOR.password), role: "ProUser", email_confirmed: true })
  .execute();
await seedDemoCommunity(db);
await db.destroy();

// Pages for the worker to crawl; the article answers after a moment so "Processing" is visible.
// /flaky/<name> answers 404 until /recover/<name> is asked for, then the article: a page whose
// fault a test can fix.
const recovered = new Set<string>();
// /members?… shows its article only with the cookie member=yes (a signed-in reader) and adds a
// paragraph by script; anyone else gets a sign-in wall. /seen?url=… tells who asked for that
// address (user agents), so extension.spec.ts can show the worker never fetched a captured page.
const seen = new Map<string, string[]>();
const MEMBERS_ARTICLE =
  "<!doctype html><html lang=\"en\"><head><title>Reading tide tables like a harbour pilot</title></head><body><article><h1>Reading tide tables like a harbour pilot</h1>" +
  Array.from({ length: 10 }, (_, i) => `<p>Part ${i + 1}: a pilot reads the tide table for the height of water over the bar, the time of slack water and the set of the stream before bringing a ship in.</p>`).join("") +
  "<div id=\"late\"></div><script>document.getElementById('late').innerHTML = '<p>Written by script for members: bioluminescence glows in the wake at the turn of the tide.</p>';</script></article></body></html>";
const SIGN_IN_WALL = "<!doctype html><html lang=\"en\"><head><title>Sign in to keep reading</title></head><body><h1>Sign in to keep reading</h1><p>This article is for members.</p></body></html>";
const pageServer = createServer((req, res) => {
  if (req.url?.startsWith("/members")) {
    seen.set(req.url, [...(seen.get(req.url) ?? []), req.headers["user-agent"] ?? ""]);
    const member = /(?:^|;\s*)member=yes(?:;|$)/.test(req.headers.cookie ?? "");
    return void res.writeHead(200, { "content-type": "text/html; charset=utf-8", "cache-control": "private, no-store" }).end(member ? MEMBERS_ARTICLE : SIGN_IN_WALL);
  }
  if (req.url?.startsWith("/seen?")) {
    const asked = new URL(req.url, "http://x").searchParams.get("url") ?? "";
    return void res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify({ agents: seen.get(asked) ?? [] }));
  }
  // The query is ignored: a test adds one to make an address no other test saved (never in the shared fetch cache).
  const url = (req.url ?? "").split("?")[0]!;
  const control = /^\/recover\/([\w-]+)$/.exec(url);
  if (control) {
    recovered.add(control[1]!);
    return void res.writeHead(204).end();
  }
  // A news page whose reader details (byline, site, date) and lead image the dashboard shows.
  if (url === "/img/bridge.jpg") return void res.writeHead(200, { "content-type": "image/jpeg" }).end(Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(2048, 7)]));
  if (url === "/story") {
    const story = readFileSync("tests/fixtures/pages/corpus/news-harbour-bridge.html", "utf8").replace("https://cdn.dailyherald.test/img/bridge.jpg", `http://127.0.0.1:${pagesPort}/img/bridge.jpg`);
    return void res.writeHead(200, { "content-type": "text/html; charset=utf-8" }).end(story);
  }
  // A feed of two items for the Feeds page (decision 070).
  if (url === "/feed.xml") {
    const item = (n: number, path: string) => `<item><title>Feed item ${n}</title><link>http://127.0.0.1:${pagesPort}${path}?from=feed-${n}</link><guid>feed-e2e-${n}</guid></item>`;
    const rss = `<?xml version="1.0"?><rss version="2.0"><channel><title>E2E feed</title><link>http://127.0.0.1:${pagesPort}/</link>${item(1, "/article")}${item(2, "/react")}</channel></rss>`;
    return void res.writeHead(200, { "content-type": "application/rss+xml" }).end(rss);
  }
  const flaky = /^\/flaky\/([\w-]+)$/.exec(url);
  const page = flaky
    ? recovered.has(flaky[1]!)
      ? "postgres-indexes.html"
      : undefined
    : { "/article": "postgres-indexes.html", "/react": "react-hooks.html" }[url];
  if (!page) return void res.writeHead(404).end("not found");
  setTimeout(() => res.writeHead(200, { "content-type": "text/html; charset=utf-8" }).end(readFileSync(`tests/fixtures/pages/${page}`)), 1_500);
});
await new Promise<void>((resolve) => pageServer.listen(Number(pagesPort), "127.0.0.1", resolve));

const env: NodeJS.ProcessEnv = {
  ...process.env,
  // Not "production": the dev outbox at /dev/outbox is readable by the tests.
  NODE_ENV: "test" as const,
  PORT: port,
  DATABASE_URL: database.url,
  REDIS_URL: redisUrl,
  REDIS_PREFIX: prefix,
  HEARTBEAT_INTERVAL_MS: "5000",
  SESSION_SECRET: "e2e-session-secret-0123456789abcdef",
  FETCH_ALLOWLIST: `127.0.0.1:${pagesPort}`,
  // Every spec signs up from 127.0.0.1; the limits themselves are covered by the integration tests.
  RATE_LIMIT_MULTIPLIER: "100",
};
const children: Supervised[] = [
  startChild("web", 0, process.execPath, ["scripts/run.js", "web"], env),
  startChild("worker", 1, process.execPath, ["scripts/run.js", "worker"], env),
];

let stopping = false;
async function stop() {
  if (stopping) return;
  stopping = true;
  await stopChildren(children, 20_000);
  pageServer.close();
  await dropTestDatabase(database.name).catch((error) => console.error(error));
  const redis = new Redis(redisUrl, { maxRetriesPerRequest: 1 });
  const keys = await redis.keys(`${prefix}:*`).catch(() => []);
  if (keys.length) await redis.del(...keys);
  redis.disconnect();
  process.exit(0);
}
process.on("SIGTERM", stop);
process.on("SIGINT", stop);
for (const { name, child } of children) {
  child.once("exit", (code) => {
    if (!stopping) {
      console.error(`${name} exited unexpectedly with ${code}`);
      void stop();
    }
  });
}
// Keep the event loop alive until a signal arrives.
while (!stopping) await sleep(60_000);

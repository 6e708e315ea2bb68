/**
 * `npm run bench`: speed of the link pipeline on this machine, against a throwaway
 * database and Redis prefix, with pages served on loopback.
 *
 *  1. add-endpoint latency: POST /api/links from 50 concurrent clients (no worker running)
 *  2. pipeline throughput: links/s with 1 and with 2 worker processes (pages of 50–300 KB)
 *  3. add→enriched latency: links added at a steady rate while one worker runs
 *  4. admin overview: GET /api/admin/stats and the /admin page over 1,000,000 links
 *  5. operations: links/s with 1, 2 and 4 worker processes, and, with 10,000 failed links among
 *     the 1,000,000, the failures grouped by reason, the /admin/jobs page, and replaying them all
 *  6. library: a Creator with 10,000 links: the /dashboard server render (time and HTML size) and
 *     the Enrichments tab's first page (its requests, sent together as the browser does)
 *  8. search: 1,000,000 links, 100,000 of them one user's, with text from a small corpus: p50/p95 of
 *     typical searches (a word, a phrase, word+tag, -exclude, OR, a date range; by date and by
 *     relevance) through searchLinks, the repository function GET /api/links uses
 *  7. import: a Creator uploads a browser's bookmark file of 10,000 links in 20 folders, each with
 *     TAGS (pages on loopback), with 2 worker processes running; time until all are saved and
 *     enriched, while a link added by hand every second is timed from add to enriched, and by stage
 *     from its job's stamped log; then how many kept every folder, tag and title after enrichment
 *  9. fetch-cache: BENCH_CACHE_USERS users (default 1000) each save the same BENCH_CACHE_PAGES
 *     pages (default 50) on loopback, drained by one worker process with the shared fetch cache
 *     off (FETCH_CACHE_TTL_MS=0) and then on: the pages fetched and the time, each way
 * 10. render: BENCH_RENDER_PAGES (default 100) script-built pages (an empty shell whose script
 *     fetches its article as JSON) through one worker process and its headless browser: pages
 *     per minute, and the browser's RSS (all its processes) and the worker's, peak and median
 * 11. live: BENCH_LIVE_LINKS (default 10,000) bookmarks uploaded through the API, 2 worker processes
 *     running, while the Creator has /dashboard open in a headless Chromium (CHROMIUM_PATH, else the
 *     headless shell as the e2e tier chooses it): the most link rows drawn at once, the most counted
 *     on the "N new links — show" button, DOM nodes at the end, long tasks (count and longest)
 *     while the events arrived, and the import's duration
 *
 * Options: BENCH_ADDS (measured adds in part 1, default 10000, after BENCH_WARMUP_SECONDS of the
 * same load, default 10), BENCH_BACKLOG (links per throughput run, default 3000), BENCH_RATE
 * (links/s in part 3, default 40), BENCH_SECONDS (part 3 duration, default 10), BENCH_ADMIN_LINKS
 * and BENCH_ADMIN_USERS (part 4's data, default 1000000 and 100000), BENCH_ADMIN_REQUESTS (timed
 * requests per endpoint in parts 4 and 5, default 50), BENCH_OPS_BACKLOG (links per scaling run in
 * part 5, default 2000), BENCH_OPS_FAILURES (failed links in part 5, default 10000),
 * BENCH_OPS_REPLAY_SECONDS (how long part 5 waits for the workers to process the replayed
 * failures, default 90), BENCH_LIBRARY_LINKS and BENCH_LIBRARY_REQUESTS (part 6's library size
 * and timed requests, default 10000 and 50), BENCH_CPU_PROF (a folder for CPU profiles),
 * BENCH_SEARCH_LINKS, BENCH_SEARCH_USER_LINKS and BENCH_SEARCH_REQUESTS (part 8's table, the searcher's share
 * of it and timed queries each, default 1000000, 100000 and 30),
 * BENCH_IMPORT_LINKS and BENCH_IMPORT_TIMEOUT_MINUTES (part 7's file size and how long it, and part 11's, may take, default 10000 and 10),
 * BENCH_LIVE_LINKS (part 11's file size, default 10000),
 * BENCH_LANES_IMPORT, BENCH_LANES_SLOW_MS and BENCH_LANES_HAND (part 12: imported script-built pages, how long each one's
 * data takes to arrive, and the pages added by hand meanwhile, default 20, 3000 and 5),
 * BENCH_READABILITY=1 (pages without an <article>, so Readability reads each one), BENCH_PARTS (a comma list of add, pipeline (parts 2 and 3), admin, ops (part 5), library (part
 * 6), search (part 8), fetch-cache (part 9), render (part 10), live (part 11), lanes (part 12); default all but render, live and lanes (they need
 * Chromium): `add` alone for quick comparisons, `admin` for the console alone, `ops` for
 * the operations part alone, `library` for the dashboard alone).
 */
import { spawn, type ChildProcess } from "node:child_process";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { setTimeout as sleep } from "node:timers/promises";
import { Queue } from "bullmq";
import { Redis } from "ioredis";
import { chromium } from "playwright-core";
import { Pool } from "undici";
import { createDb } from "../app/server/platform/db.server";
import { QUEUES } from "../app/server/jobs/queue.server";
import {
  clearBenchFailures,
  countFinishedLinks,
  countLinkStates,
  deleteAllLinks,
  getBackendPid,
  getEnrichmentSpan,
  getSearchPhrase,
  getLinkStatus,
  insertFailedLinks,
  listEnrichmentLatencies,
  listEnrichedTimes,
  listImportedLinks,
  listSearchWordFrequencies,
  loadAdminBenchData,
  loadLibraryBenchData,
  loadSearchBenchData,
  loadSharedPageLinks,
} from "./lib/bench-queries";
import { searchLinks } from "../app/server/repos/link-search.server";
import { CATEGORY_SLUGS } from "../app/lib/categories";
import type { LinkFilter, LinkSort } from "../app/lib/api-schemas";
import { updateUser } from "../app/server/repos/users.server";
import { createTestDatabase, dropTestDatabase, uniqueName } from "../tests/helpers/test-database";
import { descendants } from "../tests/helpers/processes";
import { buildIfStale } from "./lib/build-state";
import { ENTRIES } from "./lib/bundle.js";
import { freePort } from "./lib/free-port";

const ADDS = Number(process.env.BENCH_ADDS ?? 10_000);
// A long-running server has compiled its hot paths and sized its heap: the measured one gets the
// same load for this long first (its first seconds are slower: see docs/performance.md).
const WARMUP_SECONDS = Number(process.env.BENCH_WARMUP_SECONDS ?? 10);
const BACKLOG = Number(process.env.BENCH_BACKLOG ?? 3_000);
const IMPORT_LINKS = Number(process.env.BENCH_IMPORT_LINKS ?? 10_000);
/** How long parts 7 and 11 wait for the import to finish (a busy machine needs longer than the 10 minutes default). */
const IMPORT_TIMEOUT_MS = Number(process.env.BENCH_IMPORT_TIMEOUT_MINUTES ?? 10) * 60_000;
const PARTS = new Set((process.env.BENCH_PARTS ?? "add,pipeline,import,admin,ops,library,search,fetch-cache").split(",").map((part) => part.trim()));
const LIVE_LINKS = Number(process.env.BENCH_LIVE_LINKS ?? 10_000);
const CACHE_USERS = Number(process.env.BENCH_CACHE_USERS ?? 1_000);
const CACHE_PAGES = Number(process.env.BENCH_CACHE_PAGES ?? 50);
const RENDER_PAGES = Number(process.env.BENCH_RENDER_PAGES ?? 100);
const LANES_IMPORT = Number(process.env.BENCH_LANES_IMPORT ?? 20);
const LANES_SLOW_MS = Number(process.env.BENCH_LANES_SLOW_MS ?? 3_000);
const LANES_HAND = Number(process.env.BENCH_LANES_HAND ?? 5);
const ADMIN_LINKS = Number(process.env.BENCH_ADMIN_LINKS ?? 1_000_000);
const ADMIN_USERS = Number(process.env.BENCH_ADMIN_USERS ?? 100_000);
const ADMIN_REQUESTS = Number(process.env.BENCH_ADMIN_REQUESTS ?? 50);
const OPS_BACKLOG = Number(process.env.BENCH_OPS_BACKLOG ?? 2_000);
const OPS_FAILURES = Number(process.env.BENCH_OPS_FAILURES ?? 10_000);
const OPS_REPLAY_SECONDS = Number(process.env.BENCH_OPS_REPLAY_SECONDS ?? 90);
const LIBRARY_LINKS = Number(process.env.BENCH_LIBRARY_LINKS ?? 10_000);
const LIBRARY_REQUESTS = Number(process.env.BENCH_LIBRARY_REQUESTS ?? 50);
/** How many times part 6 pages through the whole library with Load more. */
const LIBRARY_LOAD_MORE_ROUNDS = Number(process.env.BENCH_LIBRARY_LOAD_MORE_ROUNDS ?? 2);
const SEARCH_LINKS = Number(process.env.BENCH_SEARCH_LINKS ?? 1_000_000);
const SEARCH_USER_LINKS = Number(process.env.BENCH_SEARCH_USER_LINKS ?? 100_000);
const SEARCH_REQUESTS = Number(process.env.BENCH_SEARCH_REQUESTS ?? 30);
// A handful of reasons, as a real instance's failures cluster under a few causes.
const FAILURE_REASONS = [
  "The page could not be fetched",
  "The page answered 503",
  "The page took longer than 15 s to answer",
  "The page is not HTML",
  "The page is larger than 5 MB",
];
// Pages without an <article> element, so that Readability reads every one of them (decision 022);
// by default each page's one long <article> is taken by the fast path.
const PAGES_WITHOUT_ARTICLE = process.env.BENCH_READABILITY === "1";
const RATE = Number(process.env.BENCH_RATE ?? 40);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CLIENTS = 50;
const redisUrl = process.env.TEST_REDIS_URL ?? "redis://127.0.0.1:6379";

/** A process's resident memory in MB, and its proportional share (PSS: shared pages divided among their processes); 0 once it is gone. */
function memoryMbOf(pid: number): { rss: number; pss: number } {
  try {
    const rollup = readFileSync(`/proc/${pid}/smaps_rollup`, "utf8");
    const field = (name: string) => Number(new RegExp(`^${name}:\\s+(\\d+)`, "m").exec(rollup)?.[1] ?? 0) / 1024;
    return { rss: field("Rss"), pss: field("Pss") };
  } catch {
    return { rss: 0, pss: 0 };
  }
}

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
}
/** Part 11's browser, chosen as the e2e tier chooses (playwright.config.ts): the headless shell when installed. */
function benchBrowser(): string {
  if (process.env.CHROMIUM_PATH) return process.env.CHROMIUM_PATH;
  if (existsSync("/usr/lib/chromium/chromium-headless-shell")) return "/usr/lib/chromium/chromium-headless-shell";
  return "/usr/bin/chromium";
}
const ms = (value: number) => `${value.toFixed(1)} ms`;

// The production web server serves the Remix build: make it when it is missing or stale.
await buildIfStale(process.cwd(), (line) => console.log(`bench: ${line}`));

// ---- pages of 50–300 KB built from the fixtures' own prose and code
const prose = ["postgres-indexes.html", "react-hooks.html"]
  .map((f) => readFileSync(`tests/fixtures/pages/${f}`, "utf8"))
  .join("\n")
  .match(/<p>[^<]{80,}<\/p>/g)!;
function pageOf(index: number): string {
  const target = (50 + (index % 6) * 50) * 1024;
  const parts = [`<!doctype html><html lang="en"><head><title>Benchmark page ${index}</title><meta name="description" content="Page ${index} of the benchmark"></head><body>${PAGES_WITHOUT_ARTICLE ? '<div class="post">' : "<article>"}<h1>Benchmark page ${index}</h1>`];
  let size = parts[0]!.length;
  for (let i = 0; size < target; i++) {
    const block = i % 7 === 6 ? `<h2>Section ${i}</h2><pre><code class="language-sql">SELECT * FROM links WHERE id = ${i};</code></pre>` : prose[(i + index) % prose.length]!;
    parts.push(block);
    size += block.length;
  }
  parts.push(PAGES_WITHOUT_ARTICLE ? "</div></body></html>" : "</article></body></html>");
  return parts.join("\n");
}
const pages = Array.from({ length: 12 }, (_, i) => pageOf(i));
// Served as bytes encoded once: the page server stands in for other people's sites, whose CPU is
// not ours, and encoding 50–300 KB a request took it about 0.1 ms of this machine's CPU a link.
const pageBytes = pages.map((page) => Buffer.from(page));
// Part 10's script-built pages: one shell, one script, an article per page fetched as JSON.
const spaShell = readFileSync("tests/fixtures/pages/script-shell/index.html", "utf8").replace("/static/app.js", "/spa-app.js");
const spaScript = readFileSync("tests/fixtures/pages/script-shell/app.js", "utf8").replace('"/api/articles/tide-tables.json"', '`/spa-data/${location.pathname.split("/").pop()}.json`');
const spaArticle = JSON.parse(readFileSync("tests/fixtures/pages/script-shell/article.json", "utf8")) as { title: string; paragraphs: string[] };
let spaDataServed = 0;
// Part 12's imported pages: the same shell, whose article arrives LANES_SLOW_MS after it is asked for (a slow site's API).
const slowShell = spaShell.replace("/spa-app.js", "/spa-slow-app.js");
const slowScript = spaScript.replace("/spa-data/", "/spa-slow-data/");
let slowDataAsked = 0;
let slowDataServed = 0;
// The shells' HTML as the site sends it: once per page since the plain fetch hands it to the render.
let spaShellServed = 0;
// Requests for part 9's shared pages (/shared/{n}), counted as the site sees them.
let sharedFetches = 0;
const pageServer = createServer((req, res) => {
  if (req.url?.startsWith("/shared/")) sharedFetches++;
  const slow = /^\/spa-slow(?:\/(\d+)|-app\.js|-data\/(\d+)\.json)/.exec(req.url ?? "");
  if (slow?.[1] !== undefined) return void res.writeHead(200, { "content-type": "text/html; charset=utf-8" }).end(slowShell);
  if (slow?.[2] !== undefined) {
    slowDataAsked++;
    const body = JSON.stringify({ ...spaArticle, title: `${spaArticle.title} (slow ${slow[2]})` });
    return void setTimeout(() => {
      slowDataServed++;
      res.writeHead(200, { "content-type": "application/json" }).end(body);
    }, LANES_SLOW_MS);
  }
  if (slow) return void res.writeHead(200, { "content-type": "text/javascript" }).end(slowScript);
  const spa = /^\/spa(?:\/(\d+)|-app\.js|-data\/(\d+)\.json)/.exec(req.url ?? "");
  if (spa?.[1] !== undefined) spaShellServed++;
  if (spa?.[1] !== undefined) return void res.writeHead(200, { "content-type": "text/html; charset=utf-8" }).end(spaShell);
  if (spa?.[2] !== undefined) {
    spaDataServed++;
    return void res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify({ ...spaArticle, title: `${spaArticle.title} (${spa[2]})` }));
  }
  if (spa) return void res.writeHead(200, { "content-type": "text/javascript" }).end(spaScript);
  const index = Number(/\/(?:page|shared)\/(\d+)/.exec(req.url ?? "")?.[1] ?? 0);
  res.writeHead(200, { "content-type": "text/html; charset=utf-8" }).end(pageBytes[index % pageBytes.length]);
});
await new Promise<void>((resolve) => pageServer.listen(0, "127.0.0.1", resolve));
const pagesPort = (pageServer.address() as AddressInfo).port;

// ---- a web server and workers on their own database and Redis prefix
const database = await createTestDatabase("bench");
const prefix = uniqueName("bench");
const port = await freePort();
const base = `http://127.0.0.1:${port}`;
const env: NodeJS.ProcessEnv = {
  ...process.env,
  NODE_ENV: "production" as const,
  LOG_LEVEL: "warn",
  PORT: String(port),
  DATABASE_URL: database.url,
  REDIS_URL: redisUrl,
  REDIS_PREFIX: prefix,
  SESSION_SECRET: "bench-session-secret-0123456789abcdef",
  FETCH_ALLOWLIST: `127.0.0.1:${pagesPort}`,
  HEARTBEAT_INTERVAL_MS: "3600000",
  DATABASE_POOL_MAX: "20",
};
const children: ChildProcess[] = [];
function start(entry: string, extraEnv: Record<string, string> = {}): ChildProcess {
  // BENCH_CPU_PROF=dir writes a CPU profile of every web and worker process there.
  const profile = process.env.BENCH_CPU_PROF ? ["--cpu-prof", `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`] : [];
  // The bundle operators run (`npm run web`, `npm run worker`: decision 062).
  const bundled = Object.entries(ENTRIES).find(([, source]) => source === entry)![0];
  const child = spawn(process.execPath, [...profile, "scripts/run.js", bundled], { env: { ...env, ...extraEnv }, stdio: ["ignore", "ignore", "inherit"] });
  children.push(child);
  return child;
}
async function stop(child: ChildProcess) {
  if (child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once("exit", resolve));
  child.kill("SIGTERM");
  await exited;
}
const db = createDb(database.url, 4);

async function cleanup() {
  await client?.close();
  await Promise.all(children.map(stop));
  await db.destroy();
  await dropTestDatabase(database.name);
  const redis = new Redis(redisUrl);
  const keys = await redis.keys(`${prefix}:*`);
  if (keys.length) await redis.del(...keys);
  redis.disconnect();
  pageServer.close();
}

// The load generator shares the machine's two cores with the server: undici's request() on a
// keep-alive pool costs a fraction of the CPU that fetch() does per call.
let client: Pool | undefined;
let sequence = 0;
async function add(token: string, path = `/page/${sequence}`): Promise<{ id: string; ms: number }> {
  client ??= new Pool(base, { connections: CLIENTS, pipelining: 1 });
  const url = `http://127.0.0.1:${pagesPort}${path}?n=${sequence++}`;
  const started = performance.now();
  const response = await client.request({
    path: "/api/links",
    method: "POST",
    headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
    body: JSON.stringify({ url }),
  });
  const body = (await response.body.json()) as { id: string };
  if (response.statusCode !== 201) throw new Error(`add answered ${response.statusCode}: ${JSON.stringify(body)}`);
  return { id: body.id, ms: performance.now() - started };
}

async function waitUntilEnriched(total: number, timeoutMs = 300_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const row = await countFinishedLinks(db);
    if (row.done >= total) return row;
    if (Date.now() > deadline) throw new Error(`only ${row.done} of ${total} links done`);
    await sleep(100);
  }
}

/** Polls one link until it is enriched (20 ms steps: the figure is about a second). */
/**
 * A browser's bookmark file of `count` links (pages on loopback) in 20 folders under "Reading
 * list", every link with TAGS of its own (parts 7 and 11).
 */
function bookmarkFile(count: number): string {
  return [
    "<!DOCTYPE NETSCAPE-Bookmark-file-1>",
    "<DL><p>",
    "<DT><H3>Reading list</H3>",
    "<DL><p>",
    ...Array.from({ length: 20 }, (_, folder) => [
      `<DT><H3>Topic ${folder}</H3>`,
      "<DL><p>",
      ...Array.from({ length: Math.ceil(count / 20) }, (_, k) => k * 20 + folder)
        .filter((i) => i < count)
        .map((i) => `<DT><A HREF="http://127.0.0.1:${pagesPort}/page/${i}?import=${i}" TAGS="to-read,week ${i % 7}">Bookmark ${i}</A>`),
      "</DL><p>",
    ]).flat(),
    "</DL><p>",
    "</DL><p>",
  ].join("\n");
}

async function waitForLinkEnriched(id: string, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const status = await getLinkStatus(db, id);
    if (status === "enriched") return;
    if (status === "error") throw new Error(`link ${id} failed`);
    if (Date.now() > deadline) throw new Error(`link ${id} not enriched after ${timeoutMs} ms`);
    await sleep(20);
  }
}

/**
 * Where each hand-added link's time went, from its enrich-link job: the job's own stamped log
 * lines (attempt started, postponed, fetched, parsed, succeeded) and BullMQ's enqueue time.
 * Stages: the add's answer; enqueue → first start (waiting for a worker slot); time postponed
 * (host busy, delayed without an attempt); the wait for a host slot; start → fetched less that
 * wait (cache look-up, fetch); the wait for a parser thread; the parse less that wait; parsed →
 * succeeded (model, icon, store); succeeded → seen by the bench's poll. The slowest
 * link's log is printed whole.
 */
async function handStages(links: Array<{ id: string; addedAt: number; answeredMs: number; enrichedAt: number }>, { polled = true } = {}): Promise<string> {
  const connection = new Redis(redisUrl, { maxRetriesPerRequest: null });
  const queue = new Queue(QUEUES.enrichLink, { connection, prefix });
  const stages: Record<string, number[]> = { answer: [], queued: [], postponed: [], "host slot": [], fetch: [], "parser thread": [], parse: [], store: [], seen: [] };
  let postponements = 0;
  let worst: { total: number; lines: string[] } = { total: -1, lines: [] };
  try {
    for (const link of links) {
      const job = await queue.getJob(link.id);
      if (!job) continue;
      const { logs } = await queue.getJobLogs(link.id, 0, -1);
      const lines = logs.map((line) => ({ at: Date.parse(line.slice(0, 24)), text: line.slice(25) }));
      const at = (pattern: RegExp, last = false) => (last ? lines.findLast : lines.find).call(lines, (l) => pattern.test(l.text))?.at ?? NaN;
      const firstStart = at(/^attempt \d+ of \d+ started/);
      const lastStart = at(/^attempt \d+ of \d+ started/, true);
      const fetched = at(/^(fetched|page from the shared fetch cache)/, true);
      const parsed = at(/^parsed in/, true);
      const succeeded = at(/^attempt \d+ succeeded/, true);
      const postponed = lines.filter((l) => / postponed: /.test(l.text)).length;
      postponements += postponed;
      stages.answer!.push(link.answeredMs);
      stages.queued!.push(firstStart - job.timestamp);
      stages.postponed!.push(lastStart - firstStart);
      const waitOf = (what: string) => Number(new RegExp(`; (\\d+) ms waiting for ${what}`).exec(logs.findLast((line) => line.includes(what)) ?? "")?.[1] ?? 0);
      const slotWait = waitOf("a host slot");
      const threadWait = waitOf("a parser thread");
      stages["host slot"]!.push(slotWait);
      stages.fetch!.push(fetched - lastStart - slotWait);
      stages["parser thread"]!.push(threadWait);
      stages.parse!.push((Number.isNaN(parsed) ? fetched : parsed) - fetched - threadWait);
      stages.store!.push(succeeded - (Number.isNaN(parsed) ? fetched : parsed));
      if (polled) stages.seen!.push(link.enrichedAt - succeeded);
      const total = link.enrichedAt - link.addedAt;
      if (total > worst.total) worst = { total, lines: [`enqueued ${new Date(job.timestamp).toISOString()} (add sent ${new Date(link.addedAt).toISOString()})`, ...logs] };
    }
  } finally {
    await queue.close();
    connection.disconnect();
  }
  console.log(`bench: slowest hand-added link (${worst.total} ms from add to ${polled ? "seen " : ""}enriched):\n  ${worst.lines.join("\n  ")}`);
  const fmt = (values: number[]) => {
    const real = values.filter((v) => Number.isFinite(v));
    return real.length ? `${percentile(real, 50).toFixed(0)} / ${Math.max(...real).toFixed(0)}` : "n/a";
  };
  const shown = Object.entries(stages).filter(([name]) => polled || name !== "seen");
  return `${shown.map(([name, values]) => `${name} ${fmt(values)}`).join("; ")} ms; ${postponements} postponements`;
}

/** A child process's CPU time so far (user + system, ms) from /proc (Linux, 100 ticks a second); null elsewhere. */
function cpuMsOf(child: ChildProcess): number | null {
  try {
    // After "pid (name) " come state, ppid, …: utime and stime are the 12th and 13th fields.
    const fields = readFileSync(`/proc/${child.pid}/stat`, "utf8").split(") ")[1]!.split(" ");
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return null;
  }
}

/**
 * CPU used so far by the services beside the workers (ms): every process of the Postgres server
 * the bench's database is on (when it runs on this machine: its postmaster's children, found from
 * a backend's pid, with the time of those that have ended), Redis (its INFO) and the bench itself (the page server, the adds, the polls).
 * Null for a part that cannot be read.
 */
async function serviceCpuMs(): Promise<{ postgres: number | null; redis: number | null; bench: number }> {
  let postgres: number | null = null;
  try {
    const backend = await getBackendPid(db);
    const postmaster = readFileSync(`/proc/${backend}/stat`, "utf8").split(") ")[1]!.split(" ")[1]!;
    postgres = 0;
    for (const entry of readdirSync("/proc")) {
      if (!/^\d+$/.test(entry)) continue;
      let stat: string;
      try {
        stat = readFileSync(`/proc/${entry}/stat`, "utf8");
      } catch {
        continue;
      }
      const fields = stat.split(") ")[1]!.split(" ");
      if (fields[1] === postmaster) postgres += (Number(fields[11]) + Number(fields[12])) * 10;
      // The postmaster's own time, and its children's that have ended (cutime, cstime): a backend
      // that exits between two reads moves its time there instead of dropping it from the sum.
      if (entry === postmaster) postgres += (Number(fields[11]) + Number(fields[12]) + Number(fields[13]) + Number(fields[14])) * 10;
    }
  } catch {
    postgres = null;
  }
  let redisCpu: number | null = null;
  const connection = new Redis(redisUrl, { maxRetriesPerRequest: 1, lazyConnect: true });
  try {
    const info = await connection.info("cpu");
    const field = (name: string) => Number(new RegExp(`^${name}:([\\d.]+)`, "m").exec(info)?.[1] ?? NaN);
    redisCpu = (field("used_cpu_user") + field("used_cpu_sys")) * 1000;
    if (Number.isNaN(redisCpu)) redisCpu = null;
  } catch {
    redisCpu = null;
  } finally {
    connection.disconnect();
  }
  const own = process.cpuUsage();
  return { postgres, redis: redisCpu, bench: (own.user + own.system) / 1000 };
}

async function throughput(since: Date): Promise<number> {
  const row = await getEnrichmentSpan(db, since);
  return (row.count - 1) / ((row.last.getTime() - row.first.getTime()) / 1000);
}

try {
  const web = start("scripts/web.ts");
  // Two minutes, as npm start allows in dev: on a machine shared with other runs, 20 s was not enough.
  const webDeadline = Date.now() + 120_000;
  for (;;) {
    if (await fetch(`${base}/api/status`).then(() => true, () => false)) break;
    if (Date.now() > webDeadline || web.exitCode !== null) throw new Error("the web server did not start");
    await sleep(100);
  }
  const register = await fetch(`${base}/api/auth/register`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email: "bench@example.com", password: "bench-password" }),
  });
  const { token, user } = (await register.json()) as { token: string; user: { id: string } };
  await updateUser(db, user.id, { role: "ProUser" });
  const results: string[] = [];

  /**
   * `count` adds (or as many as fit in `seconds`) from 50 clients, each sending its next one
   * when the last is answered.
   */
  async function addConcurrently(count: number, onAnswer?: (ms: number) => void, seconds = Infinity) {
    let started = 0;
    const deadline = performance.now() + seconds * 1000;
    await Promise.all(
      Array.from({ length: CLIENTS }, async () => {
        while (started < count && performance.now() < deadline) {
          started++;
          const { ms } = await add(token);
          onAnswer?.(ms);
        }
      }),
    );
  }

  // 1. add latency at 50 concurrent clients, after a warm-up under the same load.
  if (PARTS.has("add")) {
    await addConcurrently(Infinity, undefined, WARMUP_SECONDS);
    const latencies: number[] = [];
    const addStarted = performance.now();
    await addConcurrently(ADDS, (ms) => latencies.push(ms));
    const addSeconds = (performance.now() - addStarted) / 1000;
    results.push(`| add-endpoint latency, ${CLIENTS} concurrent clients, ${latencies.length} adds after ${WARMUP_SECONDS} s of warm-up | p50 ${ms(percentile(latencies, 50))}, p95 ${ms(percentile(latencies, 95))}, p99 ${ms(percentile(latencies, 99))} (${(latencies.length / addSeconds).toFixed(0)} adds/s) |`);
  }

  /** The throughput runs start from an empty queue and table. */
  async function emptyPipeline() {
    const connection = new Redis(redisUrl, { maxRetriesPerRequest: null });
    const enrichQueue = new Queue(QUEUES.enrichLink, { connection, prefix });
    await enrichQueue.drain(true);
    await enrichQueue.close();
    connection.disconnect();
    await deleteAllLinks(db);
  }

  /**
   * Adds a backlog of `backlog` pending links with no worker running, then starts `workers`
   * worker processes and measures the rate they enrich it at; the workers are left running.
   */
  async function drainBacklog(backlog: number, workers: number) {
    const before = await countFinishedLinks(db);
    await addConcurrently(backlog);
    const since = new Date();
    const running = Array.from({ length: workers }, () => start("worker/index.ts"));
    // The workers' CPU per link, after the first tenth of the backlog (start-up loads modules and
    // the English model): unlike links/s, it holds on a machine shared with other work.
    const warm = await waitUntilEnriched(before.done + Math.ceil(backlog / 10));
    const cpuBefore = running.map(cpuMsOf);
    const servicesBefore = await serviceCpuMs();
    const done = await waitUntilEnriched(before.done + backlog);
    const cpuAfter = running.map(cpuMsOf);
    const servicesAfter = await serviceCpuMs();
    const links = done.done - warm.done;
    const cpuPerLink = [...cpuBefore, ...cpuAfter].includes(null) ? null : cpuAfter.reduce<number>((sum, x, i) => sum + x! - cpuBefore[i]!, 0) / links;
    const perLink = (name: "postgres" | "redis" | "bench") => {
      const [a, b] = [servicesBefore[name], servicesAfter[name]];
      return a === null || b === null ? null : (b - a) / links;
    };
    return { rate: await throughput(since), failed: done.failed - before.failed, running, cpuPerLink, services: { postgres: perLink("postgres"), redis: perLink("redis"), bench: perLink("bench") } };
  }
  /** The workers' CPU per link, and beside it what Postgres, Redis and the bench's own page server and polls used per link. */
  const cpuText = (cpuPerLink: number | null, services?: Record<"postgres" | "redis" | "bench", number | null>) => {
    if (cpuPerLink === null) return "";
    const others = services ? Object.entries(services).filter(([, value]) => value !== null).map(([name, value]) => `${name === "bench" ? "bench process" : name[0]!.toUpperCase() + name.slice(1)} ${value!.toFixed(1)}`) : [];
    return `; worker CPU ${cpuPerLink.toFixed(1)} ms per link (${(1000 / cpuPerLink).toFixed(0)} links per CPU second)${others.length ? `, beside it ${others.join(", ")} ms` : ""}`;
  };

  if (PARTS.has("pipeline")) {
    await emptyPipeline();

    // 2a. throughput, one worker, over a backlog of pending links.
    const one = await drainBacklog(BACKLOG, 1);
    results.push(`| pipeline throughput, 1 worker process (concurrency ${process.env.WORKER_CONCURRENCY ?? 8}) | ${one.rate.toFixed(1)} links/s over ${BACKLOG} links (${one.failed} failed)${cpuText(one.cpuPerLink, one.services)} |`);
    await Promise.all(one.running.map(stop));

    // 2b. throughput, two workers, over a fresh backlog.
    const two = await drainBacklog(BACKLOG, 2);
    results.push(`| pipeline throughput, 2 worker processes | ${two.rate.toFixed(1)} links/s over ${BACKLOG} links (${two.failed} failed)${cpuText(two.cpuPerLink, two.services)} |`);
    const [worker2a, worker2b] = two.running as [ChildProcess, ChildProcess];
    await stop(worker2b);

    // 3. add→enriched latency with one worker running, at a steady rate.
    const since = new Date();
    const interval = 1000 / RATE;
    const rateStart = performance.now();
    const adds: Array<Promise<{ id: string; addedAt: number; answeredMs: number }>> = [];
    for (let i = 0; i < RATE * SECONDS; i++) {
      const addedAt = Date.now();
      adds.push(add(token).then(({ id, ms: answeredMs }) => ({ id, addedAt, answeredMs })));
      const next = rateStart + (i + 1) * interval;
      await sleep(Math.max(0, next - performance.now()));
    }
    await waitUntilEnriched(2 * BACKLOG + RATE * SECONDS);
    const endToEnd = await listEnrichmentLatencies(db, since);
    results.push(`| add→enriched latency, ${RATE} links/s for ${SECONDS} s, 1 worker | p50 ${ms(percentile(endToEnd, 50))}, p95 ${ms(percentile(endToEnd, 95))} (${endToEnd.length} links) |`);
    // Where a slow run's time went (a queue that formed, a wait for a host slot or a parser thread).
    const added = await Promise.all(adds);
    const enrichedAt = await listEnrichedTimes(db, added.map((link) => link.id));
    const staged = added.map((link) => ({ ...link, enrichedAt: enrichedAt.get(link.id) ?? NaN }));
    results.push(`| the same links by stage (p50 / max) | ${await handStages(staged, { polled: false })} |`);
    await stop(worker2a);
  }

  // 7. a big import enriched on the import queue while links added by hand keep their pace.
  if (PARTS.has("import")) {
    await emptyPipeline();
    const workers = [start("worker/index.ts"), start("worker/index.ts")];
    // Both workers up: a hand-added link is enriched before the import starts.
    const probe = await add(token);
    await waitForLinkEnriched(probe.id, 60_000);
    // A browser's bookmark file: 20 folders under "Reading list", every link with TAGS of its own,
    // so the run also counts the links whose folders and tags all survived enrichment (decision 040).
    const ownTags = (i: number) => ["Reading list", `Topic ${i % 20}`, "to-read", `week ${i % 7}`];
    const file = bookmarkFile(IMPORT_LINKS);
    const started = performance.now();
    const upload = await fetch(`${base}/api/imports?name=bookmarks.html`, { method: "POST", headers: { authorization: `Bearer ${token}` }, body: file });
    const imported = (await upload.json()) as { id: string; status: string; message?: string };
    if (upload.status !== 202) throw new Error(`import answered ${upload.status}: ${imported.message}`);
    const uploadMs = performance.now() - started;
    const handLatencies: number[] = [];
    const handIds: Array<{ id: string; addedAt: number; answeredMs: number; enrichedAt: number }> = [];
    let done = false;
    const handAdds = (async () => {
      while (!done) {
        const next = performance.now() + 1_000;
        const sentAt = Date.now();
        const { id, ms: answeredMs } = await add(token);
        const addedAt = performance.now();
        await waitForLinkEnriched(id, 60_000);
        handLatencies.push(performance.now() - addedAt);
        handIds.push({ id, addedAt: sentAt, answeredMs, enrichedAt: Date.now() });
        await sleep(Math.max(0, next - performance.now()));
      }
    })();
    let final: { status: string; saved: number; enriched: number; failed: number; notEnriched: number; duplicates: number } | undefined;
    for (;;) {
      const response = await fetch(`${base}/api/imports/${imported.id}`, { headers: { authorization: `Bearer ${token}` } });
      final = (await response.json()) as typeof final;
      if (final!.status === "done" || final!.status === "failed") break;
      if (performance.now() - started > IMPORT_TIMEOUT_MS) {
        // Stop the hand-added links first: their next request would fail on closed clients and hide this.
        done = true;
        await handAdds.catch(() => undefined);
        throw new Error(`import still ${final!.status} after ${IMPORT_TIMEOUT_MS / 60_000} minutes`);
      }
      await sleep(200);
    }
    const seconds = (performance.now() - started) / 1000;
    done = true;
    await handAdds;
    results.push(`| import of ${IMPORT_LINKS.toLocaleString("en-US")} bookmarks (browser HTML, 20 folders, TAGS), 2 worker processes: upload and staging, then saved and all enriched | upload ${ms(uploadMs)}; all done in ${seconds.toFixed(1)} s (${final!.saved} saved, ${final!.enriched} enriched, ${final!.failed} failed, ${final!.notEnriched} not enriched) |`);
    const rows = await listImportedLinks(db, imported.id);
    const kept = rows.filter((row) => {
      const i = Number(new URL(row.url).searchParams.get("import"));
      return ownTags(i).every((tag, at) => row.tags[at] === tag) && row.title === `Bookmark ${i}`;
    });
    const withEngineTags = rows.filter((row) => row.status === "enriched" && row.tags.length > 4).length;
    results.push(`| that import's folders, TAGS and titles after enrichment | ${kept.length.toLocaleString("en-US")} of ${rows.length.toLocaleString("en-US")} links kept every folder, tag and title; ${withEngineTags.toLocaleString("en-US")} also have the engine's tags after them |`);
    results.push(`| links added by hand during that import, add→enriched | ${handLatencies.length} links: min ${ms(Math.min(...handLatencies))}, p50 ${ms(percentile(handLatencies, 50))}, max ${ms(Math.max(...handLatencies))} |`);
    results.push(`| links added by hand during that import, by stage (p50 / max) | ${await handStages(handIds)} |`);
    await Promise.all(workers.map(stop));
  }

  // 11. live events during a big import with the dashboard open (decision 043): the Creator signed
  // in, a headless Chromium on /dashboard counts the most link rows drawn at once, the "N new links
  // — show" button's count and the long tasks while the import's events arrive; the file is sent
  // through the API, as a page's file input would build it in the page (a long task of its own).
  if (PARTS.has("live")) {
    await emptyPipeline();
    const workers = [start("worker/index.ts"), start("worker/index.ts")];
    // Three links in the list before the import, as the e2e "heard live" test has.
    for (let i = 0; i < 3; i++) await waitForLinkEnriched((await add(token)).id, 60_000);
    const browser = await chromium.launch({ executablePath: benchBrowser(), args: ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync"] });
    try {
      const context = await browser.newContext({ baseURL: base, viewport: { width: 1280, height: 720 } });
      const page = await context.newPage();
      await page.goto("/login");
      await page.getByLabel("Email", { exact: true }).fill("bench@example.com");
      await page.getByLabel("Password", { exact: true }).fill("bench-password");
      await page.getByRole("button", { name: "Sign In" }).click();
      await page.waitForURL("**/dashboard", { timeout: 60_000 });
      // The page resyncs its list once loaded: the counting starts after that.
      await page.getByTestId("link-row").nth(2).waitFor({ timeout: 60_000 });
      await page.waitForLoadState("networkidle").catch(() => undefined);
      await page.evaluate(() => {
        const live = { maxRows: 0, maxNew: 0, longTasks: [] as Array<{ at: number; ms: number }>, from: performance.now(), to: Infinity };
        (window as unknown as { __benchLive: typeof live }).__benchLive = live;
        new PerformanceObserver((list) => list.getEntries().forEach((entry) => live.longTasks.push({ at: entry.startTime, ms: entry.duration }))).observe({ type: "longtask" });
        new MutationObserver(() => {
          live.maxRows = Math.max(live.maxRows, document.querySelectorAll('[data-testid="link-row"]').length);
          for (const button of document.querySelectorAll("button")) {
            const shown = /^(\d[\d,]*) new links? — show$/.exec(button.textContent?.trim() ?? "");
            if (shown) live.maxNew = Math.max(live.maxNew, Number(shown[1]!.replace(/,/g, "")));
          }
        }).observe(document.body, { childList: true, subtree: true, characterData: true });
      });
      const started = performance.now();
      const upload = await fetch(`${base}/api/imports?name=bookmarks.html`, { method: "POST", headers: { authorization: `Bearer ${token}` }, body: bookmarkFile(LIVE_LINKS) });
      const imported = (await upload.json()) as { id: string; message?: string };
      if (upload.status !== 202) throw new Error(`import answered ${upload.status}: ${imported.message}`);
      let final: { status: string; saved: number; enriched: number; failed: number } | undefined;
      for (;;) {
        const response = await fetch(`${base}/api/imports/${imported.id}`, { headers: { authorization: `Bearer ${token}` } });
        final = (await response.json()) as typeof final;
        if (final!.status === "done" || final!.status === "failed") break;
        if (performance.now() - started > IMPORT_TIMEOUT_MS) throw new Error(`import still ${final!.status} after ${IMPORT_TIMEOUT_MS / 60_000} minutes`);
        await sleep(500);
      }
      const seconds = (performance.now() - started) / 1000;
      // The last events still on their way to the page: a moment for them to be drawn.
      await sleep(2_000);
      const seen = await page.evaluate(() => {
        const live = (window as unknown as { __benchLive: { maxRows: number; maxNew: number; longTasks: Array<{ at: number; ms: number }>; from: number } }).__benchLive;
        return { maxRows: live.maxRows, maxNew: live.maxNew, longTasks: live.longTasks.filter((task) => task.at >= live.from).map((task) => task.ms), nodes: document.getElementsByTagName("*").length, rows: document.querySelectorAll('[data-testid="link-row"]').length };
      });
      const size = LIVE_LINKS.toLocaleString("en-US");
      results.push(`| live events during a ${size}-link import, dashboard open, 2 worker processes: import | all done in ${seconds.toFixed(1)} s (${final!.saved} saved, ${final!.enriched} enriched, ${final!.failed} failed) |`);
      results.push(`| live events during that import: most link rows drawn at once | ${seen.maxRows} (${seen.rows} at the end) |`);
      results.push(`| live events during that import: most counted on the "N new links — show" button | ${seen.maxNew.toLocaleString("en-US")} |`);
      results.push(`| live events during that import: DOM nodes at the end | ${seen.nodes.toLocaleString("en-US")} |`);
      results.push(`| live events during that import: long tasks while events arrived | ${seen.longTasks.length}${seen.longTasks.length ? `, max ${ms(Math.max(...seen.longTasks))} (${seen.longTasks.filter((task) => task > 200).length} over 200 ms)` : ""} |`);
      await context.close();
    } finally {
      await browser.close();
      await Promise.all(workers.map(stop));
    }
  }

  // 5a. the scaling curve: the same pages drained by 1, 2 and 4 worker processes, each over a
  // fresh backlog. It runs before the large instance is loaded, on a small table.
  if (PARTS.has("ops")) {
    await emptyPipeline();
    for (const workers of [1, 2, 4]) {
      const run = await drainBacklog(OPS_BACKLOG, workers);
      results.push(`| ops scaling, ${workers} worker process${workers === 1 ? "" : "es"} (concurrency ${process.env.WORKER_CONCURRENCY ?? 8} each) | ${run.rate.toFixed(1)} links/s over ${OPS_BACKLOG} links (${run.failed} failed) |`);
      await Promise.all(run.running.map(stop));
    }
  }

  // Parts 4 and 5 share one large instance, loaded once.
  let loaded = false;
  async function loadLargeInstance() {
    if (loaded) return;
    loaded = true;
    await deleteAllLinks(db);
    const loadStarted = performance.now();
    await loadAdminBenchData(db, { users: ADMIN_USERS, links: ADMIN_LINKS });
    console.log(`bench: loaded ${ADMIN_LINKS} links and ${ADMIN_USERS} users in ${((performance.now() - loadStarted) / 1000).toFixed(1)} s`);
  }
  let adminToken: string | undefined;
  async function registerAdmin(): Promise<string> {
    if (adminToken) return adminToken;
    const adminRegister = await fetch(`${base}/api/auth/register`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email: "bench-admin@example.com", password: "bench-password" }),
    });
    const admin = (await adminRegister.json()) as { token: string; user: { id: string } };
    await updateUser(db, admin.user.id, { role: "Admin" });
    adminToken = admin.token;
    return admin.token;
  }
  /** A few untimed requests first (the first of a route compiles its code and plans its queries), then ADMIN_REQUESTS timed ones. */
  async function timeRequests(path: string, token: string): Promise<string> {
    const timings: number[] = [];
    for (let i = 0; i < 5 + ADMIN_REQUESTS; i++) {
      const started = performance.now();
      const response = await fetch(`${base}${path}`, { headers: { authorization: `Bearer ${token}` } });
      await response.arrayBuffer();
      if (response.status !== 200) throw new Error(`${path} answered ${response.status}`);
      if (i >= 5) timings.push(performance.now() - started);
    }
    return `${timings.length} requests one at a time | p50 ${ms(percentile(timings, 50))}, p95 ${ms(percentile(timings, 95))}, max ${ms(Math.max(...timings))} |`;
  }
  const size = `${ADMIN_LINKS.toLocaleString("en-US")} links (+${Math.ceil(ADMIN_LINKS / 100).toLocaleString("en-US")} not yet vacuumed), ${ADMIN_USERS.toLocaleString("en-US")} users`;

  // 4. the admin console over a large instance: its figures are live queries, so they must stay
  // cheap however many links there are.
  if (PARTS.has("admin")) {
    await loadLargeInstance();
    const token = await registerAdmin();
    for (const [path, label] of [
      ["/api/admin/stats", "admin overview, GET /api/admin/stats"],
      ["/admin", "admin page, GET /admin (stats, flags, activity, rendered)"],
    ] as const) {
      results.push(`| ${label}, ${size}, ${await timeRequests(path, token)}`);
    }
  }

  // 5b. the jobs console over the same instance with OPS_FAILURES failed links, then replaying
  // them all: the time until all are queued, then until 4 workers have processed them.
  if (PARTS.has("ops")) {
    await loadLargeInstance();
    const token = await registerAdmin();
    await clearBenchFailures(db);
    const failed = await insertFailedLinks(db, { count: OPS_FAILURES, reasons: FAILURE_REASONS, pagesBase: `http://127.0.0.1:${pagesPort}` });
    const failures = `${OPS_FAILURES.toLocaleString("en-US")} failed links (${FAILURE_REASONS.length} reasons, ${failed.users.toLocaleString("en-US")} users)`;
    // The failures' insert ends with a vacuum, so every link here is vacuumed.
    const allLinks = `${(ADMIN_LINKS + Math.ceil(ADMIN_LINKS / 100) + OPS_FAILURES).toLocaleString("en-US")} links in all, ${ADMIN_USERS.toLocaleString("en-US")} users`;
    for (const [path, label] of [
      ["/api/admin/jobs/failures", "ops failures by reason, GET /api/admin/jobs/failures (groups and first 50)"],
      ["/admin/jobs", "ops jobs page, GET /admin/jobs (queues, failures, workers, rendered)"],
    ] as const) {
      results.push(`| ${label}, ${failures}, ${allLinks}, ${await timeRequests(path, token)}`);
    }

    // Retry-all of the whole filter, as the console's button does: call again while `more`.
    const queueStarted = performance.now();
    let calls = 0;
    let queued = 0;
    for (let more = true; more; calls++) {
      const response = await fetch(`${base}/api/admin/jobs/retry`, {
        method: "POST",
        headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
        body: "{}",
      });
      const body = (await response.json()) as { queued: number; more: boolean };
      if (response.status !== 200) throw new Error(`retry-all answered ${response.status}: ${JSON.stringify(body)}`);
      queued += body.queued;
      more = body.more;
    }
    const queueSeconds = (performance.now() - queueStarted) / 1000;
    results.push(`| ops replay, retry-all of ${failures} until all queued (POST /api/admin/jobs/retry, no worker running) | ${queueSeconds.toFixed(2)} s, ${calls} call${calls === 1 ? "" : "s"}, ${queued} queued |`);

    const processStarted = performance.now();
    const workers = Array.from({ length: 4 }, () => start("worker/index.ts"));
    const deadline = processStarted + OPS_REPLAY_SECONDS * 1000;
    let states = await countLinkStates(db, failed.ids);
    while (states.pending > 0 && performance.now() < deadline) {
      await sleep(250);
      states = await countLinkStates(db, failed.ids);
    }
    const processSeconds = (performance.now() - processStarted) / 1000;
    const processed = states.enriched + states.failed;
    results.push(
      states.pending > 0
        ? `| ops replay, the replayed failures processed by 4 worker processes | not done within ${OPS_REPLAY_SECONDS} s: ${processed} of ${failed.ids.length} processed (${states.enriched} enriched, ${states.failed} failed; ${(processed / processSeconds).toFixed(1)} links/s) |`
        : `| ops replay, the replayed failures processed by 4 worker processes | ${processSeconds.toFixed(1)} s from the workers' start, ${states.enriched} enriched, ${states.failed} failed (${(processed / processSeconds).toFixed(1)} links/s) |`,
    );
    await Promise.all(workers.map(stop));
  }
  // 6. one Creator's library of LIBRARY_LINKS links: the dashboard renders its first page and
  // counts the rest in the database; the Enrichments tab asks for a page in one request (plus
  // the content preferences a Creator's tab shows), sent together as the browser sends them.
  if (PARTS.has("library")) {
    const libraryRegister = await fetch(`${base}/api/auth/register`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email: "bench-library@example.com", password: "bench-password" }),
    });
    const reader = (await libraryRegister.json()) as { token: string; user: { id: string } };
    await updateUser(db, reader.user.id, { role: "ProUser" });
    const loadStarted = performance.now();
    await loadLibraryBenchData(db, { userId: reader.user.id, links: LIBRARY_LINKS });
    console.log(`bench: loaded a library of ${LIBRARY_LINKS} links in ${((performance.now() - loadStarted) / 1000).toFixed(1)} s`);
    const headers = { authorization: `Bearer ${reader.token}` };
    const library = `${LIBRARY_LINKS.toLocaleString("en-US")} links`;

    const renders: number[] = [];
    let html = 0;
    for (let i = 0; i < 5 + LIBRARY_REQUESTS; i++) {
      const started = performance.now();
      const response = await fetch(`${base}/dashboard`, { headers: { ...headers, "accept-encoding": "identity" } });
      const body = await response.text();
      if (response.status !== 200) throw new Error(`/dashboard answered ${response.status}`);
      if (!body.replace(/<!-- -->/g, "").includes(`Showing 50 of ${library}`)) throw new Error("/dashboard did not render the first page of the library");
      if (i >= 5) renders.push(performance.now() - started);
      html = Buffer.byteLength(body);
    }
    results.push(`| library, GET /dashboard (server render, first 50 links, statistics counted), ${library}, ${LIBRARY_REQUESTS} requests one at a time | p50 ${ms(percentile(renders, 50))}, p95 ${ms(percentile(renders, 95))}, max ${ms(Math.max(...renders))}; ${(html / 1024).toFixed(1)} KB of HTML |`);

    // Load more: the request the dashboard's button sends (use-live-links), page after page with
    // the cursor each answer gives, to the library's end; timed from the 2nd page (the 1st is the render's).
    const pages: number[] = [];
    let pageBytes = 0;
    for (let round = 0; round < LIBRARY_LOAD_MORE_ROUNDS; round++) {
      let cursor: string | null = null;
      let loaded = 50;
      // The first answer gives the cursor after the first page, as the render does.
      const first = await fetch(`${base}/api/links?limit=50`, { headers });
      await first.arrayBuffer();
      cursor = first.headers.get("x-next-cursor");
      while (cursor) {
        const started = performance.now();
        const response = await fetch(`${base}/api/links?limit=50&before=${encodeURIComponent(cursor)}`, { headers: { ...headers, "accept-encoding": "identity" } });
        const body = await response.text();
        if (response.status !== 200) throw new Error(`Load more answered ${response.status}: ${body.slice(0, 200)}`);
        pages.push(performance.now() - started);
        pageBytes = Math.max(pageBytes, Buffer.byteLength(body));
        loaded += (JSON.parse(body) as unknown[]).length;
        cursor = response.headers.get("x-next-cursor");
      }
      if (loaded !== LIBRARY_LINKS) throw new Error(`Load more reached ${loaded} links of ${LIBRARY_LINKS}`);
    }
    const deepest = pages.slice(-Math.ceil(pages.length / LIBRARY_LOAD_MORE_ROUNDS / 10));
    results.push(`| library, Load more (GET /api/links?limit=50&before=…, page 2 to the last, ${LIBRARY_LOAD_MORE_ROUNDS} × ${pages.length / LIBRARY_LOAD_MORE_ROUNDS} pages one at a time), ${library} | p50 ${ms(percentile(pages, 50))}, p95 ${ms(percentile(pages, 95))}, max ${ms(Math.max(...pages))}; the deepest tenth p95 ${ms(percentile(deepest, 95))}; ≤ ${(pageBytes / 1024).toFixed(1)} KB a page |`);

    const tabRequests = ["/api/links/enrichments?limit=20", "/api/preferences"];
    const opens: number[] = [];
    let cards = 0;
    for (let i = 0; i < 5 + LIBRARY_REQUESTS; i++) {
      const started = performance.now();
      const [page] = await Promise.all(
        tabRequests.map(async (path) => {
          const response = await fetch(`${base}${path}`, { headers });
          if (response.status !== 200) throw new Error(`${path} answered ${response.status}`);
          return response.json() as Promise<unknown[]>;
        }),
      );
      if (i >= 5) opens.push(performance.now() - started);
      cards = page!.length;
    }
    results.push(`| library, Enrichments tab's first page (${tabRequests.length} requests together: ${tabRequests.join(", ")}), ${library}, ${LIBRARY_REQUESTS} times one at a time | p50 ${ms(percentile(opens, 50))}, p95 ${ms(percentile(opens, 95))}, max ${ms(Math.max(...opens))}; ${cards} cards |`);
  }

  // 8. search over one user's SEARCH_USER_LINKS links among SEARCH_LINKS, through the same
  // repository function as GET /api/links (its query-reading round trip included).
  if (PARTS.has("search")) {
    const searcher = (await (
      await fetch(`${base}/api/auth/register`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ email: "bench-search@example.com", password: "bench-password" }) })
    ).json()) as { user: { id: string } };
    // The corpus: every word of the test pages, in order of first appearance (the first ones drawn most).
    const pagesText = ["tests/fixtures/pages", "tests/fixtures/pages/corpus"]
      .flatMap((folder) => readdirSync(folder).filter((name) => name.endsWith(".html")).map((name) => readFileSync(`${folder}/${name}`, "utf8")))
      .join(" ")
      .replace(/<(script|style)[\s\S]*?<\/\1>/gi, " ")
      .replace(/<[^>]+>/g, " ");
    const words = [...new Set(pagesText.toLowerCase().match(/\b[a-z]{3,14}\b/g) ?? [])];
    const tags = ["postgres", "react", "performance", "indexes", "hooks", "testing", "design", "security", "devops", "python", "rust", "go", "ai", "css", "databases"];
    const loadStarted = performance.now();
    await loadSearchBenchData(db, {
      userId: searcher.user.id,
      users: 1000,
      links: SEARCH_LINKS,
      userLinks: SEARCH_USER_LINKS,
      words,
      tags,
      categories: [...CATEGORY_SLUGS],
      onProgress: (done) => console.log(`bench: search data ${done.toLocaleString("en-US")} of ${SEARCH_LINKS.toLocaleString("en-US")} links`),
    });
    console.log(`bench: loaded ${SEARCH_LINKS} links (${words.length} corpus words) in ${((performance.now() - loadStarted) / 1000).toFixed(1)} s`);
    // Words by how many of the searcher's links hold them: a common one (~10%), two middling (~1%).
    const frequencies = await listSearchWordFrequencies(db, searcher.user.id);
    const near = (share: number, skip = 0) => frequencies.filter((row) => row.share <= share)[skip] ?? frequencies[frequencies.length - 1 - skip]!;
    const common = near(0.1);
    const middling = near(0.01);
    const other = near(0.01, 1);
    const phrase = await getSearchPhrase(db, searcher.user.id);
    console.log(`bench: search words "${common.word}" (${common.share}), "${middling.word}" (${middling.share}), "${other.word}"; phrase "${phrase}"`);
    const userLibrary = `${SEARCH_USER_LINKS.toLocaleString("en-US")} of ${SEARCH_LINKS.toLocaleString("en-US")} links`;
    const cases: Array<[string, LinkFilter]> = [
      [`a word in ${(common.share * 100).toFixed(1)}% of links ("${common.word}")`, { q: common.word }],
      [`a word in ${(middling.share * 100).toFixed(1)}% of links ("${middling.word}")`, { q: middling.word }],
      [`a phrase ("${phrase}")`, { q: `"${phrase}"` }],
      [`word + tag ("${common.word}", tag=${tags[0]})`, { q: common.word, tag: tags[0] }],
      [`word -exclude ("${common.word} -${middling.word}")`, { q: `${common.word} -${middling.word}` }],
      [`word OR word ("${middling.word} OR ${other.word}")`, { q: `${middling.word} OR ${other.word}` }],
      [`word + 3-month date range ("${common.word}")`, { q: common.word, from: new Date(Date.now() - 180 * 86_400_000).toISOString().slice(0, 10), to: new Date(Date.now() - 90 * 86_400_000).toISOString().slice(0, 10) }],
      ["date range alone (3 months, no q)", { from: new Date(Date.now() - 180 * 86_400_000).toISOString().slice(0, 10), to: new Date(Date.now() - 90 * 86_400_000).toISOString().slice(0, 10) }],
    ];
    for (const [label, filter] of cases) {
      for (const sort of ["date", "relevance"] as LinkSort[]) {
        if (sort === "relevance" && !filter.q) continue;
        const times: number[] = [];
        let found = 0;
        for (let i = 0; i < 3 + SEARCH_REQUESTS; i++) {
          const started = performance.now();
          const rows = await searchLinks(db, { userId: searcher.user.id, filter, sort, limit: 51 });
          if (i >= 3) times.push(performance.now() - started);
          found = rows.length;
        }
        results.push(`| search, ${label}, sort=${sort}, first page of 50, ${userLibrary}, ${SEARCH_REQUESTS} queries | p50 ${ms(percentile(times, 50))}, p95 ${ms(percentile(times, 95))}, max ${ms(Math.max(...times))}; ${found === 51 ? "a full page" : `${found} rows`} |`);
      }
    }
  }

  // 9. fetch once for everyone: many users save the same pages; with the shared fetch cache each
  // page is fetched and parsed once, without it once per save. One worker process each way.
  if (PARTS.has("fetch-cache")) {
    const urls = Array.from({ length: CACHE_PAGES }, (_, i) => `http://127.0.0.1:${pagesPort}/shared/${i}`);
    const saves = `${CACHE_USERS.toLocaleString("en-US")} users × ${CACHE_PAGES} pages (${(CACHE_USERS * CACHE_PAGES).toLocaleString("en-US")} saves)`;
    for (const cache of [false, true]) {
      await emptyPipeline();
      const ids = await loadSharedPageLinks(db, { users: CACHE_USERS, urls });
      const connection = new Redis(redisUrl, { maxRetriesPerRequest: null });
      const enrichQueue = new Queue(QUEUES.enrichLink, { connection, prefix });
      for (let start = 0; start < ids.length; start += 1_000) {
        await enrichQueue.addBulk(ids.slice(start, start + 1_000).map((linkId) => ({ name: "enrich-link", data: { linkId }, opts: { jobId: linkId, attempts: 3, removeOnComplete: true } })));
      }
      await enrichQueue.close();
      connection.disconnect();
      sharedFetches = 0;
      const since = new Date();
      const started = performance.now();
      const worker = start("worker/index.ts", cache ? {} : { FETCH_CACHE_TTL_MS: "0" });
      const done = await waitUntilEnriched(ids.length, 1_800_000);
      const seconds = (performance.now() - started) / 1000;
      // The rate from the first enrichment to the last, as part 2 measures it (the worker's start-up left out).
      results.push(`| fetch-cache, ${saves}, 1 worker process, shared fetch cache ${cache ? "on" : "off (FETCH_CACHE_TTL_MS=0)"} | ${sharedFetches.toLocaleString("en-US")} pages fetched; all done in ${seconds.toFixed(1)} s from the worker's start (${(await throughput(since)).toFixed(1)} links/s, ${done.failed} failed) |`);
      await stop(worker);
    }
  }

  // 10. script-built pages through one worker and its headless browser (CRAWLER_BROWSER=auto):
  // a first page starts the browser, then RENDER_PAGES are added at once and timed until all
  // are enriched, the browser's processes and the worker weighed every 250 ms meanwhile.
  if (PARTS.has("render")) {
    await emptyPipeline();
    const before = await countFinishedLinks(db);
    const worker = start("worker/index.ts");
    const warmUp = await add(token, `/spa/${RENDER_PAGES}`);
    await waitForLinkEnriched(warmUp.id, 120_000);
    const servedBefore = spaDataServed;
    const shellsBefore = spaShellServed;
    const browserPss: number[] = [];
    const browserRss: number[] = [];
    const workerMb: number[] = [];
    const weigh = () => {
      const browser = descendants(worker.pid!).map(memoryMbOf);
      browserPss.push(browser.reduce((sum, m) => sum + m.pss, 0));
      browserRss.push(browser.reduce((sum, m) => sum + m.rss, 0));
      workerMb.push(memoryMbOf(worker.pid!).rss);
    };
    const sampler = setInterval(weigh, 250);
    const started = performance.now();
    for (let i = 0; i < RENDER_PAGES; i++) await add(token, `/spa/${i}`);
    const done = await waitUntilEnriched(before.done + 1 + RENDER_PAGES, 900_000);
    const minutes = (performance.now() - started) / 60_000;
    clearInterval(sampler);
    weigh();
    const rendered = spaDataServed - servedBefore;
    const shellFetches = (spaShellServed - shellsBefore) / RENDER_PAGES;
    const concurrency = process.env.CRAWLER_BROWSER_CONCURRENCY ?? "1";
    results.push(
      `| render, ${RENDER_PAGES} script-built pages, 1 worker process (render concurrency ${concurrency}) | ${(RENDER_PAGES / minutes).toFixed(0)} pages/min (${rendered} rendered, ${done.failed - before.failed} failed, ${shellFetches.toFixed(2)} fetches of each page's HTML); browser (all its processes) PSS median ${percentile(browserPss, 50).toFixed(0)} MB, peak ${Math.max(...browserPss).toFixed(0)} MB (summed RSS median ${percentile(browserRss, 50).toFixed(0)}, peak ${Math.max(...browserRss).toFixed(0)}); worker RSS median ${percentile(workerMb, 50).toFixed(0)} MB, peak ${Math.max(...workerMb).toFixed(0)} MB |`,
    );
    await stop(worker);
  }

  // 12. links added by hand while an import's script-built pages fill the browser (decision 049):
  // LANES_IMPORT imported pages whose article arrives LANES_SLOW_MS after it is asked for, then,
  // once the first is in the browser, LANES_HAND script-built pages added by hand one after
  // another, each timed from its add to enriched (the browser already started by a first page).
  if (PARTS.has("lanes")) {
    await emptyPipeline();
    const worker = start("worker/index.ts");
    const warmUp = await add(token, "/spa/900000");
    await waitForLinkEnriched(warmUp.id, 120_000);
    const file = Array.from({ length: LANES_IMPORT }, (_, i) => `http://127.0.0.1:${pagesPort}/spa-slow/${i}`).join("\n");
    const upload = await fetch(`${base}/api/imports?name=urls.txt`, { method: "POST", headers: { authorization: `Bearer ${token}` }, body: file });
    const imported = (await upload.json()) as { id: string; message?: string };
    if (upload.status !== 202) throw new Error(`import answered ${upload.status}: ${imported.message}`);
    const deadline = Date.now() + 120_000;
    while (slowDataAsked === 0 && Date.now() < deadline) await sleep(20);
    const servedBefore = slowDataServed;
    const hand: number[] = [];
    for (let i = 0; i < LANES_HAND; i++) {
      const { id } = await add(token, `/spa/${900001 + i}`);
      const addedAt = performance.now();
      await waitForLinkEnriched(id, IMPORT_TIMEOUT_MS);
      hand.push(performance.now() - addedAt);
    }
    const rendered = slowDataServed - servedBefore;
    results.push(
      `| links added by hand while an import's script-built pages fill the browser (${LANES_IMPORT} imported, each page's data ${LANES_SLOW_MS} ms away; render concurrency ${process.env.CRAWLER_BROWSER_CONCURRENCY ?? "1"}), add→enriched | ${hand.length} script-built pages added one after another: min ${ms(Math.min(...hand))}, p50 ${ms(percentile(hand, 50))}, max ${ms(Math.max(...hand))}; the import rendered ${rendered} page(s) meanwhile |`,
    );
    await stop(worker);
  }

  console.log(`\nLinkwise pipeline benchmark (${new Date().toISOString()}, ${process.version})\n`);
  console.log("| measure | result |\n| --- | --- |");
  for (const line of results) console.log(line);
} finally {
  await cleanup();
}

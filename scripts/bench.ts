/**
 * `npm run bench`: speed of the link pipeline on this machine, against a throwaway
 * database and Redis prefix, with pages served on loopback.
 *
 *  1. add-endpoint latency: POST /api/links from 50 concurrent clients (no worker running)
 *  2. pipeline throughput: links/s with 1 and with 2 worker processes (pages of 50–300 KB)
 *  3. add→enriched latency: links added at a steady rate while one worker runs
 *  4. admin overview: GET /api/admin/stats and the /admin page over 1,000,000 links
 *
 * Options: BENCH_ADDS (measured adds in part 1, default 10000, after BENCH_WARMUP_SECONDS of the
 * same load, default 10), BENCH_BACKLOG (links per throughput run, default 3000), BENCH_RATE
 * (links/s in part 3, default 40), BENCH_SECONDS (part 3 duration, default 10), BENCH_ADMIN_LINKS
 * and BENCH_ADMIN_USERS (part 4's data, default 1000000 and 100000), BENCH_ADMIN_REQUESTS (timed
 * requests per endpoint in part 4, default 50), BENCH_CPU_PROF (a folder for CPU profiles),
 * BENCH_PARTS (a comma list of add, pipeline (parts 2 and 3), admin; default all: `add` alone for
 * quick comparisons, `admin` for the console alone).
 */
import { spawn, type ChildProcess } from "node:child_process";
import { readFileSync } from "node:fs";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { setTimeout as sleep } from "node:timers/promises";
import { Queue } from "bullmq";
import { Redis } from "ioredis";
import { Pool } from "undici";
import { createDb } from "../app/server/platform/db.server";
import { QUEUES } from "../app/server/jobs/queue.server";
import { countFinishedLinks, deleteAllLinks, getEnrichmentSpan, listEnrichmentLatencies, loadAdminBenchData } from "../app/server/repos/bench.server";
import { updateUser } from "../app/server/repos/users.server";
import { createTestDatabase, dropTestDatabase, uniqueName } from "../tests/helpers/test-database";
import { buildIfStale } from "./lib/build-state";
import { freePort } from "./lib/free-port";

const ADDS = Number(process.env.BENCH_ADDS ?? 10_000);
// A long-running server has compiled its hot paths and sized its heap: the measured one gets the
// same load for this long first (its first seconds are slower: see docs/performance.md).
const WARMUP_SECONDS = Number(process.env.BENCH_WARMUP_SECONDS ?? 10);
const BACKLOG = Number(process.env.BENCH_BACKLOG ?? 3_000);
const PARTS = new Set((process.env.BENCH_PARTS ?? "add,pipeline,admin").split(",").map((part) => part.trim()));
const ADMIN_LINKS = Number(process.env.BENCH_ADMIN_LINKS ?? 1_000_000);
const ADMIN_USERS = Number(process.env.BENCH_ADMIN_USERS ?? 100_000);
const ADMIN_REQUESTS = Number(process.env.BENCH_ADMIN_REQUESTS ?? 50);
const RATE = Number(process.env.BENCH_RATE ?? 40);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CLIENTS = 50;
const redisUrl = process.env.TEST_REDIS_URL ?? "redis://127.0.0.1:6379";

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
}
const ms = (value: number) => `${value.toFixed(1)} ms`;

// The production web server serves the Remix build: make it when it is missing or stale.
buildIfStale(process.cwd(), (line) => console.log(`bench: ${line}`));

// ---- pages of 50–300 KB built from the fixtures' own prose and code
const prose = ["postgres-indexes.html", "react-hooks.html"]
  .map((f) => readFileSync(`tests/fixtures/pages/${f}`, "utf8"))
  .join("\n")
  .match(/<p>[^<]{80,}<\/p>/g)!;
function pageOf(index: number): string {
  const target = (50 + (index % 6) * 50) * 1024;
  const parts = [`<!doctype html><html lang="en"><head><title>Benchmark page ${index}</title><meta name="description" content="Page ${index} of the benchmark"></head><body><article><h1>Benchmark page ${index}</h1>`];
  let size = parts[0]!.length;
  for (let i = 0; size < target; i++) {
    const block = i % 7 === 6 ? `<h2>Section ${i}</h2><pre><code class="language-sql">SELECT * FROM links WHERE id = ${i};</code></pre>` : prose[(i + index) % prose.length]!;
    parts.push(block);
    size += block.length;
  }
  parts.push("</article></body></html>");
  return parts.join("\n");
}
const pages = Array.from({ length: 12 }, (_, i) => pageOf(i));
const pageServer = createServer((req, res) => {
  const index = Number(/\/page\/(\d+)/.exec(req.url ?? "")?.[1] ?? 0);
  res.writeHead(200, { "content-type": "text/html; charset=utf-8" }).end(pages[index % pages.length]);
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
function start(entry: string): ChildProcess {
  // BENCH_CPU_PROF=dir writes a CPU profile of every web and worker process there.
  const profile = process.env.BENCH_CPU_PROF ? ["--cpu-prof", `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`] : [];
  const child = spawn(process.execPath, [...profile, "--import", "tsx", entry], { env, stdio: ["ignore", "ignore", "inherit"] });
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
async function add(token: string): Promise<{ id: string; ms: number }> {
  client ??= new Pool(base, { connections: CLIENTS, pipelining: 1 });
  const url = `http://127.0.0.1:${pagesPort}/page/${sequence}?n=${sequence++}`;
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

async function throughput(since: Date): Promise<number> {
  const row = await getEnrichmentSpan(db, since);
  return (row.count - 1) / ((row.last.getTime() - row.first.getTime()) / 1000);
}

try {
  const web = start("scripts/web.ts");
  for (let i = 0; ; i++) {
    if (await fetch(`${base}/api/status`).then(() => true, () => false)) break;
    if (i > 200 || web.exitCode !== null) throw new Error("the web server did not start");
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

  if (PARTS.has("pipeline")) {
    // The throughput runs start from an empty queue and table.
    const connection = new Redis(redisUrl, { maxRetriesPerRequest: null });
    const enrichQueue = new Queue(QUEUES.enrichLink, { connection, prefix });
    await enrichQueue.drain(true);
    await enrichQueue.close();
    connection.disconnect();
    await deleteAllLinks(db);

    // 2a. throughput, one worker, over a backlog of pending links.
    await addConcurrently(BACKLOG);
    const oneStart = new Date();
    const worker1 = start("worker/index.ts");
    const done1 = await waitUntilEnriched(BACKLOG);
    results.push(`| pipeline throughput, 1 worker process (concurrency ${process.env.WORKER_CONCURRENCY ?? 8}) | ${(await throughput(oneStart)).toFixed(1)} links/s over ${BACKLOG} links (${done1.failed} failed) |`);
    await stop(worker1);

    // 2b. throughput, two workers, over a fresh backlog.
    await addConcurrently(BACKLOG);
    const twoStart = new Date();
    const worker2a = start("worker/index.ts");
    const worker2b = start("worker/index.ts");
    const done2 = await waitUntilEnriched(2 * BACKLOG);
    results.push(`| pipeline throughput, 2 worker processes | ${(await throughput(twoStart)).toFixed(1)} links/s over ${BACKLOG} links (${done2.failed - done1.failed} failed) |`);
    await stop(worker2b);

    // 3. add→enriched latency with one worker running, at a steady rate.
    const since = new Date();
    const interval = 1000 / RATE;
    const rateStart = performance.now();
    for (let i = 0; i < RATE * SECONDS; i++) {
      void add(token);
      const next = rateStart + (i + 1) * interval;
      await sleep(Math.max(0, next - performance.now()));
    }
    await waitUntilEnriched(2 * BACKLOG + RATE * SECONDS);
    const endToEnd = await listEnrichmentLatencies(db, since);
    results.push(`| add→enriched latency, ${RATE} links/s for ${SECONDS} s, 1 worker | p50 ${ms(percentile(endToEnd, 50))}, p95 ${ms(percentile(endToEnd, 95))} (${endToEnd.length} links) |`);
    await stop(worker2a);
  }

  // 4. the admin console over a large instance: its figures are live queries, so they must stay
  // cheap however many links there are.
  if (PARTS.has("admin")) {
    await deleteAllLinks(db);
    const loadStarted = performance.now();
    await loadAdminBenchData(db, { users: ADMIN_USERS, links: ADMIN_LINKS });
    console.log(`bench: loaded ${ADMIN_LINKS} links and ${ADMIN_USERS} users in ${((performance.now() - loadStarted) / 1000).toFixed(1)} s`);
    const adminRegister = await fetch(`${base}/api/auth/register`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email: "bench-admin@example.com", password: "bench-password" }),
    });
    const admin = (await adminRegister.json()) as { token: string; user: { id: string } };
    await updateUser(db, admin.user.id, { role: "Admin" });
    const size = `${ADMIN_LINKS.toLocaleString("en-US")} links (+${Math.ceil(ADMIN_LINKS / 100).toLocaleString("en-US")} not yet vacuumed), ${ADMIN_USERS.toLocaleString("en-US")} users`;
    for (const [path, label] of [
      ["/api/admin/stats", "admin overview, GET /api/admin/stats"],
      ["/admin", "admin page, GET /admin (stats, flags, activity, rendered)"],
    ] as const) {
      const timings: number[] = [];
      // A few untimed requests first: the first of a route compiles its code and plans its queries.
      for (let i = 0; i < 5 + ADMIN_REQUESTS; i++) {
        const started = performance.now();
        const response = await fetch(`${base}${path}`, { headers: { authorization: `Bearer ${admin.token}` } });
        await response.arrayBuffer();
        if (response.status !== 200) throw new Error(`${path} answered ${response.status}`);
        if (i >= 5) timings.push(performance.now() - started);
      }
      results.push(`| ${label}, ${size}, ${timings.length} requests one at a time | p50 ${ms(percentile(timings, 50))}, p95 ${ms(percentile(timings, 95))}, max ${ms(Math.max(...timings))} |`);
    }
  }
  console.log(`\nLinkwise pipeline benchmark (${new Date().toISOString()}, ${process.version})\n`);
  console.log("| measure | result |\n| --- | --- |");
  for (const line of results) console.log(line);
} finally {
  await cleanup();
}

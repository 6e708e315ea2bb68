import { describe, expect, it } from "vitest";
import { runEntry } from "../helpers/processes";

// `npm run bench` is how the speed targets are measured; this checks, at a tiny size, that it
// still runs every part and reports each measure. No timing is asserted here.
describe("npm run bench", () => {
  it("runs every part at a small size and prints one line per measure", async () => {
    const bench = runEntry("scripts/bench.ts", {
      BENCH_WARMUP_SECONDS: "1",
      BENCH_ADDS: "200",
      BENCH_BACKLOG: "40",
      BENCH_RATE: "20",
      BENCH_SECONDS: "1",
      BENCH_ADMIN_LINKS: "2000",
      BENCH_ADMIN_USERS: "200",
      BENCH_ADMIN_REQUESTS: "5",
      BENCH_OPS_BACKLOG: "30",
      BENCH_OPS_FAILURES: "100",
      BENCH_OPS_REPLAY_SECONDS: "60",
      BENCH_IMPORT_LINKS: "60",
      BENCH_SEARCH_LINKS: "3000",
      BENCH_SEARCH_USER_LINKS: "1000",
      BENCH_SEARCH_REQUESTS: "3",
      BENCH_CACHE_USERS: "20",
      BENCH_CACHE_PAGES: "5",
    });
    const { code } = await bench.exited();
    const output = bench.output();
    expect(code, output).toBe(0);
    expect(output).toMatch(/\| add-endpoint latency, 50 concurrent clients, 200 adds after 1 s of warm-up \| p50 [\d.]+ ms, p95 [\d.]+ ms, p99 [\d.]+ ms \(\d+ adds\/s\) \|/);
    expect(output).toMatch(/\| pipeline throughput, 1 worker process \(concurrency \d+\) \| [\d.]+ links\/s over 40 links \(0 failed\); worker CPU [\d.]+ ms per link \(\d+ links per CPU second\), beside it Postgres [\d.]+, Redis [\d.]+, bench process [\d.]+ ms \|/);
    expect(output).toMatch(/\| pipeline throughput, 2 worker processes \| [\d.]+ links\/s over 40 links \(0 failed\); worker CPU [\d.]+ ms per link \(\d+ links per CPU second\), beside it Postgres [\d.]+, Redis [\d.]+, bench process [\d.]+ ms \|/);
    expect(output).toMatch(/\| add→enriched latency, 20 links\/s for 1 s, 1 worker \| p50 [\d.]+ ms, p95 [\d.]+ ms \(20 links\) \|/);
    expect(output).toMatch(/\| the same links by stage \(p50 \/ max\) \| answer [\d.]+ \/ [\d.]+; queued [\d.]+ \/ [\d.]+; .*; store [\d.]+ \/ [\d.]+ ms; \d+ postponements \|/);
    expect(output).toMatch(/\| admin overview, GET \/api\/admin\/stats, 2,000 links \(\+20 not yet vacuumed\), 200 users, 5 requests one at a time \| p50 [\d.]+ ms, p95 [\d.]+ ms, max [\d.]+ ms \|/);
    expect(output).toMatch(/\| admin page, GET \/admin \(stats, flags, activity, rendered\), 2,000 links \(\+20 not yet vacuumed\), 200 users, 5 requests one at a time \| p50 [\d.]+ ms, p95 [\d.]+ ms, max [\d.]+ ms \|/);
    for (const workers of ["1 worker process", "2 worker processes", "4 worker processes"]) {
      expect(output).toContain(`| ops scaling, ${workers} (concurrency `);
    }
    expect(output).toMatch(/\| ops scaling, 4 worker processes \(concurrency \d+ each\) \| [\d.]+ links\/s over 30 links \(0 failed\) \|/);
    expect(output).toMatch(/\| ops failures by reason, GET \/api\/admin\/jobs\/failures \(groups and first 50\), 100 failed links \(5 reasons, 40 users\), 2,120 links in all, 200 users, 5 requests one at a time \| p50 [\d.]+ ms, p95 [\d.]+ ms, max [\d.]+ ms \|/);
    expect(output).toMatch(/\| ops jobs page, GET \/admin\/jobs \(queues, failures, workers, rendered\), 100 failed links \(5 reasons, 40 users\), 2,120 links in all, 200 users, 5 requests one at a time \| p50 [\d.]+ ms, p95 [\d.]+ ms, max [\d.]+ ms \|/);
    expect(output).toMatch(/\| ops replay, retry-all of 100 failed links \(5 reasons, 40 users\) until all queued \(POST \/api\/admin\/jobs\/retry, no worker running\) \| [\d.]+ s, 1 call, 100 queued \|/);
    expect(output).toMatch(/\| import of 60 bookmarks \(URL list\), 2 worker processes: upload and staging, then saved and all enriched \| upload [\d.]+ m?s; all done in [\d.]+ s \(60 saved, 60 enriched, 0 failed, 0 not enriched\) \|/);
    expect(output).toMatch(/\| links added by hand during that import, by stage \(p50 \/ max\) \| answer .*; queued .*; host slot .*; parser thread .* ms; \d+ postponements \|/);
    expect(output).toMatch(/\| search, a word in [\d.]+% of links .*sort=relevance, first page of 50, .*3 queries \| p50 [\d.]+ ms, p95 [\d.]+ ms, max [\d.]+ ms; /);
    // Without the shared fetch cache every save fetches its page; with it, each page at most twice (stored at its second fetch).
    expect(output).toMatch(/\| fetch-cache, 20 users × 5 pages \(100 saves\), 1 worker process, shared fetch cache off \(FETCH_CACHE_TTL_MS=0\) \| 100 pages fetched; all done in [\d.]+ s from the worker's start \([\d.]+ links\/s, 0 failed\) \|/);
    expect(output).toMatch(/\| fetch-cache, 20 users × 5 pages \(100 saves\), 1 worker process, shared fetch cache on \| 10 pages fetched; all done in [\d.]+ s from the worker's start \([\d.]+ links\/s, 0 failed\) \|/);
    // Every replayed failure ends enriched: the loopback pages answer 200.
    expect(output).toMatch(/\| ops replay, the replayed failures processed by 4 worker processes \| [\d.]+ s from the workers' start, 100 enriched, 0 failed \([\d.]+ links\/s\) \|/);
    // Every part at a small size still starts about fifteen worker processes and loads three data sets:
    // 170–215 s alone or in the suite on these two cores, more when the machine is loaded.
  }, 600_000);
});

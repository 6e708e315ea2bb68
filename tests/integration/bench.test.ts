import { describe, expect, it } from "vitest";
import { runEntry } from "../helpers/processes";

// `npm run bench` is how the speed targets are measured (docs/performance.md); a benchmark is not a
// test, so this only checks, at a tiny size, that it still runs and prints its rows for the parts
// that need no more than a few processes: the add endpoint, the pipeline with one and two workers,
// the admin overview and search. The other parts (import, operations at 4 workers, library,
// fetch cache, render) are measured by `npm run bench` itself. No timing is asserted here, and
// every size is the smallest that still runs each measure's code (a tenth of the backlog warms
// the workers up; 20 links leave some measured after the first batch a worker takes at once).
describe("npm run bench", () => {
  it("runs its core parts at a small size and prints one line per measure", async () => {
    const bench = runEntry("scripts/bench.ts", {
      BENCH_PARTS: "add,pipeline,admin,search",
      BENCH_WARMUP_SECONDS: "0",
      BENCH_ADDS: "50",
      BENCH_BACKLOG: "20",
      BENCH_RATE: "5",
      BENCH_SECONDS: "1",
      BENCH_ADMIN_LINKS: "200",
      BENCH_ADMIN_USERS: "20",
      BENCH_ADMIN_REQUESTS: "2",
      BENCH_SEARCH_LINKS: "300",
      BENCH_SEARCH_USER_LINKS: "100",
      BENCH_SEARCH_REQUESTS: "1",
    });
    const { code } = await bench.exited();
    const output = bench.output();
    expect(code, output).toBe(0);
    expect(output).toMatch(/\| add-endpoint latency, 50 concurrent clients, 50 adds after 0 s of warm-up \| p50 [\d.]+ ms, p95 [\d.]+ ms, p99 [\d.]+ ms \(\d+ adds\/s\) \|/);
    expect(output).toMatch(/\| pipeline throughput, 1 worker process \(concurrency \d+\) \| [\d.]+ links\/s over 20 links \(0 failed\); worker CPU [\d.]+ ms per link \(\d+ links per CPU second\), beside it Postgres [\d.]+, Redis [\d.]+, bench process [\d.]+ ms \|/);
    expect(output).toMatch(/\| pipeline throughput, 2 worker processes \| [\d.]+ links\/s over 20 links \(0 failed\); worker CPU [\d.]+ ms per link \(\d+ links per CPU second\), beside it Postgres [\d.]+, Redis [\d.]+, bench process [\d.]+ ms \|/);
    expect(output).toMatch(/\| add→enriched latency, 5 links\/s for 1 s, 1 worker \| p50 [\d.]+ ms, p95 [\d.]+ ms \(5 links\) \|/);
    expect(output).toMatch(/\| the same links by stage \(p50 \/ max\) \| answer [\d.]+ \/ [\d.]+; queued [\d.]+ \/ [\d.]+; .*; store [\d.]+ \/ [\d.]+ ms; \d+ postponements \|/);
    expect(output).toMatch(/\| admin overview, GET \/api\/admin\/stats, 200 links \(\+2 not yet vacuumed\), 20 users, 2 requests one at a time \| p50 [\d.]+ ms, p95 [\d.]+ ms, max [\d.]+ ms \|/);
    expect(output).toMatch(/\| admin page, GET \/admin \(stats, flags, activity, rendered\), 200 links \(\+2 not yet vacuumed\), 20 users, 2 requests one at a time \| p50 [\d.]+ ms, p95 [\d.]+ ms, max [\d.]+ ms \|/);
    expect(output).toMatch(/\| search, a word in [\d.]+% of links .*sort=relevance, first page of 50, .*1 queries \| p50 [\d.]+ ms, p95 [\d.]+ ms, max [\d.]+ ms; /);
    // Nothing of the parts left out ran.
    expect(output).not.toContain("| ops scaling");
    expect(output).not.toContain("| import of ");
  }, 300_000);
});

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
    });
    const { code } = await bench.exited();
    const output = bench.output();
    expect(code, output).toBe(0);
    expect(output).toMatch(/\| add-endpoint latency, 50 concurrent clients, 200 adds after 1 s of warm-up \| p50 [\d.]+ ms, p95 [\d.]+ ms, p99 [\d.]+ ms \(\d+ adds\/s\) \|/);
    expect(output).toMatch(/\| pipeline throughput, 1 worker process \(concurrency \d+\) \| [\d.]+ links\/s over 40 links \(0 failed\) \|/);
    expect(output).toMatch(/\| pipeline throughput, 2 worker processes \| [\d.]+ links\/s over 40 links \(0 failed\) \|/);
    expect(output).toMatch(/\| add→enriched latency, 20 links\/s for 1 s, 1 worker \| p50 [\d.]+ ms, p95 [\d.]+ ms \(20 links\) \|/);
    expect(output).toMatch(/\| admin overview, GET \/api\/admin\/stats, 2,000 links \(\+20 not yet vacuumed\), 200 users, 5 requests one at a time \| p50 [\d.]+ ms, p95 [\d.]+ ms, max [\d.]+ ms \|/);
    expect(output).toMatch(/\| admin page, GET \/admin \(stats, flags, activity, rendered\), 2,000 links \(\+20 not yet vacuumed\), 200 users, 5 requests one at a time \| p50 [\d.]+ ms, p95 [\d.]+ ms, max [\d.]+ ms \|/);
  }, 120_000);
});

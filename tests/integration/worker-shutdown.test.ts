import { setTimeout as sleep } from "node:timers/promises";
import { Queue } from "bullmq";
import { Redis } from "ioredis";
import { afterAll, describe, expect, it } from "vitest";
import { db } from "~/server/platform/db.server";
import { QUEUES } from "~/server/jobs/queue.server";
import { createServer } from "node:net";
import { runEntry } from "../helpers/processes";
import { startRedisServer } from "../helpers/redis-server";

const connection = new Redis(process.env.REDIS_URL!, { maxRetriesPerRequest: null });
const queue = new Queue(QUEUES.system, { connection, prefix: process.env.REDIS_PREFIX });

afterAll(async () => {
  await queue.close();
  connection.disconnect();
});

function startWorker(shutdownTimeoutMs: number) {
  return runEntry("worker/index.ts", {
    LOG_LEVEL: "debug",
    WORKER_SHUTDOWN_TIMEOUT_MS: String(shutdownTimeoutMs),
    // Far in the future: only the jobs this test adds run.
    HEARTBEAT_INTERVAL_MS: "3600000",
  });
}

async function waitForState(jobId: string, state: string, timeoutMs = 10_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if ((await queue.getJobState(jobId)) === state) return;
    await sleep(50);
  }
  throw new Error(`job ${jobId} never became ${state}; it is ${await queue.getJobState(jobId)}`);
}

describe("the worker process", () => {
  it("finishes the job in flight on SIGTERM, leaves the heartbeat table and exits 0", async () => {
    const worker = startWorker(20_000);
    await worker.waitFor(/worker: ready/);
    expect(await db().selectFrom("worker_heartbeats").select("pid").execute()).toEqual([{ pid: worker.child.pid }]);

    await queue.add("heartbeat", { holdMs: 1_500 }, { jobId: "in-flight" });
    await waitForState("in-flight", "active");
    worker.child.kill("SIGTERM");

    expect(await worker.exited()).toEqual({ code: 0, signal: null });
    const job = await queue.getJob("in-flight");
    expect(await job!.getState()).toBe("completed");
    expect(job!.returnvalue).toMatchObject({ workerId: expect.stringContaining(String(worker.child.pid)) });
    expect(worker.output()).toMatch(/heartbeat job done .*jobId=in-flight/);
    expect(worker.output()).toMatch(/worker: stopped cleanly/);
    expect(await db().selectFrom("worker_heartbeats").selectAll().execute()).toEqual([]);
  });

  it("gives up on a job that outlasts its shutdown timeout and still exits 0, leaving the job unfinished", async () => {
    const worker = startWorker(300);
    await worker.waitFor(/worker: ready/);
    await queue.add("heartbeat", { holdMs: 20_000 }, { jobId: "too-long" });
    await waitForState("too-long", "active");

    const signalledAt = Date.now();
    worker.child.kill("SIGTERM");
    expect(await worker.exited()).toEqual({ code: 0, signal: null });
    expect(Date.now() - signalledAt).toBeLessThan(10_000);
    expect(worker.output()).toMatch(/shutdown timeout reached/);
    // Not completed: its lock expires and another worker takes it up as stalled.
    expect(await queue.getJobState("too-long")).toBe("active");
  });

  it("says once that Redis went away, retries quietly, and says when it is back", async () => {
    const redis = await startRedisServer();
    const port = Number(new URL(redis.url).port);
    const worker = runEntry("worker/index.ts", { REDIS_URL: redis.url, HEARTBEAT_INTERVAL_MS: "3600000", LOG_LEVEL: "info" });
    try {
      await worker.waitFor(/worker: ready/);
      await redis.stop();
      await worker.waitFor(/Redis does not answer/);

      // Stands in for Redis while it is away: accepts and hangs up, counting the worker's attempts.
      let attempts = 0;
      const away = createServer((socket) => {
        attempts++;
        socket.destroy();
      });
      await new Promise<void>((resolve) => away.listen(port, "127.0.0.1", resolve));
      await expect.poll(() => attempts, { timeout: 30_000, interval: 100 }).toBeGreaterThanOrEqual(5);
      await new Promise((resolve) => away.close(resolve));

      const back = await startRedisServer(port);
      try {
        await worker.waitFor(/Redis answers again/, 30_000);
        expect(worker.output().match(/Redis does not answer/g)).toHaveLength(1);
        expect(worker.output()).not.toMatch(/worker error|^\s+at \S/m);
        worker.child.kill("SIGTERM");
        expect(await worker.exited()).toEqual({ code: 0, signal: null });
      } finally {
        await back.stop();
      }
    } finally {
      worker.child.kill("SIGKILL");
      await redis.stop();
    }
  });

  it("refuses to start with a bad variable and names it", async () => {
    const worker = runEntry("worker/index.ts", { WORKER_CONCURRENCY: "lots" });
    expect((await worker.exited()).code).toBe(1);
    expect(worker.output()).toMatch(/WORKER_CONCURRENCY/);
  });
});

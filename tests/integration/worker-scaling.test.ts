import { randomUUID } from "node:crypto";
import { setTimeout as sleep } from "node:timers/promises";
import { Queue } from "bullmq";
import { Redis } from "ioredis";
import { afterAll, describe, expect, it } from "vitest";
import { QUEUES } from "~/server/jobs/queue.server";
import { runEntry, type RunningProcess } from "../helpers/processes";

// A worker process that serves only some queues, with a concurrency of its own per queue: the
// way an operator puts model-heavy work on machines of its own.
const connection = new Redis(process.env.REDIS_URL!, { maxRetriesPerRequest: null });
const prefix = process.env.REDIS_PREFIX;
const system = new Queue(QUEUES.system, { connection, prefix });
const links = new Queue(QUEUES.enrichLink, { connection, prefix });
const tasks = new Queue(QUEUES.enrichTask, { connection, prefix });
const workers: RunningProcess[] = [];

afterAll(async () => {
  for (const worker of workers) {
    if (worker.child.exitCode === null && worker.child.signalCode === null) worker.child.kill("SIGKILL");
    await worker.exited();
  }
  await Promise.all([system.close(), links.close(), tasks.close()]);
  connection.disconnect();
});

async function until<T>(what: string, check: () => Promise<T | undefined>, timeoutMs = 20_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting until ${what}`);
    await sleep(50);
  }
}

describe("WORKER_QUEUES and per-queue WORKER_CONCURRENCY", () => {
  it("consumes only the queues it is given, each with its own concurrency", async () => {
    const worker = runEntry("worker/index.ts", {
      LOG_LEVEL: "info",
      WORKER_QUEUES: "system",
      WORKER_CONCURRENCY: "1,system=3",
      HEARTBEAT_INTERVAL_MS: "3600000",
      // No reconciler pass during the test: it would look at links, not at these jobs.
      RECONCILE_INTERVAL_MS: "3600000",
    });
    workers.push(worker);
    await worker.waitFor(/worker: ready/);
    expect(worker.output()).toMatch(/worker: ready workerId=\S+ queues=system concurrency=system:3\n/);

    // Work for the queues it does not serve, waiting before and after its own work ran.
    await links.add("enrich-link", { linkId: randomUUID() }, { jobId: "link-job" });
    await tasks.add("enrich-task", { artifactId: randomUUID() }, { jobId: "task-job" });
    const beats = ["beat-a", "beat-b", "beat-c"];
    for (const jobId of beats) await system.add("heartbeat", { holdMs: 3_000 }, { jobId });
    const states = () => Promise.all(beats.map((jobId) => system.getJobState(jobId)));

    // Three at once on `system`, though the number for every other queue is 1.
    await until("three heartbeat jobs run at once", async () => ((await states()).every((state) => state === "active") ? true : undefined));
    await until("the heartbeat jobs are done", async () => ((await states()).every((state) => state === "completed") ? true : undefined));

    expect(await links.getJobState("link-job")).toBe("waiting");
    expect(await tasks.getJobState("task-job")).toBe("waiting");
    expect(await system.getWorkersCount()).toBe(1);
    expect(await links.getWorkersCount()).toBe(0);
    expect(await tasks.getWorkersCount()).toBe(0);

    worker.child.kill("SIGTERM");
    expect(await worker.exited()).toEqual({ code: 0, signal: null });
  });

  it("refuses an unknown queue and names the variable", async () => {
    const worker = runEntry("worker/index.ts", { WORKER_QUEUES: "system,enrich-links" });
    workers.push(worker);
    expect((await worker.exited()).code).toBe(1);
    expect(worker.output()).toMatch(/WORKER_QUEUES: "enrich-links" is not a queue \(queues: system, enrich-link, enrich-task, import, bulk, render, render-background, webhook-delivery, feed-poll\)/);
  });
});

import type { Job } from "bullmq";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getQueue, QUEUES, type QueueName } from "~/server/jobs/queue.server";
import { redis, whenReady } from "~/server/platform/redis.server";
import { runEntry, type RunningProcess } from "../helpers/processes";

// A job whose payload does not match its queue's schema can never succeed: one attempt only.
let worker: RunningProcess;

beforeAll(async () => {
  worker = runEntry("worker/index.ts", { HEARTBEAT_INTERVAL_MS: "3600000", LOG_LEVEL: "info" });
  await worker.waitFor(/worker: ready/);
  await whenReady(redis(), 10_000);
}, 120_000);
afterAll(async () => {
  worker?.child.kill("SIGTERM");
  await worker?.exited();
});

async function settled(job: Job, timeoutMs = 20_000): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const state = await job.getState();
    if (state === "failed" || state === "completed") return state;
    if (Date.now() > deadline) throw new Error(`job ${job.id} still ${state} after ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe("a job with a payload its queue does not take", () => {
  it.each<[QueueName, string, object]>([
    [QUEUES.enrichLink, "enrich-link", { linkId: "not-a-uuid" }],
    [QUEUES.enrichTask, "enrich-task", {}],
    [QUEUES.system, "heartbeat", { holdMs: -1 }],
  ])("%s fails at the first attempt, saying why", async (queueName, jobName, data) => {
    const job = await getQueue(queueName).add(jobName, data, { attempts: 3, backoff: { type: "fixed", delay: 50 } });
    expect(await settled(job)).toBe("failed");
    const failed = await getQueue(queueName).getJob(job.id!);
    expect(failed?.attemptsMade).toBe(1);
    expect(failed?.failedReason).toMatch(/payload/i);
  });
});

import { setTimeout as sleep } from "node:timers/promises";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "~/server/platform/db.server";
import { freePort } from "../../scripts/lib/free-port";
import { runEntry, type RunningProcess } from "../helpers/processes";
import { startRedisServer } from "../helpers/redis-server";
import { startWebServer } from "../helpers/web-server";

// /api/status counts the workers that beat within about one heartbeat interval: a killed
// worker drops out of the count within an interval or so, a stopped one at once.
const INTERVAL_MS = 3_000;
const env = { HEARTBEAT_INTERVAL_MS: String(INTERVAL_MS) };

let web: Awaited<ReturnType<typeof startWebServer>>;
const workers: RunningProcess[] = [];

beforeAll(async () => {
  web = await startWebServer(env);
});

afterAll(async () => {
  for (const worker of workers) {
    if (worker.child.exitCode === null && worker.child.signalCode === null) worker.child.kill("SIGKILL");
    await worker.exited();
  }
  await web?.close();
});

async function liveWorkers(): Promise<number | null> {
  const response = await fetch(`${web.baseUrl}/api/status`);
  return ((await response.json()) as { workers: number | null }).workers;
}

async function waitForWorkers(count: number, timeoutMs: number): Promise<number> {
  const started = Date.now();
  while ((await liveWorkers()) !== count) {
    if (Date.now() - started > timeoutMs) throw new Error(`/api/status did not count ${count} workers within ${timeoutMs} ms`);
    await sleep(50);
  }
  return Date.now() - started;
}

async function startWorker() {
  const worker = runEntry("worker/index.ts", { ...env, LOG_LEVEL: "info" });
  workers.push(worker);
  await worker.waitFor(/worker: ready/);
  await waitForWorkers(1, 20_000);
  return worker;
}

async function lastBeat(pid: number): Promise<number | undefined> {
  const row = await db().selectFrom("worker_heartbeats").select("last_beat_at").where("pid", "=", pid).executeTakeFirst();
  return row?.last_beat_at.getTime();
}

describe("worker liveness in /api/status", () => {
  it("stops counting a SIGKILLed worker within about one heartbeat interval", async () => {
    const worker = await startWorker();
    const pid = worker.child.pid!;
    // Kill just after a beat: the worst case, the longest a dead worker can look alive.
    const before = await lastBeat(pid);
    while ((await lastBeat(pid)) === before) await sleep(20);
    worker.child.kill("SIGKILL");
    await worker.exited();

    // The one timing bound: two intervals plus slack for a busy machine (one interval and a
    // small grace is what status allows).
    const deadlineMs = 2 * INTERVAL_MS + 1_500;
    await expect(waitForWorkers(0, deadlineMs)).resolves.toBeLessThanOrEqual(deadlineMs);
  });

  it("stops counting a worker as soon as it shuts down cleanly", async () => {
    const worker = await startWorker();
    worker.child.kill("SIGTERM");
    expect(await worker.exited()).toEqual({ code: 0, signal: null });
    expect(await liveWorkers()).toBe(0);
  });
});

describe("the worker's own liveness probe (GET /healthz on WORKER_METRICS_PORT)", () => {
  it("answers 200 while Redis is connected and beats are recent, 503 once Redis is gone", async () => {
    const redis = await startRedisServer();
    const port = await freePort();
    // A short drain: with Redis gone, closing the queues waits for it until the timeout.
    const worker = runEntry("worker/index.ts", { ...env, LOG_LEVEL: "info", REDIS_URL: redis.url, WORKER_METRICS_PORT: String(port), WORKER_SHUTDOWN_TIMEOUT_MS: "1000" });
    workers.push(worker);
    try {
      await worker.waitFor(/worker: ready/);
      const healthz = async () => {
        const response = await fetch(`http://127.0.0.1:${port}/healthz`);
        return { status: response.status, body: (await response.json()) as Record<string, unknown> };
      };
      expect(await healthz()).toEqual({ status: 200, body: { status: "ok", redis: "ready", lastBeatSecondsAgo: expect.any(Number), queues: ["system", "enrich-link", "enrich-task", "import", "bulk", "render", "render-background", "webhook-delivery", "feed-poll"] } });

      await redis.stop();
      await expect.poll(async () => (await healthz()).status, { timeout: 15_000 }).toBe(503);
      const { body } = await healthz();
      expect(body.status).toBe("unhealthy");
      expect(body.redis).not.toBe("ready");

      worker.child.kill("SIGTERM");
      expect(await worker.exited()).toEqual({ code: 0, signal: null });
    } finally {
      await redis.stop();
    }
  });
});

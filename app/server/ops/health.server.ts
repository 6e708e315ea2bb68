import { db } from "../platform/db.server";
import { env } from "../platform/env.server";
import { redis, whenReady } from "../platform/redis.server";
import { pingDatabase } from "../repos/database.server";
import { listLiveWorkers } from "../repos/worker-heartbeats.server";
import { queueDepths, queueWorkerCounts, type QueueDepth } from "../jobs/queue-depth.server";
import type { QueueName } from "../platform/queue-names.server";

/** One queue's jobs by state, and the worker processes consuming it now (null: Redis will not say). */
export type QueueStatus = QueueDepth & { workers: number | null };

export type ComponentState = { ok: true; latencyMs: number } | { ok: false; error: string };

export interface SystemStatus {
  status: "ok" | "degraded";
  /** Names of the parts that did not answer. */
  down: string[];
  postgres: ComponentState;
  redis: ComponentState;
  /** Worker processes that beat recently; informational, a web server may run alone. */
  workers: number | null;
  /** Per queue: jobs by state and live workers consuming it; null when Redis does not answer. */
  queues: Record<QueueName, QueueStatus> | null;
  uptimeSeconds: number;
  time: string;
}

const CHECK_TIMEOUT_MS = 2_000;

/**
 * A worker counts as live when it beat within one interval plus a small grace for a slow
 * beat, so a killed one drops out about one interval after its last beat. One that stops
 * cleanly deletes its row and drops out at once.
 */
export function liveWorkerWindowMs(heartbeatIntervalMs: number): number {
  return heartbeatIntervalMs + Math.min(heartbeatIntervalMs / 2, 5_000);
}

/** Worker processes that beat within the live window (see liveWorkerWindowMs). */
export async function liveWorkerCount(): Promise<number> {
  return (await listLiveWorkers(db(), liveWorkerWindowMs(env().HEARTBEAT_INTERVAL_MS))).length;
}

/** `check`'s answer, or a rejection once it has taken longer than the status may wait. */
async function withinCheckTimeout<T>(check: () => Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  try {
    return await Promise.race([
      check(),
      new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error(`no answer within ${CHECK_TIMEOUT_MS} ms`)), CHECK_TIMEOUT_MS);
      }),
    ]);
  } finally {
    clearTimeout(timer);
  }
}

async function timed(check: () => Promise<unknown>): Promise<ComponentState> {
  const started = performance.now();
  try {
    await withinCheckTimeout(check);
    return { ok: true, latencyMs: Math.round(performance.now() - started) };
  } catch (error) {
    return { ok: false, error: error instanceof Error ? error.message : String(error) };
  }
}

async function queueStatus(): Promise<Record<QueueName, QueueStatus> | null> {
  try {
    const [depths, workers] = await withinCheckTimeout(() => Promise.all([queueDepths(), queueWorkerCounts()]));
    const entries = Object.entries(depths).map(([name, depth]) => [name, { ...depth, workers: workers?.[name as QueueName] ?? null }]);
    return Object.fromEntries(entries) as Record<QueueName, QueueStatus>;
  } catch {
    return null;
  }
}

/** Pings Postgres and Redis, counts live workers and each queue's jobs; used by /api/status and the start script. */
export async function getSystemStatus(): Promise<SystemStatus> {
  const [postgres, redisState, queues] = await Promise.all([
    timed(() => pingDatabase(db())),
    timed(async () => (await whenReady(redis(), CHECK_TIMEOUT_MS)).ping()),
    queueStatus(),
  ]);
  let workers: number | null = null;
  if (postgres.ok) {
    workers = await liveWorkerCount().catch(() => null);
  }
  const down = [postgres.ok ? null : "postgres", redisState.ok ? null : "redis"].filter((x): x is string => x !== null);
  return {
    status: down.length === 0 ? "ok" : "degraded",
    down,
    postgres,
    redis: redisState,
    workers,
    queues: redisState.ok ? queues : null,
    uptimeSeconds: Math.round(process.uptime()),
    time: new Date().toISOString(),
  };
}

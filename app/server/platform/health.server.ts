import { db } from "./db.server";
import { env } from "./env.server";
import { redis, whenReady } from "./redis.server";
import { pingDatabase } from "../repos/database.server";
import { listLiveWorkers } from "../repos/worker-heartbeats.server";

export type ComponentState = { ok: true; latencyMs: number } | { ok: false; error: string };

export interface SystemStatus {
  status: "ok" | "degraded";
  /** Names of the parts that did not answer. */
  down: string[];
  postgres: ComponentState;
  redis: ComponentState;
  /** Worker processes that beat recently; informational, a web server may run alone. */
  workers: number | null;
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

async function timed(check: () => Promise<unknown>): Promise<ComponentState> {
  const started = performance.now();
  let timer: NodeJS.Timeout | undefined;
  try {
    await Promise.race([
      check(),
      new Promise((_, reject) => {
        timer = setTimeout(() => reject(new Error(`no answer within ${CHECK_TIMEOUT_MS} ms`)), CHECK_TIMEOUT_MS);
      }),
    ]);
    return { ok: true, latencyMs: Math.round(performance.now() - started) };
  } catch (error) {
    return { ok: false, error: error instanceof Error ? error.message : String(error) };
  } finally {
    clearTimeout(timer);
  }
}

/** Pings Postgres and Redis; used by /api/status and the start script. */
export async function getSystemStatus(): Promise<SystemStatus> {
  const [postgres, redisState] = await Promise.all([
    timed(() => pingDatabase(db())),
    timed(async () => (await whenReady(redis(), CHECK_TIMEOUT_MS)).ping()),
  ]);
  let workers: number | null = null;
  if (postgres.ok) {
    const live = await listLiveWorkers(db(), liveWorkerWindowMs(env().HEARTBEAT_INTERVAL_MS)).catch(() => null);
    workers = live ? live.length : null;
  }
  const down = [postgres.ok ? null : "postgres", redisState.ok ? null : "redis"].filter((x): x is string => x !== null);
  return {
    status: down.length === 0 ? "ok" : "degraded",
    down,
    postgres,
    redis: redisState,
    workers,
    uptimeSeconds: Math.round(process.uptime()),
    time: new Date().toISOString(),
  };
}

import { sql } from "kysely";
import type { Database } from "../platform/db.server";
import type { RunningJob } from "../platform/db-schema.server";
import { toJsonb } from "../platform/strip-nul-plugin.server";

export interface WorkerStatus {
  workerId: string;
  hostname: string;
  pid: number;
  startedAt: Date;
  queues?: string[];
  concurrency?: number;
  heartbeatIntervalMs?: number;
  /** Jobs finished (completed, failed) since the process started. */
  jobsDone?: number;
  jobsFailed?: number;
  running?: RunningJob[];
}

/** The worker's row with everything it knows now; also its liveness beat. */
export async function upsertWorkerHeartbeat(db: Database, worker: WorkerStatus): Promise<void> {
  const status = {
    queues: worker.queues ?? [],
    concurrency: worker.concurrency ?? null,
    heartbeat_interval_ms: worker.heartbeatIntervalMs ?? null,
    jobs_processed: worker.jobsDone ?? 0,
    jobs_failed: worker.jobsFailed ?? 0,
    current_jobs: toJsonb(worker.running ?? []),
  };
  await db
    .insertInto("worker_heartbeats")
    .values({
      worker_id: worker.workerId,
      hostname: worker.hostname,
      pid: worker.pid,
      started_at: worker.startedAt,
      // The database's clock, the one listLiveWorkers compares with: no skew between hosts.
      last_beat_at: sql<Date>`now()`,
      ...status,
    })
    .onConflict((oc) => oc.column("worker_id").doUpdateSet({ last_beat_at: sql<Date>`now()`, ...status }))
    .execute();
}

/** A beat from a job the worker ran (the heartbeat job proves the queue round trip). */
export async function touchWorkerHeartbeat(db: Database, workerId: string): Promise<void> {
  await db.updateTable("worker_heartbeats").set({ last_beat_at: sql<Date>`now()` }).where("worker_id", "=", workerId).execute();
}

export async function deleteWorkerHeartbeat(db: Database, workerId: string): Promise<void> {
  await db.deleteFrom("worker_heartbeats").where("worker_id", "=", workerId).execute();
}

/** Workers whose last beat is newer than `withinMs`. */
export async function listLiveWorkers(db: Database, withinMs: number) {
  return db
    .selectFrom("worker_heartbeats")
    .selectAll()
    .where("last_beat_at", ">", sql<Date>`now() - make_interval(secs => ${withinMs / 1000})`)
    .orderBy("started_at")
    .execute();
}

/**
 * Every worker row with whether it is lost: no beat for two of its own intervals (or of
 * `defaultIntervalMs` for a row that does not say), judged by the database's clock.
 */
export async function listWorkerHeartbeats(db: Database, defaultIntervalMs: number) {
  return db
    .selectFrom("worker_heartbeats")
    .selectAll()
    .select(
      sql<boolean>`last_beat_at < now() - make_interval(secs => 2 * coalesce(heartbeat_interval_ms, ${defaultIntervalMs}) / 1000.0)`.as("lost"),
    )
    .orderBy("hostname")
    .orderBy("started_at")
    .execute();
}

/** Forgets workers silent for longer than `silentForMs`; returns how many. */
export async function deleteLostWorkers(db: Database, silentForMs: number): Promise<number> {
  const result = await db
    .deleteFrom("worker_heartbeats")
    .where("last_beat_at", "<", sql<Date>`now() - make_interval(secs => ${silentForMs / 1000})`)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

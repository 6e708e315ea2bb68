import { sql } from "kysely";
import type { Database } from "../platform/db.server";

export async function upsertWorkerHeartbeat(
  db: Database,
  worker: { workerId: string; hostname: string; pid: number; startedAt: Date },
): Promise<void> {
  await db
    .insertInto("worker_heartbeats")
    .values({
      worker_id: worker.workerId,
      hostname: worker.hostname,
      pid: worker.pid,
      started_at: worker.startedAt,
      // The database's clock, the one listLiveWorkers compares with: no skew between hosts.
      last_beat_at: sql<Date>`now()`,
    })
    .onConflict((oc) => oc.column("worker_id").doUpdateSet({ last_beat_at: sql<Date>`now()` }))
    .execute();
}

export async function incrementWorkerJobs(db: Database, workerId: string): Promise<void> {
  await db
    .updateTable("worker_heartbeats")
    .set((eb) => ({ jobs_processed: eb("jobs_processed", "+", 1), last_beat_at: sql<Date>`now()` }))
    .where("worker_id", "=", workerId)
    .execute();
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

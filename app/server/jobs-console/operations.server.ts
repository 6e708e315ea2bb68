import type { Job, Queue } from "bullmq";
import { QUEUE_NAMES, type JobDetail, type JobQueueName, type JobsStats, type QueueStats, type WorkerInfo } from "~/lib/jobs";
import { recordAudit } from "../audit/audit.server";
import { db } from "../platform/db.server";
import { env } from "../platform/env.server";
import { HttpError } from "../platform/http.server";
import { redis, whenReady } from "../platform/redis.server";
import { countFailures } from "../repos/failures.server";
import { getUserByEmail } from "../repos/users.server";
import { deleteLostWorkers, listWorkerHeartbeats } from "../repos/worker-heartbeats.server";
import { metricsSeries, parseLogLine, reconstructAttempts } from "../jobs/log-lines.server";
import { getQueue, type QueueName } from "../jobs/queue.server";

/**
 * The operator's view of the queues: counts, throughput, the oldest waiting job, pause and
 * resume, one job's detail, removing and promoting jobs, and the workers. Every change is
 * written to the audit trail once Redis has done it (Redis has no transaction with Postgres).
 */

/** Who acts: an admin (id and email) or the command line (a label alone). */
export interface Actor {
  id: string | null;
  label: string;
}

/** An admin signed in to the console or the API. */
export function actorOf(user: { id: string; email: string }): Actor {
  return { id: user.id, label: user.email };
}

/**
 * Who runs the command line: with `as`, an admin's email (checked: it must be an Admin), else
 * the operating-system user, a label alone. Either way the audit trail names it.
 */
export async function cliActor({ as, osUser }: { as?: string; osUser: string }): Promise<Actor> {
  if (as === undefined) return { id: null, label: `cli:${osUser}` };
  const user = await getUserByEmail(db(), as.trim().toLowerCase());
  if (!user || user.role !== "Admin") throw new HttpError(403, `${as} is not an admin account.`);
  return { id: user.id, label: `${user.email} (cli:${osUser})` };
}

/** A worker silent this long is forgotten (its row deleted) by the hourly cleanup. */
export const FORGET_LOST_WORKERS_MS = 24 * 60 * 60 * 1000;

const PRIORITY_SHIFT = 0x100000000;

function queue(name: JobQueueName): Queue {
  return getQueue(name as QueueName);
}

export function isQueueName(name: string): name is JobQueueName {
  return (QUEUE_NAMES as readonly string[]).includes(name);
}

function requireQueueName(name: string): JobQueueName {
  if (!isQueueName(name)) throw new HttpError(404, `No queue named "${name}". Queues: ${QUEUE_NAMES.join(", ")}.`);
  return name;
}

/**
 * The job that has waited longest. The wait list is first in, first out (its tail is the
 * oldest); prioritized jobs are ordered by priority and then by arrival (BullMQ's score is
 * priority × 2³² + a counter), so the oldest is the first of one of the priorities in use:
 * one look-up per priority finds it.
 */
async function oldestWaiting(q: Queue, now: number): Promise<QueueStats["oldestWaiting"]> {
  const client = redis();
  const candidates: string[] = [];
  const [tail] = await client.lrange(q.keys.wait!, -1, -1);
  if (tail) candidates.push(tail);
  let min = "-inf";
  // A handful of priorities are in use (the plans' and re-enrichment's); the bound is a guard.
  for (let i = 0; i < 32; i++) {
    const [id, score] = await client.zrangebyscore(q.keys.prioritized!, min, "+inf", "WITHSCORES", "LIMIT", 0, 1);
    if (!id || score === undefined) break;
    candidates.push(id);
    min = String((Math.floor(Number(score) / PRIORITY_SHIFT) + 1) * PRIORITY_SHIFT);
  }
  let oldest: { id: string; timestamp: number } | null = null;
  const stamps = await Promise.all(candidates.map((id) => client.hget(q.toKey(id), "timestamp")));
  candidates.forEach((id, i) => {
    const timestamp = Number(stamps[i]);
    if (stamps[i] && (!oldest || timestamp < oldest.timestamp)) oldest = { id, timestamp };
  });
  if (!oldest) return null;
  const { id, timestamp } = oldest as { id: string; timestamp: number };
  return { id, enqueuedAt: new Date(timestamp).toISOString(), ageMs: Math.max(0, now - timestamp) };
}

export async function queueStats(name: JobQueueName): Promise<QueueStats> {
  await whenReady(redis());
  const q = queue(name);
  const now = Date.now();
  const [counts, paused, completed, failed, oldest] = await Promise.all([
    q.getJobCounts("waiting", "prioritized", "active", "delayed", "failed", "completed"),
    q.isPaused(),
    q.getMetrics("completed", 0, 59),
    q.getMetrics("failed", 0, 59),
    oldestWaiting(q, now),
  ]);
  const completedSeries = metricsSeries(completed, now);
  const failedSeries = metricsSeries(failed, now);
  const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);
  return {
    name,
    paused,
    counts: {
      waiting: counts.waiting ?? 0,
      prioritized: counts.prioritized ?? 0,
      active: counts.active ?? 0,
      delayed: counts.delayed ?? 0,
      failed: counts.failed ?? 0,
      completed: counts.completed ?? 0,
    },
    oldestWaiting: oldest,
    perMinute: { from: completedSeries.from.toISOString(), completed: completedSeries.counts, failed: failedSeries.counts },
    lastHour: { completed: sum(completedSeries.counts), failed: sum(failedSeries.counts) },
  };
}

/** Every queue, failed rows in Postgres, and how many workers are live or lost. */
export async function jobsStats(): Promise<JobsStats> {
  const [queues, failures, workers] = await Promise.all([
    Promise.all(QUEUE_NAMES.map((name) => queueStats(name))),
    countFailures(db(), {}),
    listWorkers(),
  ]);
  return {
    queues,
    failures: { total: failures.links + failures.artifacts, ...failures },
    workers: { live: workers.filter((w) => w.status === "live").length, lost: workers.filter((w) => w.status === "lost").length },
    at: new Date().toISOString(),
  };
}

/** The job under `id` in `queueName`, or in the first queue that has one. */
export async function findJob(id: string, queueName?: string): Promise<Job | undefined> {
  await whenReady(redis());
  const names = queueName ? [requireQueueName(queueName)] : (["enrich-link", "enrich-task", "system"] as const);
  for (const name of names) {
    const job = await queue(name).getJob(id);
    if (job) return job;
  }
  return undefined;
}

/** A job as the console shows it: state, payload, every attempt, and its own log lines. */
export async function describeJob(job: Job): Promise<JobDetail> {
  const q = queue(job.queueName as JobQueueName);
  const [state, { logs }] = await Promise.all([job.getState(), q.getJobLogs(job.id!, 0, 499, true)]);
  return {
    queue: job.queueName as JobQueueName,
    id: job.id!,
    name: job.name,
    state,
    data: job.data,
    priority: job.priority ?? 0,
    attemptsMade: job.attemptsMade,
    maxAttempts: job.opts.attempts ?? 1,
    createdAt: new Date(job.timestamp).toISOString(),
    processedAt: job.processedOn ? new Date(job.processedOn).toISOString() : null,
    finishedAt: job.finishedOn ? new Date(job.finishedOn).toISOString() : null,
    failedReason: job.failedReason || null,
    attempts: reconstructAttempts({
      logs,
      stacktrace: job.stacktrace ?? [],
      attemptsMade: job.attemptsMade,
      state,
      failedReason: job.failedReason || null,
      processedOn: job.processedOn ?? null,
      finishedOn: job.finishedOn ?? null,
    }),
    logs: logs.map(parseLogLine),
  };
}

async function requireJob(id: string, queueName?: string): Promise<Job> {
  const job = await findJob(id, queueName);
  if (!job) throw new HttpError(404, `No job ${id}${queueName ? ` in ${queueName}` : ""} (it may have been removed or evicted).`);
  return job;
}

/**
 * Removes a job from Redis. For a link or an on-demand result this only dismisses the job:
 * the row keeps its status and reason (the user still sees it failed, and may retry it); the
 * console keeps listing a failed row, now without a job. A running job cannot be removed.
 */
export async function removeJob({ id, queue: queueName, actor }: { id: string; queue?: string; actor: Actor }) {
  const job = await requireJob(id, queueName);
  const state = await job.getState();
  if (state === "active") throw new HttpError(409, "The job is running; wait for it to finish before removing it.");
  await job.remove();
  await recordAudit({
    kind: "job",
    action: "job.removed",
    actor,
    target: { type: "job", id, label: job.queueName },
    before: { state, attemptsMade: job.attemptsMade, failedReason: job.failedReason || null },
  });
  return { id, queue: job.queueName as JobQueueName, removed: true as const, previousState: state };
}

/** Runs a delayed job now (a backoff or an outage postponement) instead of at its time. */
export async function promoteJob({ id, queue: queueName, actor }: { id: string; queue?: string; actor: Actor }) {
  const job = await requireJob(id, queueName);
  const state = await job.getState();
  if (state !== "delayed") throw new HttpError(409, `Only a delayed job can be promoted; this one is ${state}.`);
  await job.promote();
  await recordAudit({ kind: "job", action: "job.promoted", actor, target: { type: "job", id, label: job.queueName }, before: { state } });
  return { id, queue: job.queueName as JobQueueName, promoted: true as const };
}

/**
 * Pauses or resumes a queue for every worker (BullMQ's global pause): workers finish what
 * they run and take nothing new; jobs added meanwhile wait.
 */
export async function setQueuePaused({ queue: queueName, paused, actor }: { queue: string; paused: boolean; actor: Actor }) {
  const name = requireQueueName(queueName);
  await whenReady(redis());
  const q = queue(name);
  const before = await q.isPaused();
  if (paused) await q.pause();
  else await q.resume();
  await recordAudit({
    kind: "job",
    action: paused ? "queue.paused" : "queue.resumed",
    actor,
    target: { type: "queue", id: name, label: name },
    before: { paused: before },
    after: { paused },
  });
  return { queue: name, paused };
}

/** Every worker that beats (or beat) into Postgres; lost ones have missed two beats. */
export async function listWorkers(): Promise<WorkerInfo[]> {
  const rows = await listWorkerHeartbeats(db(), env().HEARTBEAT_INTERVAL_MS);
  return rows.map((row) => ({
    id: row.worker_id,
    hostname: row.hostname,
    pid: row.pid,
    queues: row.queues,
    concurrency: row.concurrency,
    startedAt: row.started_at.toISOString(),
    lastBeatAt: row.last_beat_at.toISOString(),
    jobsDone: row.jobs_processed,
    jobsFailed: row.jobs_failed,
    running: row.current_jobs,
    status: row.lost ? "lost" : "live",
  }));
}

/** Forgets workers lost for a day (the hourly cleanup calls it). */
export function pruneLostWorkers(): Promise<number> {
  return deleteLostWorkers(db(), FORGET_LOST_WORKERS_MS);
}

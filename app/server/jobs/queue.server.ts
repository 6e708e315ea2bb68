import { Queue, UnrecoverableError, type Job, type JobsOptions } from "bullmq";
import { z } from "zod";
import { queuePriority } from "../billing/entitlements.server";
import type { Role } from "../platform/db-schema.server";
import { env } from "../platform/env.server";
import { settleWithin } from "../platform/process.server";
import { redis, whenReady } from "../platform/redis.server";

/**
 * The one place that knows queue names, what each job carries, and how jobs retry.
 * Web routes and scripts enqueue through the typed helpers below; the worker parses
 * job.data with the same schemas.
 */
export const QUEUES = {
  /** Housekeeping that proves the wiring: the heartbeat job. */
  system: "system",
  /** Fetch, parse and enrich one saved link. */
  enrichLink: "enrich-link",
  /** On-demand results of an enriched link: advanced summary, quiz, rephrasing, course. */
  enrichTask: "enrich-task",
} as const;
export type QueueName = (typeof QUEUES)[keyof typeof QUEUES];

export const heartbeatJobSchema = z.object({
  /** Keep the job busy this long; operators use it to rehearse a graceful shutdown. */
  holdMs: z.number().int().min(0).max(60_000).default(0),
});

export const enrichLinkJobSchema = z.object({ linkId: z.uuid() });

export const enrichTaskJobSchema = z.object({ artifactId: z.uuid() });

/** A job's data checked against its queue's schema; a payload that does not fit can never succeed, so no retries. */
export function parseJobData<S extends z.ZodType>(schema: S, job: Job): z.infer<S> {
  const parsed = schema.safeParse(job.data);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new UnrecoverableError(`The job's payload is not valid: ${issue ? `${issue.path.join(".") || "data"}: ${issue.message}` : "unknown shape"}`);
  }
  return parsed.data;
}

/** Queues the generation of one artifact; like links, a finished earlier job is replaced. */
export async function enqueueEnrichTask(artifactId: string): Promise<void> {
  await addReplacingFinished(QUEUES.enrichTask, "enrich-task", enrichTaskJobSchema.parse({ artifactId }), artifactId);
}

/** Hourly housekeeping: expired sessions, old sign-in failures and spent mail tokens. */
export const CLEANUP_INTERVAL_MS = 60 * 60 * 1000;

/** Retries with exponential backoff; completed jobs kept an hour, failed ones capped. */
export const DEFAULT_JOB_OPTIONS: JobsOptions = {
  attempts: 3,
  backoff: { type: "exponential", delay: 5_000 },
  removeOnComplete: { age: 3_600, count: 1_000 },
  removeOnFail: { count: 5_000 },
};

const globalStore = globalThis as unknown as { __linkwiseQueues?: Map<QueueName, Queue> };

/** A producer-side queue; it fails fast when Redis is down instead of hanging a request. */
export function getQueue(name: QueueName): Queue {
  globalStore.__linkwiseQueues ??= new Map();
  let queue = globalStore.__linkwiseQueues.get(name);
  if (!queue) {
    queue = new Queue(name, {
      connection: redis(),
      prefix: env().REDIS_PREFIX,
      defaultJobOptions: DEFAULT_JOB_OPTIONS,
      skipWaitingForReady: true,
    });
    queue.on("error", () => undefined);
    globalStore.__linkwiseQueues.set(name, queue);
  }
  return queue;
}

/** The plan's queue priority; without a role (a reconciled link) the job takes the default. */
export function priorityFor(role: Role | undefined): number | undefined {
  return role === undefined ? undefined : queuePriority(role);
}

/**
 * Puts a link's enrichment on the queue. The job id is the link id, so adding it twice is
 * harmless; a finished job of an earlier attempt is removed first so a retry runs again.
 */
export async function enqueueEnrichLink(linkId: string, { isNew = false, role }: { isNew?: boolean; role?: Role } = {}): Promise<void> {
  const data = enrichLinkJobSchema.parse({ linkId });
  // A link created a moment ago cannot have an earlier job: skip the look-up.
  await addReplacingFinished(QUEUES.enrichLink, "enrich-link", data, linkId, { lookUp: !isNew, priority: priorityFor(role) });
}

/**
 * Adds a job under a deterministic id. A finished (completed or failed) job of an earlier run
 * under that id is removed first so a retry really runs; a live one is left alone.
 */
async function addReplacingFinished(
  name: QueueName,
  jobName: string,
  data: object,
  jobId: string,
  { lookUp = true, priority }: { lookUp?: boolean; priority?: number } = {},
) {
  await whenReady(redis());
  const queue = getQueue(name);
  const previous = lookUp ? await queue.getJob(jobId) : undefined;
  if (previous) {
    const state = await previous.getState();
    if (state !== "completed" && state !== "failed") return;
    await previous.remove();
  }
  await queue.add(jobName, data, {
    jobId,
    priority,
    backoff: { type: "exponential", delay: env().JOB_BACKOFF_MS },
    removeOnComplete: true,
  });
}

/** Whether a link has a job waiting, delayed or running. */
export async function hasLiveEnrichJob(linkId: string): Promise<boolean> {
  await whenReady(redis());
  const state = await getQueue(QUEUES.enrichLink).getJobState(linkId);
  return state === "waiting" || state === "delayed" || state === "active" || state === "prioritized" || state === "waiting-children";
}

export async function closeQueues(): Promise<void> {
  const queues = [...(globalStore.__linkwiseQueues?.values() ?? [])];
  globalStore.__linkwiseQueues = undefined;
  // Queue.close() can wait on a Redis that is gone; the connection is dropped after anyway.
  await Promise.all(queues.map((queue) => settleWithin(queue.close(), 2_000)));
}

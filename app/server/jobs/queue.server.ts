import { Queue, type Job, type JobsOptions } from "bullmq";
import * as z from "zod";
import { InvalidPayloadError } from "../platform/failure-classes.server";
import { queuePriority } from "../billing/entitlements.server";
import type { Role } from "../platform/db-schema.server";
import { env } from "../platform/env.server";
import { settleWithin } from "../platform/process.server";
import { redis, whenReady } from "../platform/redis.server";
import { dropSingleton, singleton } from "../platform/singleton.server";
import { importPriorities, resetImportRoundsIfDrained } from "./import-fairness.server";
import { QUEUES, type QueueName } from "../platform/queue-names.server";
import { WORK_LANES, type WorkLane } from "~/lib/vocabulary";

/**
 * The one place that knows queue names (kept in queue-names.server.ts so the environment
 * schema can check them), what each job carries, and how jobs retry. Web routes and scripts
 * enqueue through the typed helpers below; the worker parses job.data with the same schemas.
 */
export { QUEUES, QUEUE_NAMES, type QueueName } from "../platform/queue-names.server";

export const heartbeatJobSchema = z.object({
  /** Keep the job busy this long; operators use it to rehearse a graceful shutdown. */
  holdMs: z.number().int().min(0).max(60_000).default(0),
});

export const enrichLinkJobSchema = z.object({ linkId: z.uuid() });

export const enrichTaskJobSchema = z.object({ artifactId: z.uuid() });

export const importSaveJobSchema = z.object({ importId: z.uuid() });

/** `bulkId`: the bulk re-enrichment that queued it (its failures go in one summary). */
export const importEnrichJobSchema = z.object({ linkId: z.uuid(), importId: z.uuid().nullable(), bulkId: z.uuid().optional() });

export const bulkRunJobSchema = z.object({ operationId: z.uuid() });

/** One stored webhook delivery; `manual` for a Redeliver or a Test, which go out even to a webhook turned off. */
/** One poll of a user's feed (decision 070). */
export const feedPollJobSchema = z.object({ feedId: z.uuid() });

export const webhookDeliveryJobSchema = z.object({ deliveryId: z.uuid(), manual: z.boolean().default(false) });
/** A link whose page needs the headless browser; `importId` when it came through an import. */
export const renderJobSchema = z.object({
  linkId: z.uuid(),
  importId: z.uuid().nullable().default(null),
  /** Why the plain page was not enough (browser-rule.server.ts), kept with the link's fetch record. */
  reason: z.string().min(1).max(300),
  /** False when the page said Cache-Control private/no-store: its render is not shared (fetch_cache). */
  shareable: z.boolean().default(true),
  /** This link's render is the one every save of its address waits for (fetch-cache.server.ts claimRender). */
  claim: z.string().max(2_000).optional(),
  /** The enrichment's lane (decision 049); a job queued before lanes had none: imported links were background. */
  lane: z.enum(WORK_LANES).optional(),
});

/** A render job's lane: its own, or for a job queued before lanes, background when the link came through an import. */
export function renderLaneOf(data: z.infer<typeof renderJobSchema>): WorkLane {
  return data.lane ?? (data.importId ? "background" : "interactive");
}

/**
 * Each lane's render queue (decision 049): people's renders never wait in line behind an
 * import's, and the browser keeps them a page of their own (render.server.ts).
 */
export const RENDER_QUEUES: Record<WorkLane, QueueName> = { interactive: QUEUES.render, background: QUEUES.renderBackground };

/** A job whose data does not fit its queue's schema (declared with the failure table). */
export { InvalidPayloadError } from "../platform/failure-classes.server";

/** A job's data checked against its queue's schema; a payload that does not fit can never succeed, so no retries. */
export function parseJobData<S extends z.ZodType>(schema: S, job: Job): z.infer<S> {
  const parsed = schema.safeParse(job.data);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new InvalidPayloadError(`The job's payload is not valid: ${issue ? `${issue.path.join(".") || "data"}: ${issue.message}` : "unknown shape"}`);
  }
  return parsed.data;
}

/** Queues the generation of one artifact; like links, a finished earlier job is replaced. */
export async function enqueueEnrichTask(artifactId: string): Promise<void> {
  await addReplacingFinished(QUEUES.enrichTask, "enrich-task", enrichTaskJobSchema.parse({ artifactId }), artifactId);
}

/**
 * The priority of an operator's re-enrichment: BullMQ runs lower numbers first, and this is
 * lower in rank than every plan's (entitlements' queuePriority), so a re-enrichment of many
 * links never delays a link a user adds now. Same queue and job id as the user's own work, so
 * a link is never enriched by two jobs at once.
 */
export const REENRICH_PRIORITY = 1_000;

/** A job keeps at most this many log lines (one per attempt boundary and per step). */
const KEEP_LOG_LINES = 100;

/** Hourly housekeeping: expired sessions, old sign-in failures and spent mail tokens. */
export const CLEANUP_INTERVAL_MS = 60 * 60 * 1000;
/** How often subscriptions whose paid period ended are settled (test-mode renewals, ends, late webhooks). */
export const BILLING_SWEEP_INTERVAL_MS = 5 * 60 * 1000;
/** How often links deleted longer than LINK_PURGE_AFTER_MS ago are removed for good. */
export const LINK_PURGE_INTERVAL_MS = 15 * 60 * 1000;
/** How often the review digest job looks for users whose daily or weekly mail is owed. */
export const REVIEW_DIGEST_INTERVAL_MS = 60 * 60 * 1000;
/** How often feeds that are due are looked for and their polls queued (decision 070). */
export const FEED_SWEEP_INTERVAL_MS = 60 * 1000;

const HOUR_S = 3_600;
const WEEK_S = 7 * 24 * HOUR_S;

/** Every kind of job there is: the name a job carries on its queue. */
export type JobKind = "enrich-link" | "enrich-task" | "import-save" | "import-enrich" | "bulk-run" | "render" | "webhook-delivery" | "feed-poll" | "heartbeat" | "cleanup" | "billing-sweep" | "link-purge" | "review-digest" | "feed-sweep";

/** A webhook delivery's attempts: the first and five retries, WEBHOOK_BACKOFF_MS apart and doubling (decision 067). */
export const WEBHOOK_DELIVERY_ATTEMPTS = 6;

/**
 * How each kind of job retries and how long finished ones stay in Redis: the one place job
 * options are set. A user's work gets three attempts with exponential backoff (a flaky site or
 * model often answers the second time); finished jobs stay an hour and failed ones a week, so
 * operators can look at them and replay them. Housekeeping keeps only a short history.
 */
export function jobOptions(kind: JobKind): JobsOptions {
  switch (kind) {
    case "enrich-link":
    case "enrich-task":
    case "import-save":
    case "import-enrich":
    case "bulk-run":
      return {
        attempts: 3,
        backoff: { type: "exponential", delay: env().JOB_BACKOFF_MS },
        removeOnComplete: { age: HOUR_S, count: 1_000 },
        removeOnFail: { age: WEEK_S, count: 5_000 },
        keepLogs: KEEP_LOG_LINES,
      };
    case "render":
      // Two attempts: a page that does not render twice is read from its HTML as sent.
      return {
        attempts: 2,
        backoff: { type: "exponential", delay: env().JOB_BACKOFF_MS },
        removeOnComplete: { age: HOUR_S, count: 1_000 },
        removeOnFail: { age: WEEK_S, count: 5_000 },
        keepLogs: KEEP_LOG_LINES,
      };
    case "webhook-delivery":
      // An endpoint that is down is usually back within the hour: 1, 2, 4, 8 and 16 minutes by default.
      return {
        attempts: WEBHOOK_DELIVERY_ATTEMPTS,
        backoff: { type: "exponential", delay: env().WEBHOOK_BACKOFF_MS },
        removeOnComplete: { age: HOUR_S, count: 1_000 },
        removeOnFail: { age: WEEK_S, count: 5_000 },
        keepLogs: KEEP_LOG_LINES,
      };
    case "feed-poll":
      // One attempt: a failed poll backs the feed off in its row (1 h doubling to 24 h), and the
      // sweep queues it again when it is due.
      return { attempts: 1, removeOnComplete: { age: HOUR_S, count: 1_000 }, removeOnFail: { age: WEEK_S, count: 5_000 }, keepLogs: KEEP_LOG_LINES };
    case "feed-sweep":
      // The next sweep is the retry.
      return { attempts: 1, removeOnComplete: 24, removeOnFail: 100 };
    case "heartbeat":
      // The next beat is the retry.
      return { attempts: 1, removeOnComplete: 100, removeOnFail: 100 };
    case "cleanup":
    case "billing-sweep":
    case "link-purge":
    case "review-digest":
      return { attempts: 3, backoff: { type: "exponential", delay: 60_000 }, removeOnComplete: 24, removeOnFail: 100 };
  }
}

const QUEUES_SINGLETON = "queues";

/** A producer-side queue; it fails fast when Redis is down instead of hanging a request. */
export function getQueue(name: QueueName): Queue {
  const queues = singleton(QUEUES_SINGLETON, () => new Map<QueueName, Queue>());
  let queue = queues.get(name);
  if (!queue) {
    queue = new Queue(name, {
      connection: redis(),
      prefix: env().REDIS_PREFIX,
      skipWaitingForReady: true,
    });
    queue.on("error", () => undefined);
    queues.set(name, queue);
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
export async function enqueueEnrichLink(
  linkId: string,
  { isNew = false, role, priority }: { isNew?: boolean; role?: Role; priority?: number } = {},
): Promise<void> {
  const data = enrichLinkJobSchema.parse({ linkId });
  // A link created a moment ago cannot have an earlier job: skip the look-up.
  await addReplacingFinished(QUEUES.enrichLink, "enrich-link", data, linkId, { lookUp: !isNew, priority: priority ?? priorityFor(role) });
}

/** Many links at once (a replay, a re-enrichment); returns how many jobs were added. */
export async function enqueueEnrichLinks(entries: Array<{ linkId: string; priority?: number }>): Promise<number> {
  return addManyReplacingFinished(
    QUEUES.enrichLink,
    "enrich-link",
    entries.map(({ linkId, priority }) => ({ jobId: linkId, data: enrichLinkJobSchema.parse({ linkId }), priority })),
  );
}

/** Many on-demand results at once (a replay); returns how many jobs were added. */
export async function enqueueEnrichTasks(artifactIds: string[]): Promise<number> {
  return addManyReplacingFinished(
    QUEUES.enrichTask,
    "enrich-task",
    artifactIds.map((artifactId) => ({ jobId: artifactId, data: enrichTaskJobSchema.parse({ artifactId }) })),
  );
}

const BULK_BATCH = 500;

/**
 * addReplacingFinished for many jobs: per batch, one round of state look-ups, the finished
 * ones removed, the rest added in one call. A live job is left alone, as is a job another
 * caller adds meanwhile (the id is the same, so BullMQ keeps one).
 */
async function addManyReplacingFinished(name: QueueName, jobName: JobKind, entries: Array<{ jobId: string; data: object; priority?: number }>) {
  if (entries.length === 0) return 0;
  await whenReady(redis());
  const queue = getQueue(name);
  let added = 0;
  for (let start = 0; start < entries.length; start += BULK_BATCH) {
    const batch = entries.slice(start, start + BULK_BATCH);
    const states = await Promise.all(batch.map((entry) => queue.getJobState(entry.jobId)));
    const finished = (state: string) => state === "completed" || state === "failed";
    await Promise.all(batch.filter((_, i) => finished(states[i]!)).map((entry) => queue.remove(entry.jobId)));
    const fresh = batch.filter((_, i) => finished(states[i]!) || states[i] === "unknown");
    await queue.addBulk(fresh.map((entry) => ({ name: jobName, data: entry.data, opts: { ...jobOptions(jobName), jobId: entry.jobId, priority: entry.priority } })));
    added += fresh.length;
  }
  return added;
}

/**
 * Adds a job under a deterministic id. A finished (completed or failed) job of an earlier run
 * under that id is removed first so a retry really runs; a live one is left alone.
 */
async function addReplacingFinished(
  name: QueueName,
  jobName: JobKind,
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
  await queue.add(jobName, data, { ...jobOptions(jobName), jobId, priority });
}

/**
 * The import queue runs an import's save before any imported link's enrichment (BullMQ takes
 * jobs without a priority first), so a second import's progress starts while the first enriches.
 */
/** Queues the saving of an import's staged bookmarks; one job per import. */
export async function enqueueImportSave(importId: string): Promise<void> {
  await addReplacingFinished(QUEUES.import, "import-save", importSaveJobSchema.parse({ importId }), `save-${importId}`);
}

/**
 * Queues imported links' enrichment on the import queue, not on enrich-link: it has its own
 * workers' slots, so however many imported links wait, a link added by hand finds a free one.
 * Users share the queue fairly: see import-fairness.server.ts.
 */
export async function enqueueImportEnrich(entries: Array<{ linkId: string; importId: string | null; userId: string; bulkId?: string }>): Promise<number> {
  // Each user's links take their places in the fair rounds (import-fairness.server.ts), in order.
  const byUser = new Map<string, typeof entries>();
  for (const entry of entries) byUser.set(entry.userId, [...(byUser.get(entry.userId) ?? []), entry]);
  const jobs: Array<{ jobId: string; data: object; priority: number }> = [];
  for (const [userId, own] of byUser) {
    const priorities = await importPriorities(userId, own.length);
    own.forEach((entry, i) => jobs.push({ jobId: `enrich-${entry.linkId}`, data: importEnrichJobSchema.parse({ linkId: entry.linkId, importId: entry.importId, bulkId: entry.bulkId }), priority: priorities[i]! }));
  }
  return addManyReplacingFinished(QUEUES.import, "import-enrich", jobs);
}

/** The rounds start again from 0 once they have climbed far and no imported link waits. */
export async function resetImportRoundsWhenDrained(): Promise<boolean> {
  await whenReady(redis());
  const queue = getQueue(QUEUES.import);
  const waiting = (await queue.getPrioritizedCount()) + (await queue.getWaitingCount()) + (await queue.getDelayedCount());
  return resetImportRoundsIfDrained(waiting);
}

/** Queues the run of a bulk operation; one job per operation, so asking twice runs it once. */
export async function enqueueBulkRun(operationId: string): Promise<void> {
  await addReplacingFinished(QUEUES.bulk, "bulk-run", bulkRunJobSchema.parse({ operationId }), `bulk-${operationId}`);
}

/**
 * Queues the delivery of stored webhook events, one job per delivery (`delivery-{id}`); a
 * finished job of an earlier delivery of the same row (Redeliver) is replaced.
 */
export async function enqueueWebhookDeliveries(deliveryIds: string[], { manual = false, replaceFinished = manual }: { manual?: boolean; replaceFinished?: boolean } = {}): Promise<void> {
  for (const deliveryId of deliveryIds) {
    await addReplacingFinished(QUEUES.webhookDelivery, "webhook-delivery", webhookDeliveryJobSchema.parse({ deliveryId, manual }), `delivery-${deliveryId}`, { lookUp: replaceFinished });
  }
}

/** Whether a webhook delivery's job is waiting, delayed (between attempts) or running. */
export async function hasLiveWebhookDelivery(deliveryId: string): Promise<boolean> {
  await whenReady(redis());
  return isLive(await getQueue(QUEUES.webhookDelivery).getJobState(`delivery-${deliveryId}`));
}

/** Queues a poll of each feed (`feed-{id}`); a feed whose poll is waiting or running is left alone. */
export async function enqueueFeedPolls(feedIds: string[]): Promise<number> {
  return addManyReplacingFinished(
    QUEUES.feedPoll,
    "feed-poll",
    feedIds.map((feedId) => ({ jobId: `feed-${feedId}`, data: feedPollJobSchema.parse({ feedId }) })),
  );
}

/** Whether a bulk operation's job is waiting, delayed or running. */
export async function hasLiveBulkJob(operationId: string): Promise<boolean> {
  await whenReady(redis());
  const state = await getQueue(QUEUES.bulk).getJobState(`bulk-${operationId}`);
  return state === "waiting" || state === "delayed" || state === "active" || state === "prioritized" || state === "waiting-children";
}

/** Whether a job of the import queue (`save-{importId}` or `enrich-{linkId}`) is waiting, delayed or running. */
export async function hasLiveImportJob(jobId: string): Promise<boolean> {
  await whenReady(redis());
  const state = await getQueue(QUEUES.import).getJobState(jobId);
  return state === "waiting" || state === "delayed" || state === "active" || state === "prioritized" || state === "waiting-children";
}

/** Whether a link has a job waiting, delayed or running, in enrichment or in the browser. */
export async function hasLiveEnrichJob(linkId: string): Promise<boolean> {
  await whenReady(redis());
  const state = await getQueue(QUEUES.enrichLink).getJobState(linkId);
  return isLive(state) || (await hasLiveRenderJob(linkId));
}

const isLive = (state: string) => state === "waiting" || state === "delayed" || state === "active" || state === "prioritized" || state === "waiting-children";

/**
 * Hands a link to the headless browser, on its lane's render queue. One job per link
 * (`render-{linkId}`): handing it over twice while one waits (on either queue) is harmless, and a
 * finished one is replaced so a retry renders again.
 */
export async function enqueueRender(entry: { linkId: string; importId: string | null; reason: string; shareable?: boolean; claim?: string; lane: WorkLane }): Promise<void> {
  const data = renderJobSchema.parse({ ...entry, reason: entry.reason.slice(0, 300) });
  const other = RENDER_QUEUES[entry.lane === "interactive" ? "background" : "interactive"];
  await whenReady(redis());
  if (isLive(await getQueue(other).getJobState(`render-${entry.linkId}`))) return;
  await addReplacingFinished(RENDER_QUEUES[entry.lane], "render", data, `render-${entry.linkId}`);
}

/** Whether a link waits for, or is in, the browser, on either lane (the reconcilers leave such a link alone). */
export async function hasLiveRenderJob(linkId: string): Promise<boolean> {
  await whenReady(redis());
  const states = await Promise.all(WORK_LANES.map((lane) => getQueue(RENDER_QUEUES[lane]).getJobState(`render-${linkId}`)));
  return states.some(isLive);
}

export async function closeQueues(): Promise<void> {
  const queues = [...(dropSingleton<Map<QueueName, Queue>>(QUEUES_SINGLETON)?.values() ?? [])];
  // Queue.close() can wait on a Redis that is gone; the connection is dropped after anyway.
  await Promise.all(queues.map((queue) => settleWithin(queue.close(), 2_000)));
}

/**
 * The repeating housekeeping jobs. Scheduler ids are shared, so however many workers upsert
 * them there is one schedule per deployment; workers upsert them again on every reconcile tick,
 * so a flushed Redis gets them back.
 */
export async function ensureSchedules(systemQueue: Queue, heartbeatEveryMs: number): Promise<void> {
  await systemQueue.upsertJobScheduler("heartbeat", { every: heartbeatEveryMs }, { name: "heartbeat", data: {}, opts: jobOptions("heartbeat") });
  await systemQueue.upsertJobScheduler("cleanup", { every: CLEANUP_INTERVAL_MS }, { name: "cleanup", data: {}, opts: jobOptions("cleanup") });
  await systemQueue.upsertJobScheduler("billing-sweep", { every: BILLING_SWEEP_INTERVAL_MS }, { name: "billing-sweep", data: {}, opts: jobOptions("billing-sweep") });
  await systemQueue.upsertJobScheduler("link-purge", { every: LINK_PURGE_INTERVAL_MS }, { name: "link-purge", data: {}, opts: jobOptions("link-purge") });
  await systemQueue.upsertJobScheduler("review-digest", { every: REVIEW_DIGEST_INTERVAL_MS }, { name: "review-digest", data: {}, opts: jobOptions("review-digest") });
  await systemQueue.upsertJobScheduler("feed-sweep", { every: FEED_SWEEP_INTERVAL_MS }, { name: "feed-sweep", data: {}, opts: jobOptions("feed-sweep") });
}

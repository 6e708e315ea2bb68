/**
 * The worker process: `npm run worker`. Consumes the queues of WORKER_QUEUES (all by default),
 * beats into Postgres so operators can see it, serves /metrics and /healthz on
 * WORKER_METRICS_PORT, and drains gracefully on SIGTERM/SIGINT.
 */
import { rm, writeFile } from "node:fs/promises";
import { hostname } from "node:os";
import { DelayedError, MetricsTime, Queue, Worker, type Job, type Processor, type RateLimiterOptions } from "bullmq";
import type { WorkerContext } from "./context";
import { flushJobLog, sendJobLogsOn, writeJobLog } from "./job-log-writer";
import { processEnrichLinkJob } from "./processors/enrich-link";
import { processEnrichTaskJob } from "./processors/enrich-task";
import { processSystemJob } from "./processors/system";
import { processImportJob } from "./processors/import";
import { processBulkJob } from "./processors/bulk";
import { processRenderJob } from "./processors/render";
import { processWebhookDeliveryJob } from "./processors/webhook-delivery";
import { processFeedPollJob } from "./processors/feed-poll";
import { closeDb, db, isDatabaseUnavailable } from "~/server/platform/db.server";
import { log } from "~/server/platform/logger.server";
import { loadEnvOrExit, onShutdownSignal, settleWithin, startTimer } from "~/server/platform/process.server";
import { reconcilePendingLinks } from "~/server/links/links.server";
import { reconcileImports } from "~/server/imports/imports.server";
import { reconcileBulkFailureSummaries, reconcileBulkOperations } from "~/server/links/bulk.server";
import { installFeatureFlagStore } from "~/server/admin/feature-flags.server";
import { QUEUES, closeQueues, ensureSchedules, getQueue, type QueueName } from "~/server/jobs/queue.server";
import { closeRedis, createRedis, quitRedis, redis, warnUnlessNoEviction, whenReady } from "~/server/platform/redis.server";
import { postponementOf } from "~/server/jobs/failures.server";
import { HostDeferral, busyDelayMs, deferralsOf, withDeferral } from "~/server/fetching/host-limits.server";
import { isFinalFailure, recordJobRun } from "./job-metrics";
import { queueDepths } from "~/server/jobs/queue-depth.server";
import { enrichesWithModel } from "~/server/enrichment/enricher.server";
import { collectQueueDepthsWith } from "~/server/platform/metrics.server";
import { startOpsServer, type OpsServer } from "~/server/ops/ops-server.server";
import { attemptLine } from "~/server/jobs/log-lines.server";
import type { RunningJob } from "~/server/platform/db-schema.server";
import { deleteWorkerHeartbeat, upsertWorkerHeartbeat } from "~/server/repos/worker-heartbeats.server";
import { browserStartLine, closeBrowser } from "~/server/fetching/render.server";
import { warmParsePool } from "~/server/fetching/page-parse-pool.server";

// For npm start's per-step lines: the first step is Node and this bundle's packages loading.
const startup = startTimer();
startup.step("code");
const config = loadEnvOrExit();
const connection = createRedis("worker");
sendJobLogsOn(connection);
const workerId = `${hostname()}:${process.pid}`;
const startedAt = new Date();
const ctx: WorkerContext = { workerId, db: db(), log };
// Jobs decide what a plan gets when they run, from the flags the admin saved.
const closeFeatureFlags = installFeatureFlagStore();
warnUnlessNoEviction(connection, "worker");

/**
 * Redis away: ioredis and BullMQ retry by themselves, several times a second. Say so once, and
 * again when it is back, rather than an error (or a stack trace) for every attempt.
 */
const CONNECTION_ERRORS = new Set(["ECONNREFUSED", "ECONNRESET", "EPIPE", "ETIMEDOUT", "ENOTFOUND", "EAI_AGAIN", "EHOSTUNREACH", "ENETUNREACH"]);
let redisAway = false;
function onRedisError(queue: string, error: Error) {
  const code = (error as NodeJS.ErrnoException).code;
  const lostConnection = (code !== undefined && CONNECTION_ERRORS.has(code)) || error.message === "Connection is closed.";
  // A job that was running when Redis restarted without its data cannot be finished or retried;
  // its link is still pending in Postgres and the reconciler queues it again.
  if (error.message.startsWith("Missing key for job")) {
    return log.warn("worker: a job vanished from Redis while it ran (Redis restarted without its data?)", { queue, error: error.message });
  }
  if (!lostConnection) return log.error("worker error", { queue, error: error.message });
  if (redisAway) return;
  redisAway = true;
  log.warn(`worker: Redis does not answer (${error.message}); retrying quietly until it does. Start Redis, or fix REDIS_URL.`);
}
connection.on("ready", () => {
  if (!redisAway) return;
  redisAway = false;
  log.info("worker: Redis answers again");
});

const processors: Record<QueueName, (job: Job, ctx: WorkerContext) => Promise<unknown>> = {
  [QUEUES.system]: processSystemJob,
  [QUEUES.enrichLink]: processEnrichLinkJob,
  [QUEUES.enrichTask]: processEnrichTaskJob,
  [QUEUES.import]: processImportJob,
  [QUEUES.bulk]: processBulkJob,
  [QUEUES.render]: processRenderJob,
  [QUEUES.renderBackground]: processRenderJob,
  [QUEUES.webhookDelivery]: processWebhookDeliveryJob,
  [QUEUES.feedPoll]: processFeedPollJob,
};

// How long a job that met a database outage waits before it runs again.
const OUTAGE_RETRY_MS = Math.max(config.JOB_BACKOFF_MS, 1_000);

/**
 * What this process does, for the jobs console: jobs running now, and jobs done and failed
 * since start. Written with each heartbeat, and within a second of a change (at most one
 * write a second), so the console is live without a write per job.
 */
const running = new Map<string, RunningJob>();
const tally = { done: 0, failed: 0 };
const STATUS_FLUSH_MS = 1_000;
let statusFlush: NodeJS.Timeout | undefined;
let stopping = false;
// Status writes go one at a time, so an older status never lands after a newer one, and
// shutdown can wait for the write in flight before it deletes the row.
let inFlight: Promise<void> | undefined;
let writeAgain = false;
function statusChanged() {
  if (statusFlush || stopping) return;
  statusFlush = setTimeout(() => {
    statusFlush = undefined;
    void beat(true);
  }, STATUS_FLUSH_MS);
}

// The queues whose jobs call the model. With LLM_RATE_LIMIT_PER_MINUTE, BullMQ's limiter caps
// how many of their jobs start per minute, counted in Redis across every worker process, so a
// big re-enrichment never floods the provider.
const modelQueues = new Set<QueueName>(enrichesWithModel() ? [QUEUES.enrichLink, QUEUES.enrichTask] : []);
function limiterFor(queueName: QueueName): RateLimiterOptions | undefined {
  if (config.LLM_RATE_LIMIT_PER_MINUTE === 0 || !modelQueues.has(queueName)) return undefined;
  return { max: config.LLM_RATE_LIMIT_PER_MINUTE, duration: 60_000 };
}

const workers = config.WORKER_QUEUES.map((queueName) => {
  const handle = processors[queueName];
  const processor: Processor = async (job, token) => {
    const started = performance.now();
    const seconds = () => (performance.now() - started) / 1000;
    // One log line per attempt boundary: the console rebuilds every attempt from them.
    const attempt = job.attemptsMade + 1;
    const key = `${queueName}:${job.id}`;
    running.set(key, { queue: queueName, id: job.id ?? "", name: job.name, startedAt: new Date().toISOString() });
    statusChanged();
    writeJobLog(job, attemptLine.started(attempt, job.opts.attempts ?? 1));
    try {
      const result = await handle(job, ctx);
      recordJobRun(queueName, "completed", seconds());
      tally.done++;
      writeJobLog(job, attemptLine.succeeded(attempt, typeof result === "string" ? result : "done"));
      await flushJobLog(job);
      return result;
    } catch (error) {
      if (error instanceof HostDeferral && token) {
        // The page's host is busy with our other requests, or asked us to come back later
        // (Retry-After): the job waits without spending an attempt; its data counts the waits,
        // and past the limit the fetch step fails it with the reason (host-limits.server.ts).
        recordJobRun(queueName, "postponed", seconds());
        const waitMs = error.kind === "busy" ? busyDelayMs(deferralsOf(job.data).busy) : error.waitMs;
        log.debug("page's host cannot be fetched now; job postponed", { queue: queueName, jobId: job.id, waitMs, why: error.message });
        writeJobLog(job, attemptLine.postponed(attempt, error.message));
        await flushJobLog(job);
        await job.updateData(withDeferral(job.data, error.kind));
        await job.moveToDelayed(Date.now() + waitMs, token);
        throw new DelayedError();
      }
      const waitMs = postponementOf(error);
      if (waitMs !== undefined && token) {
        // The model asked us to slow down (429): the job waits as long as it said and runs again
        // without spending an attempt. With the limiter on, the whole queue waits too, in every
        // worker, so the others do not each meet the same 429.
        recordJobRun(queueName, "postponed", seconds());
        log.info("model server asked us to slow down; job postponed", { queue: queueName, jobId: job.id, waitMs });
        writeJobLog(job, attemptLine.postponed(attempt, "the model server asked us to slow down"));
        await flushJobLog(job);
        if (limiterFor(queueName)) {
          await whenReady(redis());
          await getQueue(queueName).rateLimit(waitMs);
        }
        await job.moveToDelayed(Date.now() + waitMs, token);
        throw new DelayedError();
      }
      if (isDatabaseUnavailable(error) && token) {
        // Postgres is down or restarting, which is not the job's fault: it waits and runs again
        // without spending one of its attempts, however long the outage lasts.
        recordJobRun(queueName, "postponed", seconds());
        log.debug("database unavailable; job postponed", { queue: queueName, jobId: job.id });
        writeJobLog(job, attemptLine.postponed(attempt, "the database is unavailable"));
        await flushJobLog(job);
        await job.moveToDelayed(Date.now() + OUTAGE_RETRY_MS, token);
        throw new DelayedError();
      }
      recordJobRun(queueName, isFinalFailure(job, error) ? "failed" : "retry", seconds(), error);
      tally.failed++;
      writeJobLog(job, attemptLine.failed(attempt, error instanceof Error ? error.message : String(error)));
      await flushJobLog(job);
      throw error;
    } finally {
      running.delete(key);
      statusChanged();
    }
  };
  const worker = new Worker(queueName, processor, {
    connection,
    prefix: config.REDIS_PREFIX,
    concurrency: config.queueConcurrency[queueName],
    limiter: limiterFor(queueName),
    name: workerId,
    lockDuration: config.WORKER_LOCK_MS,
    stalledInterval: config.WORKER_LOCK_MS,
    // Completed and failed jobs per minute for the last hour, read by the jobs console.
    metrics: { maxDataPoints: MetricsTime.ONE_HOUR },
  });
  worker.on("active", (job) => log.debug("job started", { queue: queueName, jobId: job.id, name: job.name }));
  worker.on("failed", (job, error) =>
    log.warn("job failed", { queue: queueName, jobId: job?.id, attempt: job?.attemptsMade, error: error.message }),
  );
  worker.on("error", (error) => onRedisError(queueName, error));
  return worker;
});

const systemQueue = new Queue(QUEUES.system, { connection, prefix: config.REDIS_PREFIX });
// Without a listener BullMQ prints each error with its stack.
systemQueue.on("error", (error) => onRedisError(QUEUES.system, error));
const timers: { beat?: NodeJS.Timeout; reconcile?: NodeJS.Timeout } = {};

// Liveness for an orchestrator's probe: Redis connected and a heartbeat that reached Postgres
// within three intervals, the window the container healthcheck (scripts/worker-health.ts) allows.
let lastBeatAt: number | undefined;
const LIVENESS_WINDOW_MS = config.HEARTBEAT_INTERVAL_MS * 3;
function liveness() {
  const beatAgoMs = lastBeatAt === undefined ? undefined : Date.now() - lastBeatAt;
  const beatRecent = beatAgoMs !== undefined && beatAgoMs <= LIVENESS_WINDOW_MS;
  return {
    ok: connection.status === "ready" && beatRecent,
    details: { redis: connection.status, lastBeatSecondsAgo: beatAgoMs === undefined ? null : Math.round(beatAgoMs / 1000), queues: config.WORKER_QUEUES },
  };
}
let opsServer: OpsServer | undefined;

// Registered before the first Redis round trip: with Redis down the start-up below waits, and
// SIGTERM must still drain the workers already created.
onShutdownSignal("worker", async () => {
  stopping = true;
  clearInterval(timers.beat);
  clearInterval(timers.reconcile);
  clearTimeout(statusFlush);
  // worker.close() stops taking jobs and waits for active ones, with no limit of its own.
  const drained = await settleWithin(Promise.all(workers.map((w) => w.close())), config.WORKER_SHUTDOWN_TIMEOUT_MS);
  if (!drained) {
    log.warn("worker: shutdown timeout reached; unfinished jobs will be retried by another worker", {
      timeoutMs: config.WORKER_SHUTDOWN_TIMEOUT_MS,
    });
    // Their locks expire and BullMQ's stalled-job check hands them to another worker.
    await settleWithin(Promise.all(workers.map((w) => w.close(true))), 1_000);
  }
  await opsServer?.close();
  // After the drain: no page is in the browser any more.
  await settleWithin(closeBrowser(), 5_000);
  if (config.WORKER_HEALTH_FILE) await rm(config.WORKER_HEALTH_FILE, { force: true });
  // A status write in flight would put the row back after the delete.
  await settleWithin(inFlight ?? Promise.resolve(), 2_000);
  await settleWithin(deleteWorkerHeartbeat(ctx.db, workerId), 2_000);
  await settleWithin(systemQueue.close(), 2_000);
  await quitRedis(connection);
  await Promise.allSettled([closeFeatureFlags(), closeQueues(), closeRedis()]);
  await settleWithin(closeDb(), 5_000);
});

collectQueueDepthsWith(queueDepths);
if (config.WORKER_METRICS_PORT > 0) {
  opsServer = await startOpsServer({ host: config.HOST, port: config.WORKER_METRICS_PORT, token: config.METRICS_TOKEN, liveness }).catch(
    (error: NodeJS.ErrnoException) => {
      if (error.code !== "EADDRINUSE") throw error;
      log.error(`worker: port ${config.WORKER_METRICS_PORT} on ${config.HOST} is already in use; set WORKER_METRICS_PORT to a free one, or 0 for none`);
      process.exit(1);
    },
  );
  log.info(`worker: metrics and liveness on http://${config.HOST}:${opsServer.port}/metrics and /healthz`);
}

await ensureSchedules(systemQueue, config.HEARTBEAT_INTERVAL_MS);
startup.step("redis and queues");

// Whether script-built pages get the headless browser here, said once (it starts with its first page).
if (config.WORKER_QUEUES.some((queue) => queue === QUEUES.enrichLink || queue === QUEUES.import || queue === QUEUES.render || queue === QUEUES.renderBackground)) {
  const line = browserStartLine();
  log[line.level](line.message);
}
if (config.WORKER_QUEUES.some((queue) => queue === QUEUES.enrichLink || queue === QUEUES.import)) warmParsePool();

/** Links pending with no job (Redis flushed, enqueue failed) go back on the queue; untold bulk failures are told. */
async function reconcile() {
  try {
    await ensureSchedules(systemQueue, config.HEARTBEAT_INTERVAL_MS);
    const requeued = await reconcilePendingLinks(config.RECONCILE_AFTER_MS);
    if (requeued > 0) log.info("reconciler re-enqueued pending links", { count: requeued });
    const imported = await reconcileImports(config.RECONCILE_AFTER_MS);
    if (imported > 0) log.info("reconciler re-enqueued import jobs", { count: imported });
    const bulk = await reconcileBulkOperations(config.RECONCILE_AFTER_MS);
    if (bulk > 0) log.info("reconciler re-enqueued bulk operations", { count: bulk });
    const told = await reconcileBulkFailureSummaries(config.RECONCILE_AFTER_MS);
    if (told > 0) log.info("reconciler sent bulk failure summaries that were not sent", { count: told });
  } catch (error) {
    log.warn("reconciler pass failed", { error });
  }
}
timers.reconcile = setInterval(reconcile, config.RECONCILE_INTERVAL_MS);

/** One write of this worker's row; a status flush that fails says so quietly (the beat will not). */
async function writeBeat(quiet: boolean) {
  try {
    await upsertWorkerHeartbeat(ctx.db, {
      workerId,
      hostname: hostname(),
      pid: process.pid,
      startedAt,
      queues: config.WORKER_QUEUES,
      concurrency: config.WORKER_CONCURRENCY,
      heartbeatIntervalMs: config.HEARTBEAT_INTERVAL_MS,
      jobsDone: tally.done,
      jobsFailed: tally.failed,
      running: [...running.values()],
    });
    lastBeatAt = Date.now();
    // The container healthcheck (scripts/worker-health.ts) reads this file's age: fresh only
    // while Postgres takes our beats and Redis is connected.
    if (config.WORKER_HEALTH_FILE && connection.status === "ready") await writeFile(config.WORKER_HEALTH_FILE, `${workerId}\n`);
  } catch (error) {
    if (quiet) log.debug("could not record worker status", { error });
    else log.warn("could not record worker heartbeat", { error });
  }
}

function beat(quiet = false): Promise<void> {
  if (stopping) return inFlight ?? Promise.resolve();
  if (inFlight) {
    writeAgain = true;
    return inFlight;
  }
  inFlight = writeBeat(quiet).finally(() => {
    inFlight = undefined;
    if (writeAgain && !stopping) {
      writeAgain = false;
      void beat(true);
    }
  });
  return inFlight;
}
await beat();
startup.step("postgres");
timers.beat = setInterval(() => void beat(), config.HEARTBEAT_INTERVAL_MS);

log.info("worker: ready", {
  workerId,
  queues: config.WORKER_QUEUES.join(","),
  concurrency: config.WORKER_QUEUES.map((queue) => `${queue}:${config.queueConcurrency[queue]}`).join(","),
  modelRateLimit: config.WORKER_QUEUES.some((queue) => limiterFor(queue)) ? `${config.LLM_RATE_LIMIT_PER_MINUTE}/min` : undefined,
});
startup.done();

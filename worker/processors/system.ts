import { setTimeout as sleep } from "node:timers/promises";
import { UnrecoverableError, type Job } from "bullmq";
import type { WorkerContext } from "../context";
import { cleanupAccounts } from "~/server/accounts/accounts.server";
import { sweepSubscriptions, type SweepResult } from "~/server/billing/billing.server";
import { purgeExpiredLinks } from "~/server/links/links.server";
import { heartbeatJobSchema, parseJobData } from "~/server/jobs/queue.server";
import { pruneLostWorkers } from "~/server/jobs-console/operations.server";
import { touchWorkerHeartbeat } from "~/server/repos/worker-heartbeats.server";
import { purgeFetchCache } from "~/server/fetching/fetch-cache.server";
import { purgeOldWebhookDeliveries, requeueStrandedWebhookDeliveries } from "~/server/webhooks/webhooks.server";
import { sweepDueFeeds } from "~/server/feeds/feeds.server";
import { sendReviewDigests } from "~/server/review/review.server";

type CleanupResult = Awaited<ReturnType<typeof cleanupAccounts>> & { lostWorkers: number; fetchCacheEntries: number; webhookDeliveries: number; strandedWebhookDeliveries: number };

export interface HeartbeatResult {
  workerId: string;
  /** Time the job spent waiting in the queue before a worker took it. */
  waitedMs: number;
}

type PurgeResult = Awaited<ReturnType<typeof purgeExpiredLinks>>;
type FeedSweepResult = Awaited<ReturnType<typeof sweepDueFeeds>>;

/** The `system` queue: the heartbeat that proves the wiring, hourly cleanup, the billing sweep, the link purge, the feed sweep and the review digest. */
export async function processSystemJob(job: Job, ctx: WorkerContext): Promise<HeartbeatResult | CleanupResult | SweepResult | PurgeResult | FeedSweepResult | { sent: number }> {
  switch (job.name) {
    case "heartbeat": {
      const data = parseJobData(heartbeatJobSchema, job);
      const waitedMs = Math.max(0, (job.processedOn ?? Date.now()) - job.timestamp - (job.opts.delay ?? 0));
      if (data.holdMs > 0) await sleep(data.holdMs);
      await touchWorkerHeartbeat(ctx.db, ctx.workerId);
      ctx.log.info("heartbeat job done", { queue: job.queueName, jobId: job.id, waitedMs });
      return { workerId: ctx.workerId, waitedMs };
    }
    case "cleanup": {
      // Workers silent for a day are gone for good: their rows would only clutter the console.
      // Shared fetches stale for a week are no use even for a conditional request. Webhook
      // deliveries are kept 30 days for their log and Redeliver; one whose job was lost goes again.
      const removed = {
        ...(await cleanupAccounts()),
        lostWorkers: await pruneLostWorkers(),
        fetchCacheEntries: await purgeFetchCache(),
        webhookDeliveries: await purgeOldWebhookDeliveries(),
        strandedWebhookDeliveries: await requeueStrandedWebhookDeliveries(),
      };
      ctx.log.info("cleanup job done", { jobId: job.id, ...removed });
      return removed;
    }
    case "billing-sweep": {
      const result = await sweepSubscriptions();
      if (result.seen > 0) ctx.log.info("billing sweep done", { jobId: job.id, ...result });
      return result;
    }
    case "link-purge": {
      // Links deleted past their undo window go for good, with their results and share pages.
      const result = await purgeExpiredLinks();
      if (result.purged > 0) ctx.log.info("link purge done", { jobId: job.id, ...result });
      return result;
    }
    case "review-digest": {
      // "N cards due" to users who chose a daily or weekly digest (off by default).
      const result = await sendReviewDigests();
      if (result.sent > 0) ctx.log.info("review digests sent", { jobId: job.id, ...result });
      return result;
    }
    case "feed-sweep": {
      // Feeds that are due get a poll on the feed-poll queue (decision 070).
      const result = await sweepDueFeeds();
      if (result.queued > 0) ctx.log.info("feed sweep done", { jobId: job.id, ...result });
      return result;
    }
    default:
      throw new UnrecoverableError(`Unknown job "${job.name}" on the system queue`);
  }
}

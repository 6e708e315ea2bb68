import { UnrecoverableError, type Job } from "bullmq";
import type { WorkerContext } from "../context";
import { stepLogger } from "../job-log-writer";
import { pollFeed } from "~/server/feeds/feeds.server";
import { deferralsOf } from "~/server/fetching/host-limits.server";
import { feedPollJobSchema, parseJobData } from "~/server/jobs/queue.server";

/** The `feed-poll` queue: one poll of a user's feed, its new entries saved as links (decision 070). */
export async function processFeedPollJob(job: Job, ctx: WorkerContext) {
  if (job.name !== "feed-poll") throw new UnrecoverableError(`No such job on the feed-poll queue: ${job.name}`);
  const { feedId } = parseJobData(feedPollJobSchema, job);
  const outcome = await pollFeed(feedId, { onStep: stepLogger(job), deferrals: deferralsOf(job.data) });
  ctx.log.debug("feed poll done", { jobId: job.id, ...outcome });
  return outcome;
}

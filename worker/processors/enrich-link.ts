import type { Job } from "bullmq";
import type { WorkerContext } from "../context";
import { stepLogger } from "../job-log-writer";
import { enrichLink, type EnrichOutcome } from "~/server/enrichment/enrich-link.server";
import { enrichLinkJobSchema, parseJobData } from "~/server/jobs/queue.server";
import { deferralsOf } from "~/server/fetching/host-limits.server";

/** The `enrich-link` queue: one saved link fetched, parsed and enriched. */
export async function processEnrichLinkJob(job: Job, ctx: WorkerContext): Promise<EnrichOutcome> {
  const { linkId } = parseJobData(enrichLinkJobSchema, job);
  const finalAttempt = job.attemptsMade + 1 >= (job.opts.attempts ?? 1);
  const outcome = await enrichLink(linkId, { finalAttempt, onStep: stepLogger(job), deferrals: deferralsOf(job.data) });
  ctx.log.info("link job done", { jobId: job.id, outcome });
  return outcome;
}

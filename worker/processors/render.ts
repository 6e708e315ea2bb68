import type { Job } from "bullmq";
import type { WorkerContext } from "../context";
import { stepLogger } from "../job-log-writer";
import { enrichImportedLink } from "~/server/imports/imports.server";
import { enrichLink, type EnrichOutcome } from "~/server/enrichment/enrich-link.server";
import { parseJobData, renderJobSchema, renderLaneOf } from "~/server/jobs/queue.server";
import { deferralsOf } from "~/server/fetching/host-limits.server";

/**
 * The `render` and `render-background` queues: a link whose page is built by scripts, rendered in
 * this process's headless browser and then enriched as any page (decision 030), in the lane of the
 * enrichment that handed it over (decision 049). Low concurrency: a page in Chromium costs tens of
 * megabytes and a second or more.
 */
export async function processRenderJob(job: Job, ctx: WorkerContext): Promise<EnrichOutcome> {
  const data = parseJobData(renderJobSchema, job);
  const { linkId, importId, reason, shareable, claim } = data;
  const finalAttempt = job.attemptsMade + 1 >= (job.opts.attempts ?? 1);
  const options = { finalAttempt, onStep: stepLogger(job), deferrals: deferralsOf(job.data), render: { reason, shareable, claim }, lane: renderLaneOf(data) };
  const outcome = importId ? await enrichImportedLink({ linkId, importId }, options) : await enrichLink(linkId, options);
  ctx.log.info("render job done", { jobId: job.id, outcome });
  return outcome;
}

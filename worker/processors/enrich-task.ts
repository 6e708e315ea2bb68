import type { Job } from "bullmq";
import type { WorkerContext } from "../context";
import { stepLogger } from "../job-log-writer";
import { generateArtifact } from "~/server/enrichment/artifacts.server";
import { enrichTaskJobSchema, parseJobData } from "~/server/jobs/queue.server";

/** The `enrich-task` queue: one on-demand result (advanced summary, quiz, rephrasing, course). */
export async function processEnrichTaskJob(job: Job, ctx: WorkerContext) {
  const { artifactId } = parseJobData(enrichTaskJobSchema, job);
  const finalAttempt = job.attemptsMade + 1 >= (job.opts.attempts ?? 1);
  const outcome = await generateArtifact(artifactId, { finalAttempt, onStep: stepLogger(job) });
  ctx.log.info("task job done", { jobId: job.id, outcome });
  return outcome;
}

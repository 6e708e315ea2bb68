import { UnrecoverableError, type Job } from "bullmq";
import type { WorkerContext } from "../context";
import { stepLogger } from "../job-log-writer";
import { runBulkOperation } from "~/server/links/bulk.server";
import { bulkRunJobSchema, parseJobData } from "~/server/jobs/queue.server";

/**
 * The `bulk` queue: `bulk-run` applies one bulk action over its snapshot of links, a chunk per
 * transaction; a re-run (a retry, a stalled job handed on) resumes after the last chunk saved.
 */
export async function processBulkJob(job: Job, ctx: WorkerContext): Promise<string> {
  if (job.name !== "bulk-run") throw new UnrecoverableError(`No such job on the bulk queue: ${job.name}`);
  const { operationId } = parseJobData(bulkRunJobSchema, job);
  const outcome = await runBulkOperation(operationId, { onStep: stepLogger(job) });
  ctx.log.info("bulk operation run", { jobId: job.id, outcome });
  return outcome;
}

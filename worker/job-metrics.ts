import { UnrecoverableError, type Job } from "bullmq";
import { metricClassOf, type MetricClass } from "~/server/platform/failure-classes.server";
import { metrics } from "~/server/platform/metrics.server";

/**
 * What became of one run of a job: done; failed with attempts left (it runs again after its
 * backoff); failed for good; or put back without spending an attempt (our database was out,
 * or the model asked us to slow down).
 */
export type JobOutcome = "completed" | "retry" | "failed" | "postponed";

/**
 * The class of a failure's reason, for a metric label: a few fixed names, never the message
 * (which names addresses and statuses). A fetch failure is `fetch-` and its kind
 * (`fetch-http-status`, `fetch-timeout`, `fetch-blocked`...); then `page` (unreadable, or too
 * thin for the result asked), `browser`, `model`, `payload` (a job that does not fit its queue),
 * and `ours` for everything else: the failure table's column (platform/failure-classes.server.ts).
 */
export function failureClass(error: unknown): MetricClass {
  return metricClassOf(error);
}

/** Whether this failed run was the job's last: BullMQ will not run it again. */
export function isFinalFailure(job: Pick<Job, "attemptsMade" | "opts">, error: unknown): boolean {
  // BullMQ's own test: the class, or the name of one across module copies.
  if (error instanceof UnrecoverableError || (error as Error | undefined)?.name === "UnrecoverableError") return true;
  return job.attemptsMade + 1 >= (job.opts.attempts ?? 1);
}

/** Records one run of a job: its time by outcome and, when it failed for good, its class of reason. */
export function recordJobRun(queue: string, outcome: JobOutcome, seconds: number, error?: unknown): void {
  const { jobDuration, jobFailures } = metrics();
  jobDuration.observe({ queue, outcome }, seconds);
  if (outcome === "failed") jobFailures.inc({ queue, reason: failureClass(error) });
}

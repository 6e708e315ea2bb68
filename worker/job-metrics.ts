import { UnrecoverableError, type Job } from "bullmq";
import { LlmError } from "~/server/enrichment/openai/llm.server";
import { FetchError } from "~/server/fetching/fetcher.server";
import { PageError } from "~/server/fetching/page-parser.server";
import { metrics } from "~/server/platform/metrics.server";
import { InvalidPayloadError } from "~/server/jobs/queue.server";

/**
 * What became of one run of a job: done; failed with attempts left (it runs again after its
 * backoff); failed for good; or put back without spending an attempt (our database was out,
 * or the model asked us to slow down).
 */
export type JobOutcome = "completed" | "retry" | "failed" | "postponed";

/**
 * The class of a failure's reason, for a metric label: a few fixed names, never the message
 * (which names addresses and statuses). A fetch failure is `fetch-` and its kind
 * (`fetch-http-status`, `fetch-timeout`, `fetch-blocked`...); then `page` (unreadable),
 * `model`, `payload` (a job that does not fit its queue), and `ours` for everything else.
 */
export function failureClass(error: unknown): string {
  // A permanent failure wraps what really failed as its cause.
  for (let current = error, depth = 0; current && depth < 5; current = (current as Error).cause, depth++) {
    if (current instanceof FetchError) return `fetch-${current.kind}`;
    if (current instanceof PageError) return "page";
    if (current instanceof LlmError) return "model";
    if (current instanceof InvalidPayloadError) return "payload";
  }
  return "ours";
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

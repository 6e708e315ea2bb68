import type { JobAttempt } from "~/lib/jobs";
import { redis, whenReady } from "../platform/redis.server";
import { reconstructAttempts } from "./log-lines.server";
import { QUEUES, getQueue } from "./queue.server";

/** One attempt at a link's enrichment as its owner sees it: when, how it ended, and why (no stack). */
export type LinkAttempt = Omit<JobAttempt, "stack">;

/**
 * The attempts of a link's latest enrichment job (job id = link id), from its log in Redis.
 * Only the latest job is kept, for an hour after it succeeds and a week after it fails (jobOptions);
 * a retry replaces it. `kept` is false when there is no job (expired, or Redis did not answer in
 * time): the page then says what the link itself records.
 */
export async function linkAttempts(linkId: string, timeoutMs = 1_000): Promise<{ kept: boolean; attempts: LinkAttempt[] }> {
  try {
    await whenReady(redis(), timeoutMs);
    const queue = getQueue(QUEUES.enrichLink);
    const job = await queue.getJob(linkId);
    if (!job) return { kept: false, attempts: [] };
    const [state, { logs }] = await Promise.all([job.getState(), queue.getJobLogs(linkId, 0, 99, true)]);
    const attempts = reconstructAttempts({
      logs,
      stacktrace: job.stacktrace ?? [],
      attemptsMade: job.attemptsMade,
      state,
      failedReason: job.failedReason || null,
      processedOn: job.processedOn ?? null,
      finishedOn: job.finishedOn ?? null,
    });
    return { kept: true, attempts: attempts.map(({ stack: _stack, ...attempt }) => attempt) };
  } catch {
    // The history is a courtesy: the detail opens without it rather than failing.
    return { kept: false, attempts: [] };
  }
}

import type { Job } from "bullmq";
import { logLine, type StepLogger } from "~/server/jobs/job-log.server";

/** Adds one stamped line to the job's own log; a log line never fails the job it describes. */
export function writeJobLog(job: Job, message: string): Promise<void> {
  return job.log(logLine(message)).then(
    () => undefined,
    () => undefined,
  );
}

/**
 * The step callback handed to services: they report each step without knowing about BullMQ.
 * Lines go out on the worker's connection in order, so they need not be awaited.
 */
export function stepLogger(job: Job): StepLogger {
  return (message) => void writeJobLog(job, message);
}

import { setTimeout as sleep } from "node:timers/promises";
import { UnrecoverableError, type Job } from "bullmq";
import type { WorkerContext } from "../context";
import { heartbeatJobSchema } from "~/server/queue.server";
import { incrementWorkerJobs } from "~/server/repos/worker-heartbeats.server";

export interface HeartbeatResult {
  workerId: string;
  /** Time the job spent waiting in the queue before a worker took it. */
  waitedMs: number;
}

/** The `system` queue: housekeeping jobs. Today only the heartbeat that proves the wiring. */
export async function processSystemJob(job: Job, ctx: WorkerContext): Promise<HeartbeatResult> {
  switch (job.name) {
    case "heartbeat": {
      const data = heartbeatJobSchema.parse(job.data);
      const waitedMs = Math.max(0, (job.processedOn ?? Date.now()) - job.timestamp - (job.opts.delay ?? 0));
      if (data.holdMs > 0) await sleep(data.holdMs);
      await incrementWorkerJobs(ctx.db, ctx.workerId);
      ctx.log.info("heartbeat job done", { queue: job.queueName, jobId: job.id, waitedMs });
      return { workerId: ctx.workerId, waitedMs };
    }
    default:
      throw new UnrecoverableError(`Unknown job "${job.name}" on the system queue`);
  }
}

import { UnrecoverableError, type Job } from "bullmq";
import type { WorkerContext } from "../context";
import { stepLogger } from "../job-log-writer";
import { deliverWebhook } from "~/server/webhooks/webhooks.server";
import { parseJobData, webhookDeliveryJobSchema } from "~/server/jobs/queue.server";

/** The `webhook-delivery` queue: one POST of a stored event to a user's webhook (decision 067). */
export async function processWebhookDeliveryJob(job: Job, ctx: WorkerContext) {
  if (job.name !== "webhook-delivery") throw new UnrecoverableError(`No such job on the webhook-delivery queue: ${job.name}`);
  const { deliveryId, manual } = parseJobData(webhookDeliveryJobSchema, job);
  const finalAttempt = job.attemptsMade + 1 >= (job.opts.attempts ?? 1);
  const outcome = await deliverWebhook(deliveryId, { finalAttempt, manual, onStep: stepLogger(job) });
  ctx.log.debug("webhook delivery done", { jobId: job.id, outcome });
  return outcome;
}

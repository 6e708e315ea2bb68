/**
 * Outbound webhooks (issue #37, decision 067): a user's endpoints, the events they asked for,
 * and their deliveries. An event is stored as one delivery row per subscribed webhook, then
 * POSTed by the worker's `webhook-delivery` queue through the SSRF-safe fetcher, signed
 * Stripe-style (`Linkwise-Signature: t=<unix>,v1=<hex HMAC-SHA256 of "t.body">`), retried with
 * exponential back-off; a webhook whose deliveries fail for good WEBHOOK_DISABLE_AFTER times in
 * a row is turned off and its owner told.
 */
import { createHmac, randomBytes, randomUUID } from "node:crypto";
import { UnrecoverableError } from "bullmq";
import { isUuid } from "~/lib/ids";
import type { Role, WebhookDeliveryEvent, WebhookEvent } from "~/lib/vocabulary";
import {
  DELIVERY_HEADER,
  DELIVERY_LOG_SIZE,
  EVENT_HEADER,
  INSTANCE_WEBHOOK_ADMINS_ONLY,
  MAX_WEBHOOKS,
  SIGNATURE_HEADER,
  type CreateWebhook,
  type CreatedWebhook,
  type Webhook,
  type WebhookDelivery,
  type WebhookPatch,
} from "~/lib/webhooks";
import { checkOutboundAddress, FetchError, safePost } from "../fetching/fetcher.server";
import { enqueueWebhookDeliveries, hasLiveWebhookDelivery } from "../jobs/queue.server";
import type { StepLogger } from "../jobs/log-lines.server";
import { createNotification } from "../notifications/notifications.server";
import { db } from "../platform/db.server";
import type { WebhookDeliveryRow, WebhookRow } from "../platform/db-schema.server";
import { env } from "../platform/env.server";
import { HttpError } from "../platform/http.server";
import { log } from "../platform/logger.server";
import {
  countWebhookFailure,
  countWebhooks,
  deleteWebhook,
  failDelivery,
  getDelivery,
  getDeliveryWithWebhook,
  getWebhook,
  insertDeliveries,
  insertWebhook,
  listDeliveries,
  listPendingDeliveryIds,
  listSubscribedWebhooks,
  listWebhooks,
  purgeDeliveries,
  recordDeliveryAttempt,
  reopenDelivery,
  resetWebhookFailures,
  updateWebhook,
} from "../repos/webhooks.server";

/** A delivery's attempt gives up after this long without an answer. */
export const DELIVERY_TIMEOUT_MS = 10_000;
/** Deliveries are kept this long for the log and Redeliver; the hourly cleanup job removes older ones. */
export const DELIVERY_KEEP_MS = 30 * 24 * 60 * 60 * 1000;
export const SECRET_PREFIX = "lw_whsec_";
export const WEBHOOK_NOT_FOUND = "Webhook not found";

function toWebhook(row: WebhookRow): Webhook {
  return {
    id: row.id,
    url: row.url,
    events: row.events,
    enabled: row.enabled,
    disabledReason: row.disabled_reason,
    consecutiveFailures: row.consecutive_failures,
    instance: row.instance,
    createdAt: row.created_at.toISOString(),
  };
}

function toDelivery(row: WebhookDeliveryRow): WebhookDelivery {
  return {
    id: row.id,
    event: row.event,
    status: row.status,
    attempts: row.attempts,
    responseStatus: row.response_status,
    responseMs: row.response_ms,
    error: row.error,
    createdAt: row.created_at.toISOString(),
    deliveredAt: row.delivered_at?.toISOString() ?? null,
    payload: row.payload,
  };
}

/** `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>" with the webhook's secret>`. */
export function signatureHeader(secret: string, body: string, timestamp: number): string {
  const mac = createHmac("sha256", secret).update(`${timestamp}.${body}`).digest("hex");
  return `t=${timestamp},v1=${mac}`;
}

/** An address a delivery could never reach is refused when the webhook is saved, with the fetcher's reason. */
async function checkUrl(url: string): Promise<void> {
  try {
    await checkOutboundAddress(url, env().FETCH_ALLOWLIST);
  } catch (error) {
    if (error instanceof FetchError) throw new HttpError(400, error.message);
    throw error;
  }
}

async function ownWebhook(userId: string, id: string): Promise<WebhookRow> {
  const row = isUuid(id) ? await getWebhook(db(), { id, userId }) : undefined;
  if (!row) throw new HttpError(404, WEBHOOK_NOT_FOUND);
  return row;
}

export async function listUserWebhooks(userId: string): Promise<Webhook[]> {
  return (await listWebhooks(db(), userId)).map(toWebhook);
}

/** 201 {webhook, secret}: the secret signs every delivery and is shown only here. An instance-wide one is an admin's alone (403). */
export async function createUserWebhook(user: { id: string; role: Role }, input: CreateWebhook): Promise<CreatedWebhook> {
  const userId = user.id;
  if (input.instance && user.role !== "Admin") throw new HttpError(403, INSTANCE_WEBHOOK_ADMINS_ONLY);
  if ((await countWebhooks(db(), userId)) >= MAX_WEBHOOKS) {
    throw new HttpError(409, `You have ${MAX_WEBHOOKS} webhooks already. Delete one you no longer use first.`);
  }
  await checkUrl(input.url);
  const secret = `${SECRET_PREFIX}${randomBytes(32).toString("base64url")}`;
  const row = await insertWebhook(db(), { userId, url: input.url, secret, events: input.events, instance: input.instance });
  return { webhook: toWebhook(row), secret };
}

export async function updateUserWebhook(userId: string, id: string, patch: WebhookPatch): Promise<Webhook> {
  await ownWebhook(userId, id);
  if (patch.url !== undefined) await checkUrl(patch.url);
  const row = await updateWebhook(db(), { id, userId }, patch);
  if (!row) throw new HttpError(404, WEBHOOK_NOT_FOUND);
  return toWebhook(row);
}

/** Its deliveries go with it, and a queued one finds nothing to send. */
export async function deleteUserWebhook(userId: string, id: string): Promise<void> {
  const deleted = isUuid(id) && (await deleteWebhook(db(), { id, userId }));
  if (!deleted) throw new HttpError(404, WEBHOOK_NOT_FOUND);
}

export async function listUserWebhookDeliveries(userId: string, id: string): Promise<WebhookDelivery[]> {
  const hook = await ownWebhook(userId, id);
  return (await listDeliveries(db(), hook.id, DELIVERY_LOG_SIZE)).map(toDelivery);
}

/** The body every endpoint receives; `userId` says whose event it is (an instance-wide webhook hears everyone's). */
function envelope(id: string, event: WebhookDeliveryEvent, userId: string, data: Record<string, unknown>) {
  return { id, event, createdAt: new Date().toISOString(), userId, data };
}

/**
 * Redeliver: a new attempt of a stored delivery, with the same id and body (a receiver that
 * already has it can tell by `Linkwise-Delivery`) and a fresh signature. 409 while its job is
 * still waiting, between attempts or running.
 */
export async function redeliverUserWebhookDelivery(userId: string, id: string, deliveryId: string): Promise<WebhookDelivery> {
  const hook = await ownWebhook(userId, id);
  const existing = isUuid(deliveryId) ? await getDelivery(db(), { id: deliveryId, webhookId: hook.id }) : undefined;
  if (!existing) throw new HttpError(404, "Delivery not found");
  // A pending delivery with no job (its enqueue met a Redis outage) may be sent again too.
  const stranded = existing.status === "pending" && !(await hasLiveWebhookDelivery(existing.id));
  const reopened = await reopenDelivery(db(), { id: deliveryId, webhookId: hook.id }, { stranded });
  if (!reopened) throw new HttpError(409, "This delivery is still being sent. Redeliver it once it has finished.");
  await enqueueWebhookDeliveries([reopened.id], { manual: true });
  return toDelivery(reopened);
}

/** The Test button: a `ping` delivery, sent even to a webhook that is turned off. */
export async function sendWebhookPing(userId: string, id: string): Promise<WebhookDelivery> {
  const hook = await ownWebhook(userId, id);
  const deliveryId = randomUUID();
  const [row] = await insertDeliveries(db(), [{ id: deliveryId, webhookId: hook.id, event: "ping", payload: envelope(deliveryId, "ping", hook.user_id, { webhookId: hook.id }) }]);
  await enqueueWebhookDeliveries([deliveryId], { manual: true });
  return toDelivery(row!);
}

/**
 * Stores the event for each of the user's enabled webhooks that asked for it and queues their
 * deliveries; returns how many. Never fails the caller (a link is saved whether or not its
 * webhook is told): a failure is logged.
 */
export async function emitWebhookEvent(userId: string, event: WebhookEvent, data: Record<string, unknown>): Promise<number> {
  try {
    const hooks = await listSubscribedWebhooks(db(), userId, event);
    if (hooks.length === 0) return 0;
    const rows = hooks.map((hook) => {
      const id = randomUUID();
      return { id, webhookId: hook.id, event, payload: envelope(id, event, userId, data) };
    });
    await insertDeliveries(db(), rows);
    await enqueueWebhookDeliveries(rows.map((row) => row.id));
    return rows.length;
  } catch (error) {
    log.warn("webhook event not delivered", { userId, event, error });
    return 0;
  }
}

/**
 * For the highlights feature: `highlight.created` with `{highlight}` as its data (the highlight as
 * the API shows it). Called once the highlight is stored.
 */
export function emitHighlightCreated(userId: string, highlight: Record<string, unknown>): Promise<number> {
  return emitWebhookEvent(userId, "highlight.created", { highlight });
}

export type DeliveryOutcome = "delivered" | "skipped" | "retrying" | "failed";

function attemptError(error: unknown): string {
  if (!(error instanceof FetchError)) return error instanceof Error ? error.message : String(error);
  if (error.kind === "timeout") return `No answer within ${DELIVERY_TIMEOUT_MS / 1000} s`;
  if (error.kind === "refused") return "The endpoint refused the connection";
  return error.message;
}

/** Counts a delivery that failed for good; at WEBHOOK_DISABLE_AFTER in a row the webhook is turned off and its owner told. */
async function countFailure(webhook: WebhookRow): Promise<void> {
  const limit = env().WEBHOOK_DISABLE_AFTER;
  const reason = `Turned off after ${limit} failed deliveries in a row. Fix the endpoint, then turn the webhook on again.`;
  // One transaction: a webhook is never seen turned off without its owner's notice.
  const disabled = await db()
    .transaction()
    .execute(async (trx) => {
      const counted = await countWebhookFailure(trx, webhook.id, limit, reason);
      if (!counted?.disabledNow) return false;
      await createNotification(trx, {
        userId: webhook.user_id,
        type: "webhook-disabled",
        title: "A webhook was turned off",
        body: `${webhook.url}: ${reason}`,
        link: "/settings/integrations",
      });
      return true;
    });
  if (disabled) log.info("webhook turned off after repeated failures", { webhookId: webhook.id, failures: limit });
}

/**
 * One attempt of one delivery (the worker's `webhook-delivery` job). Throws to be retried;
 * throws UnrecoverableError for an address that can never be reached. Running it again for a
 * delivery that is no longer pending does nothing.
 */
export async function deliverWebhook(
  deliveryId: string,
  { finalAttempt, manual, onStep = () => undefined }: { finalAttempt: boolean; manual: boolean; onStep?: StepLogger },
): Promise<DeliveryOutcome> {
  const found = await getDeliveryWithWebhook(db(), deliveryId);
  if (!found) {
    onStep("nothing to do: the delivery or its webhook was deleted");
    return "skipped";
  }
  const { delivery, webhook } = found;
  if (delivery.status !== "pending") {
    onStep(`nothing to do: the delivery is ${delivery.status}`);
    return "skipped";
  }
  if (!webhook.enabled && !manual) {
    await failDelivery(db(), delivery.id, "The webhook is turned off");
    onStep("not sent: the webhook is turned off");
    return "skipped";
  }
  const body = JSON.stringify(delivery.payload);
  const headers = {
    "content-type": "application/json",
    [SIGNATURE_HEADER]: signatureHeader(webhook.secret, body, Math.floor(Date.now() / 1000)),
    [EVENT_HEADER]: delivery.event,
    [DELIVERY_HEADER]: delivery.id,
  };
  let answer: { status: number; ms: number } | undefined;
  let failure: string;
  let permanent = false;
  try {
    answer = await safePost(webhook.url, body, { headers, timeoutMs: DELIVERY_TIMEOUT_MS, allowlist: env().FETCH_ALLOWLIST });
    if (answer.status >= 200 && answer.status < 300) {
      await recordDeliveryAttempt(db(), delivery.id, { status: "delivered", responseStatus: answer.status, responseMs: answer.ms, error: null });
      await resetWebhookFailures(db(), webhook.id);
      onStep(`delivered: the endpoint answered ${answer.status} in ${answer.ms} ms`);
      return "delivered";
    }
    failure = `The endpoint answered ${answer.status}`;
  } catch (error) {
    failure = attemptError(error);
    permanent = error instanceof FetchError && (error.kind === "blocked" || error.kind === "invalid-address");
  }
  const final = finalAttempt || permanent;
  await recordDeliveryAttempt(db(), delivery.id, { status: final ? "failed" : "pending", responseStatus: answer?.status ?? null, responseMs: answer?.ms ?? null, error: failure });
  onStep(`${final ? "failed" : "will retry"}: ${failure}`);
  if (final && !manual) await countFailure(webhook);
  if (permanent) throw new UnrecoverableError(failure);
  throw new Error(failure);
}

/** A delivery still pending this long after it was made has lost its job (its enqueue met a Redis outage). */
export const STRANDED_AFTER_MS = 10 * 60 * 1000;

/**
 * The hourly cleanup's part: queues again each delivery left pending for STRANDED_AFTER_MS
 * without a live job (at most 500 a pass, oldest first); returns how many.
 */
export async function requeueStrandedWebhookDeliveries(now = Date.now()): Promise<number> {
  const ids = await listPendingDeliveryIds(db(), new Date(now - STRANDED_AFTER_MS), 500);
  const stranded: string[] = [];
  for (const id of ids) if (!(await hasLiveWebhookDelivery(id))) stranded.push(id);
  await enqueueWebhookDeliveries(stranded, { replaceFinished: true });
  return stranded.length;
}

/** The cleanup job's part: deliveries older than 30 days go. */
export async function purgeOldWebhookDeliveries(now = Date.now()): Promise<number> {
  return purgeDeliveries(db(), new Date(now - DELIVERY_KEEP_MS));
}

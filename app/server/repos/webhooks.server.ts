import { sql } from "kysely";
import type { Database } from "../platform/db.server";
import type { WebhookDeliveryEvent, WebhookDeliveryRow, WebhookDeliveryStatus, WebhookEvent, WebhookRow } from "../platform/db-schema.server";

export async function insertWebhook(db: Database, hook: { userId: string; url: string; secret: string; events: WebhookEvent[]; instance: boolean }): Promise<WebhookRow> {
  return db
    .insertInto("webhooks")
    .values({ user_id: hook.userId, url: hook.url, secret: hook.secret, events: hook.events, instance: hook.instance })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** The user's webhooks, oldest first (the order they were added in). */
export async function listWebhooks(db: Database, userId: string): Promise<WebhookRow[]> {
  return db.selectFrom("webhooks").selectAll().where("user_id", "=", userId).orderBy("created_at").orderBy("id").execute();
}

export async function countWebhooks(db: Database, userId: string): Promise<number> {
  const row = await db
    .selectFrom("webhooks")
    .select((eb) => eb.fn.countAll<number>().as("count"))
    .where("user_id", "=", userId)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

export async function getWebhook(db: Database, key: { id: string; userId: string }): Promise<WebhookRow | undefined> {
  return db.selectFrom("webhooks").selectAll().where("id", "=", key.id).where("user_id", "=", key.userId).executeTakeFirst();
}

/** Turning a webhook on again starts its failure count afresh and drops the reason it was turned off. */
export async function updateWebhook(
  db: Database,
  key: { id: string; userId: string },
  patch: { url?: string; events?: WebhookEvent[]; enabled?: boolean },
): Promise<WebhookRow | undefined> {
  return db
    .updateTable("webhooks")
    .set({
      ...(patch.url === undefined ? {} : { url: patch.url }),
      ...(patch.events === undefined ? {} : { events: patch.events }),
      ...(patch.enabled === undefined ? {} : { enabled: patch.enabled, disabled_reason: null }),
      ...(patch.enabled === true ? { consecutive_failures: 0 } : {}),
    })
    .where("id", "=", key.id)
    .where("user_id", "=", key.userId)
    .returningAll()
    .executeTakeFirst();
}

export async function deleteWebhook(db: Database, key: { id: string; userId: string }): Promise<boolean> {
  const result = await db.deleteFrom("webhooks").where("id", "=", key.id).where("user_id", "=", key.userId).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/**
 * The enabled webhooks that asked for this event of this user: the user's own, and every admin's
 * instance-wide one (while its owner is still an admin). One row per webhook, so an admin's own
 * event reaches their instance-wide webhook once.
 */
export async function listSubscribedWebhooks(db: Database, userId: string, event: WebhookEvent): Promise<Array<Pick<WebhookRow, "id">>> {
  return db
    .selectFrom("webhooks")
    .select("id")
    .where("enabled", "=", true)
    .where(sql<boolean>`${event} = any(events)`)
    .where((eb) =>
      eb.or([
        eb("user_id", "=", userId),
        eb.and([
          eb("instance", "=", true),
          eb.exists(eb.selectFrom("users").select(sql`1`.as("one")).whereRef("users.id", "=", "webhooks.user_id").where("users.role", "=", "Admin")),
        ]),
      ]),
    )
    .execute();
}

/** Deliveries still pending that were made before `before`: the cleanup's candidates for a lost job. */
export async function listPendingDeliveryIds(db: Database, before: Date, limit: number): Promise<string[]> {
  const rows = await db
    .selectFrom("webhook_deliveries")
    .select("id")
    .where("status", "=", "pending")
    .where("created_at", "<", before)
    .orderBy("created_at")
    .limit(limit)
    .execute();
  return rows.map((row) => row.id);
}

export async function insertDeliveries(
  db: Database,
  rows: Array<{ id: string; webhookId: string; event: WebhookDeliveryEvent; payload: unknown }>,
): Promise<WebhookDeliveryRow[]> {
  if (rows.length === 0) return [];
  return db
    .insertInto("webhook_deliveries")
    .values(rows.map((row) => ({ id: row.id, webhook_id: row.webhookId, event: row.event, payload: JSON.stringify(row.payload) })))
    .returningAll()
    .execute();
}

/** A delivery with its webhook, for the worker. */
export async function getDeliveryWithWebhook(db: Database, id: string): Promise<{ delivery: WebhookDeliveryRow; webhook: WebhookRow } | undefined> {
  const delivery = await db.selectFrom("webhook_deliveries").selectAll().where("id", "=", id).executeTakeFirst();
  if (!delivery) return undefined;
  const webhook = await db.selectFrom("webhooks").selectAll().where("id", "=", delivery.webhook_id).executeTakeFirst();
  return webhook ? { delivery, webhook } : undefined;
}

export async function getDelivery(db: Database, key: { id: string; webhookId: string }): Promise<WebhookDeliveryRow | undefined> {
  return db.selectFrom("webhook_deliveries").selectAll().where("id", "=", key.id).where("webhook_id", "=", key.webhookId).executeTakeFirst();
}

/** A webhook's deliveries, newest first. */
export async function listDeliveries(db: Database, webhookId: string, limit: number): Promise<WebhookDeliveryRow[]> {
  return db
    .selectFrom("webhook_deliveries")
    .selectAll()
    .where("webhook_id", "=", webhookId)
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .limit(limit)
    .execute();
}

/** One attempt's outcome: counted, with the answer's code and time or the reason it failed. */
export async function recordDeliveryAttempt(
  db: Database,
  id: string,
  attempt: { status: WebhookDeliveryStatus; responseStatus: number | null; responseMs: number | null; error: string | null },
): Promise<WebhookDeliveryRow | undefined> {
  return db
    .updateTable("webhook_deliveries")
    .set((eb) => ({
      attempts: eb("attempts", "+", 1),
      status: attempt.status,
      response_status: attempt.responseStatus,
      response_ms: attempt.responseMs,
      error: attempt.error,
      ...(attempt.status === "delivered" ? { delivered_at: new Date() } : {}),
    }))
    .where("id", "=", id)
    .returningAll()
    .executeTakeFirst();
}

/** Marks a delivery failed without an attempt (its webhook was turned off meanwhile). */
export async function failDelivery(db: Database, id: string, error: string): Promise<void> {
  await db.updateTable("webhook_deliveries").set({ status: "failed", error }).where("id", "=", id).where("status", "=", "pending").execute();
}

/**
 * A delivery made pending again for Redeliver: a finished one, or (`stranded`) a pending one whose
 * job is gone; undefined otherwise.
 */
export async function reopenDelivery(db: Database, key: { id: string; webhookId: string }, { stranded = false } = {}): Promise<WebhookDeliveryRow | undefined> {
  let query = db.updateTable("webhook_deliveries").set({ status: "pending" }).where("id", "=", key.id).where("webhook_id", "=", key.webhookId);
  if (!stranded) query = query.where("status", "!=", "pending");
  return query.returningAll().executeTakeFirst();
}

export async function resetWebhookFailures(db: Database, webhookId: string): Promise<void> {
  await db.updateTable("webhooks").set({ consecutive_failures: 0 }).where("id", "=", webhookId).where("consecutive_failures", ">", 0).execute();
}

/**
 * Counts one more delivery that failed for good; at `limit` in a row an enabled webhook is turned
 * off with the reason. `disabledNow` is true only for the call that turned it off, so the owner
 * is told once.
 */
export async function countWebhookFailure(db: Database, webhookId: string, limit: number, reason: string): Promise<{ webhook: WebhookRow; disabledNow: boolean } | undefined> {
  const counted = await db
    .updateTable("webhooks")
    .set((eb) => ({ consecutive_failures: eb("consecutive_failures", "+", 1) }))
    .where("id", "=", webhookId)
    .returningAll()
    .executeTakeFirst();
  if (!counted) return undefined;
  if (!counted.enabled || counted.consecutive_failures < limit) return { webhook: counted, disabledNow: false };
  const disabled = await db
    .updateTable("webhooks")
    .set({ enabled: false, disabled_reason: reason })
    .where("id", "=", webhookId)
    .where("enabled", "=", true)
    .returningAll()
    .executeTakeFirst();
  return disabled ? { webhook: disabled, disabledNow: true } : { webhook: counted, disabledNow: false };
}

/** Deliveries older than `before` go (the cleanup job keeps 30 days). */
export async function purgeDeliveries(db: Database, before: Date): Promise<number> {
  const result = await db.deleteFrom("webhook_deliveries").where("created_at", "<", before).executeTakeFirst();
  return Number(result.numDeletedRows);
}

import { sql, type Kysely } from "kysely";

// Frozen in time: never import app code from a migration.
// Outbound webhooks (issue #37, decision 067): a user's endpoints, each with its signing secret
// and the events it wants, and one row per delivery of an event to one of them, kept 30 days
// for the delivery log and Redeliver.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("webhooks")
    .addColumn("id", "uuid", (col) => col.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn("user_id", "uuid", (col) => col.notNull().references("users.id").onDelete("cascade"))
    .addColumn("url", "text", (col) => col.notNull())
    // Stored as it is: every delivery is signed with it (HMAC), so it cannot be a one-way hash.
    .addColumn("secret", "text", (col) => col.notNull())
    .addColumn("events", sql`text[]`, (col) => col.notNull())
    .addColumn("enabled", "boolean", (col) => col.notNull().defaultTo(true))
    .addColumn("disabled_reason", "text")
    .addColumn("consecutive_failures", "integer", (col) => col.notNull().defaultTo(0))
    .addColumn("created_at", "timestamptz", (col) => col.notNull().defaultTo(sql`now()`))
    .addCheckConstraint("webhooks_url_check", sql`char_length(url) between 1 and 2000`)
    .addCheckConstraint(
      "webhooks_events_check",
      sql`cardinality(events) >= 1 and events <@ array['link.saved', 'link.enriched', 'link.failed', 'highlight.created', 'import.finished']::text[]`,
    )
    .execute();
  await db.schema.createIndex("webhooks_user_idx").on("webhooks").columns(["user_id", "created_at"]).execute();

  await db.schema
    .createTable("webhook_deliveries")
    .addColumn("id", "uuid", (col) => col.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn("webhook_id", "uuid", (col) => col.notNull().references("webhooks.id").onDelete("cascade"))
    .addColumn("event", "text", (col) => col.notNull())
    .addColumn("payload", "jsonb", (col) => col.notNull())
    .addColumn("status", "text", (col) => col.notNull().defaultTo("pending"))
    .addColumn("attempts", "integer", (col) => col.notNull().defaultTo(0))
    .addColumn("response_status", "integer")
    .addColumn("response_ms", "integer")
    .addColumn("error", "text")
    .addColumn("created_at", "timestamptz", (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn("delivered_at", "timestamptz")
    .addCheckConstraint("webhook_deliveries_status_check", sql`status in ('pending', 'delivered', 'failed')`)
    .addCheckConstraint(
      "webhook_deliveries_event_check",
      sql`event in ('link.saved', 'link.enriched', 'link.failed', 'highlight.created', 'import.finished', 'ping')`,
    )
    .execute();
  // The delivery log, newest first, per webhook; and the cleanup job's purge by age.
  await db.schema.createIndex("webhook_deliveries_webhook_idx").on("webhook_deliveries").columns(["webhook_id", "created_at"]).execute();
  await db.schema.createIndex("webhook_deliveries_created_idx").on("webhook_deliveries").column("created_at").execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("webhook_deliveries").execute();
  await db.schema.dropTable("webhooks").execute();
}

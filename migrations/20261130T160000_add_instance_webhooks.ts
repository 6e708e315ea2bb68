import { sql, type Kysely } from "kysely";

// Frozen in time: never import app code from a migration.
// Instance-wide webhooks (issue #37): an admin's webhook that hears every user's events. Only
// the few such rows are looked at beside a user's own on every event, hence the partial index.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("webhooks").addColumn("instance", "boolean", (col) => col.notNull().defaultTo(false)).execute();
  await sql`create index webhooks_instance_idx on webhooks (id) where instance and enabled`.execute(db);
  // The hourly cleanup looks for deliveries left pending without a job.
  await sql`create index webhook_deliveries_pending_idx on webhook_deliveries (created_at) where status = 'pending'`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index webhook_deliveries_pending_idx`.execute(db);
  await db.schema.alterTable("webhooks").dropColumn("instance").execute();
}
